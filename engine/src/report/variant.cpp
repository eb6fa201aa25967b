// SPDX-License-Identifier: Apache-2.0
#include "variant.h"

#include "settings/clientconfig.h"
#include "settings/settingspec.h"
#include "settings/scenarioduration.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

namespace Rblab {

namespace {

// A parameter's value: JSON when it reads as JSON (numbers, booleans), else the text.
QVariant parameterValue(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArrayLiteral("[") + text.toUtf8() + QByteArrayLiteral("]"), &error);
    if (error.error == QJsonParseError::NoError && doc.isArray() && doc.array().size() == 1) {
        return doc.array().first().toVariant();
    }
    return text;
}

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
            v.params.insert(kv.left(eq).trimmed(), parameterValue(kv.mid(eq + 1).trimmed()));
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
