// SPDX-License-Identifier: Apache-2.0
#include "variant.h"

#include "json/diagnostic.h"
#include "json/jsonnode.h"
#include "json/jsonparser.h"
#include "settings/clientconfig.h"
#include "settings/settingspec.h"
#include "settings/scenarioduration.h"

#include <QFile>
#include <QHash>
#include <QStringList>

namespace Rblab {

namespace {

std::optional<qint64> settingValue(const SettingSpec &spec, const QString &text)
{
    if (spec.kind == SettingSpec::Kind::Boolean) {
        if (text == QLatin1String("true") || text == QLatin1String("1")) {
            return 1;
        }
        if (text == QLatin1String("false") || text == QLatin1String("0")) {
            return 0;
        }
        return std::nullopt;
    }
    bool ok = false;
    const qint64 n = text.toLongLong(&ok);
    if (ok) {
        return n;
    }
    if (spec.kind != SettingSpec::Kind::Duration) {
        return std::nullopt;
    }
    const auto value = ScenarioDuration::parse(text);
    if (!value || !value->wholeMilliseconds) {
        return std::nullopt;
    }
    return *value->wholeMilliseconds;
}

// A client setting of a variants file as --variant writes it: "true", "200", "5s".
QString settingText(const JsonNode &value)
{
    if (value.isBool()) {
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    }
    return value.isString() || value.isNumber() ? value.text() : value.describe();
}

// One {"name", "strategy", "params", "client"} of a variants file.
std::optional<Variant> variantFromJson(
    const JsonNode &o, const QString &path, const QString &at, QString *error)
{
    const JsonNode *strategy = o.value(u"strategy");
    if (!strategy || !strategy->isString() || strategy->text().isEmpty()) {
        *error = Diagnostic::error(path, strategy ? *strategy : o,
            JsonNode::memberPath(at, QStringLiteral("strategy")),
            QStringLiteral("expected a strategy name"))
                     .toString();
        return std::nullopt;
    }
    // The client settings go through the same checks as on the command line.
    QString spec = strategy->text();
    if (const JsonNode *client = o.value(u"client"); client && client->isObject()) {
        for (qsizetype i = 0; i < client->size(); ++i) {
            spec += QLatin1Char(';') + client->keys().at(i).name + QLatin1Char('=')
                + settingText(client->items()[size_t(i)]);
        }
    }
    QString problem;
    std::optional<Variant> v = Variant::parse(spec, &problem);
    if (!v) {
        *error = Diagnostic::error(path, o, at, problem).toString();
        return std::nullopt;
    }
    if (const JsonNode *params = o.value(u"params"); params && params->isObject()) {
        v->params = params->toVariant().toMap();
    }
    const JsonNode *name = o.value(u"name");
    v->name = name && name->isString() ? name->text() : spec;
    return v;
}

// consumer handle → group, joiners included
QHash<QString, QString> groupsOfConsumers(const Scenario &scenario)
{
    QHash<QString, QString> groupOf;
    for (const GroupSpec &g : scenario.groups) {
        for (const ConsumerSpec &c : g.consumers) {
            groupOf.insert(c.handle(), g.name);
        }
    }
    for (const ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::Join) {
            groupOf.insert(e.joining.handle(), e.group);
        }
    }
    return groupOf;
}

} // namespace

std::optional<Variant> Variant::parse(const QString &text, QString *error)
{
    const QStringList parts = text.split(QLatin1Char(';'));
    const QString head = parts.first().trimmed();
    Variant v { text, head.section(QLatin1Char(':'), 0, 0), {}, {} };
    if (v.strategy.isEmpty()) {
        *error = QStringLiteral("\"%1\": name a strategy first").arg(text);
        return std::nullopt;
    }
    const QString params = head.section(QLatin1Char(':'), 1);
    if (!params.isEmpty()) {
        for (const QString &kv : params.split(QLatin1Char(','))) {
            const qsizetype eq = kv.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                *error = QStringLiteral("\"%1\": expected NAME:k=v,k=v, got \"%2\"").arg(text, kv);
                return std::nullopt;
            }
            v.params.insert(
                kv.left(eq).trimmed(), JsonParser::valueOrText(kv.mid(eq + 1).trimmed()));
        }
    }
    for (qsizetype i = 1; i < parts.size(); ++i) {
        const QString kv = parts.at(i).trimmed();
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        const QString key = kv.left(eq).trimmed();
        const SettingSpec *spec = eq > 0 ? ClientConfig::spec(key) : nullptr;
        if (!spec) {
            *error = QStringLiteral("\"%1\": \"%2\" is not a client setting (see "
                                    "docs/formats/scenario-format.md, \"client\")")
                         .arg(text, kv);
            return std::nullopt;
        }
        const std::optional<qint64> value = settingValue(*spec, kv.mid(eq + 1).trimmed());
        if (!value || !spec->accepts(*value)) {
            *error = QStringLiteral("\"%1\": %2 must be %3, got \"%4\"")
                         .arg(text, key, spec->rangeText(), kv.mid(eq + 1).trimmed());
            return std::nullopt;
        }
        v.client.insert(key, *value);
    }
    return v;
}

QList<Variant> Variant::readFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return {};
    }
    const JsonParser::Result parsed = JsonParser::parse(file.read(1 << 20));
    if (!parsed.ok()) {
        *error = Diagnostic::toText(Diagnostic::fromProblems(path, parsed.problems));
        return {};
    }
    const JsonNode *list = parsed.root->isObject() ? parsed.root->value(u"variants") : nullptr;
    if (!list || !list->isArray() || list->size() == 0) {
        *error = Diagnostic::error(path, list ? *list : *parsed.root, QStringLiteral("variants"),
            QStringLiteral("expected {\"variants\": [{\"strategy\": …}, …]}"))
                     .toString();
        return {};
    }
    QList<Variant> variants;
    for (qsizetype i = 0; i < list->size(); ++i) {
        const std::optional<Variant> v = variantFromJson(list->items()[size_t(i)], path,
            JsonNode::indexPath(QStringLiteral("variants"), i), error);
        if (!v) {
            return {};
        }
        variants.append(*v);
    }
    return variants;
}

Scenario Variant::apply(Scenario scenario, const QString &group) const
{
    const auto compared = [&](const QString &name) { return group.isEmpty() || name == group; };
    const QHash<QString, QString> groupOf = groupsOfConsumers(scenario);
    for (GroupSpec &g : scenario.groups) {
        if (!compared(g.name)) {
            continue;
        }
        g.strategy = strategy;
        g.strategyParams = params;
        for (auto it = client.begin(); it != client.end(); ++it) {
            g.client.insert(it.key(), it.value());
        }
        for (ConsumerSpec &c : g.consumers) {
            c.strategy.reset();
            c.strategyParams.reset();
        }
    }
    for (ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::Join && compared(e.group)) {
            e.joining.strategy.reset();
            e.joining.strategyParams.reset();
        } else if (e.action == ScenarioEvent::Action::SetStrategy
            && compared(e.group.isEmpty() ? groupOf.value(e.consumer) : e.group)) {
            e.strategy = strategy;
            e.strategyParams = params;
        }
    }
    return scenario;
}

Scenario Variant::applyFrom(Scenario scenario, const QString &group, SimTime from) const
{
    if (from <= 0) {
        return apply(std::move(scenario), group);
    }
    const auto compared = [&](const QString &name) { return group.isEmpty() || name == group; };
    const QHash<QString, QString> groupOf = groupsOfConsumers(scenario);
    // What the scenario scripts after `from` in a compared group follows the variant.
    for (ScenarioEvent &e : scenario.events) {
        if (e.at <= from) {
            continue;
        }
        if (e.action == ScenarioEvent::Action::Join && compared(e.group)) {
            e.joining.strategy.reset();
            e.joining.strategyParams.reset();
        } else if (e.action == ScenarioEvent::Action::SetStrategy
            && compared(e.group.isEmpty() ? groupOf.value(e.consumer) : e.group)) {
            e.strategy = strategy;
            e.strategyParams = params;
        }
    }
    // The switch itself, after every event the scenario has at `from` (they happened first).
    QList<ScenarioEvent> switches;
    for (const GroupSpec &g : scenario.groups) {
        if (!compared(g.name)) {
            continue;
        }
        ScenarioEvent s;
        s.at = from;
        s.action = ScenarioEvent::Action::SetStrategy;
        s.group = g.name;
        s.strategy = strategy;
        s.strategyParams = params;
        switches.append(s);
        if (!client.isEmpty()) {
            ScenarioEvent c;
            c.at = from;
            c.action = ScenarioEvent::Action::SetClient;
            c.group = g.name;
            c.client = client;
            switches.append(c);
        }
    }
    qsizetype at = 0;
    for (qsizetype i = 0; i < scenario.events.size(); ++i) {
        if (scenario.events.at(i).at <= from) {
            at = i + 1;
        }
    }
    for (qsizetype i = 0; i < switches.size(); ++i) {
        scenario.events.insert(at + i, switches.at(i));
    }
    return scenario;
}

} // namespace Rblab
