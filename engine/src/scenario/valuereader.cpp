// SPDX-License-Identifier: Apache-2.0
#include "scenario/valuereader.h"

#include "json/diagnosticlist.h"
#include "json/jsonnode.h"
#include "settings/scenarioduration.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace Rblab {

namespace {

// Optimal string alignment distance: a swapped pair of letters ("consmue") counts as one edit,
// the commonest typo in hand-written keys.
int editDistance(const QString &a, const QString &b)
{
    const qsizetype n = a.size();
    const qsizetype m = b.size();
    std::vector<std::vector<int>> d(size_t(n + 1), std::vector<int>(size_t(m + 1)));
    for (qsizetype i = 0; i <= n; ++i) {
        d[size_t(i)][0] = int(i);
    }
    for (qsizetype j = 0; j <= m; ++j) {
        d[0][size_t(j)] = int(j);
    }
    for (qsizetype i = 1; i <= n; ++i) {
        for (qsizetype j = 1; j <= m; ++j) {
            const int cost = a.at(i - 1) == b.at(j - 1) ? 0 : 1;
            int v = std::min({ d[size_t(i - 1)][size_t(j)] + 1, d[size_t(i)][size_t(j - 1)] + 1,
                d[size_t(i - 1)][size_t(j - 1)] + cost });
            if (i > 1 && j > 1 && a.at(i - 1) == b.at(j - 2) && a.at(i - 2) == b.at(j - 1)) {
                v = std::min(v, d[size_t(i - 2)][size_t(j - 2)] + 1);
            }
            d[size_t(i)][size_t(j)] = v;
        }
    }
    return d[size_t(n)][size_t(m)];
}

} // namespace

std::optional<QString> ValueReader::string(
    const JsonNode &node, const QString &path, bool allowEmpty) const
{
    if (!node.isString() || (!allowEmpty && node.text().isEmpty())) {
        m_diagnostics.error(node, path,
            tr("expected %1, got %2")
                .arg(allowEmpty ? tr("a string") : tr("a non-empty string"), node.describe()));
        return std::nullopt;
    }
    return node.text();
}

std::optional<bool> ValueReader::boolean(const JsonNode &node, const QString &path) const
{
    if (!node.isBool()) {
        m_diagnostics.error(node, path, tr("expected true or false, got %1").arg(node.describe()));
        return std::nullopt;
    }
    return node.toBool();
}

QString ValueReader::numberRange(const char *kind, double minimum, double maximum) const
{
    const QString what = tr(kind);
    if (std::isinf(maximum)) {
        return tr("%1 of at least %2").arg(what, formatNumber(minimum));
    }
    return tr("%1 from %2 to %3").arg(what, formatNumber(minimum), formatNumber(maximum));
}

std::optional<double> ValueReader::number(
    const JsonNode &node, const QString &path, double minimum, double maximum) const
{
    const QString expected = numberRange(QT_TR_NOOP("a number"), minimum, maximum);
    if (!node.isNumber() || node.toDouble() < minimum || node.toDouble() > maximum) {
        m_diagnostics.error(node, path, tr("expected %1, got %2").arg(expected, node.describe()));
        return std::nullopt;
    }
    return node.toDouble();
}

std::optional<qint64> ValueReader::integer(
    const JsonNode &node, const QString &path, qint64 minimum, qint64 maximum) const
{
    const std::optional<qint64> value = node.toInt64();
    if (!value || *value < minimum || *value > maximum) {
        m_diagnostics.error(node, path,
            tr("expected %1, got %2")
                .arg(numberRange(QT_TR_NOOP("an integer"), double(minimum), double(maximum)),
                    node.describe()));
        return std::nullopt;
    }
    return value;
}

std::optional<SimTime> ValueReader::duration(
    const JsonNode &node, const QString &path, SimTime minimum, SimTime maximum) const
{
    const std::optional<ScenarioDuration::Value> value = ScenarioDuration::fromJson(node);
    if (!value) {
        m_diagnostics.error(node, path,
            tr("expected %1, got %2").arg(ScenarioDuration::expectation(), node.describe()));
        return std::nullopt;
    }
    if (!value->wholeMilliseconds) {
        m_diagnostics.error(
            node, path, tr("expected a whole number of milliseconds, got %1").arg(node.describe()));
        return std::nullopt;
    }
    if (*value->wholeMilliseconds < minimum || *value->wholeMilliseconds > maximum) {
        m_diagnostics.error(node, path,
            tr("expected a duration from %1 to %2, got %3")
                .arg(formatDuration(minimum), formatDuration(maximum), node.describe()));
        return std::nullopt;
    }
    return value->wholeMilliseconds;
}

std::optional<double> ValueReader::durationF(
    const JsonNode &node, const QString &path, double minimum, double maximum) const
{
    const std::optional<ScenarioDuration::Value> value = ScenarioDuration::fromJson(node);
    if (!value) {
        m_diagnostics.error(node, path,
            tr("expected %1, got %2").arg(ScenarioDuration::expectation(), node.describe()));
        return std::nullopt;
    }
    if (value->milliseconds < minimum || value->milliseconds > maximum) {
        m_diagnostics.error(node, path,
            tr("expected a duration from %1 to %2, got %3")
                .arg(formatDurationF(minimum), formatDurationF(maximum), node.describe()));
        return std::nullopt;
    }
    return value->milliseconds;
}

std::optional<int> ValueReader::choice(
    const JsonNode &node, const QString &path, const QStringList &names) const
{
    if (node.isString()) {
        const qsizetype i = names.indexOf(node.text());
        if (i >= 0) {
            return int(i);
        }
    }
    QString message = tr("expected one of %1, got %2").arg(quotedList(names), node.describe());
    if (node.isString()) {
        message += suggestion(node.text(), names);
    }
    m_diagnostics.error(node, path, message);
    return std::nullopt;
}

std::optional<QVariant> ValueReader::setting(
    const SettingSpec &spec, const JsonNode &node, const QString &path) const
{
    const QString expected = tr("expected %1, got %2").arg(spec.rangeText(), node.describe());
    switch (spec.kind) {
    case SettingSpec::Kind::Boolean:
        if (!node.isBool()) {
            m_diagnostics.error(node, path, expected);
            return std::nullopt;
        }
        return QVariant(node.toBool());
    case SettingSpec::Kind::Integer: {
        const std::optional<qint64> value = node.toInt64();
        if (!value || !spec.accepts(*value)) {
            m_diagnostics.error(node, path, expected);
            return std::nullopt;
        }
        return QVariant(qlonglong(*value));
    }
    case SettingSpec::Kind::Duration: {
        const std::optional<ScenarioDuration::Value> value = ScenarioDuration::fromJson(node);
        if (!value) {
            m_diagnostics.error(node, path,
                tr("expected %1 (%2), got %3")
                    .arg(spec.rangeText(), ScenarioDuration::expectation(), node.describe()));
            return std::nullopt;
        }
        if (!value->wholeMilliseconds) {
            m_diagnostics.error(node, path,
                tr("expected a whole number of milliseconds, got %1").arg(node.describe()));
            return std::nullopt;
        }
        if (!spec.accepts(*value->wholeMilliseconds)) {
            m_diagnostics.error(node, path, expected);
            return std::nullopt;
        }
        return QVariant(qlonglong(*value->wholeMilliseconds));
    }
    }
    return std::nullopt;
}

std::optional<QVariantMap> ValueReader::settings(const JsonNode &node, const QString &path,
    const QList<SettingSpec> &specs, const QString &what) const
{
    if (!node.isObject()) {
        m_diagnostics.error(
            node, path, tr("expected an object of %1, got %2").arg(what, node.describe()));
        return std::nullopt;
    }
    QStringList known;
    for (const SettingSpec &spec : specs) {
        known.append(spec.name());
    }
    QVariantMap values;
    for (qsizetype i = 0; i < node.keys().size(); ++i) {
        const JsonKey &key = node.keys().at(i);
        const QString keyPath = JsonNode::memberPath(path, key.name);
        const qsizetype index = known.indexOf(key.name);
        if (index < 0) {
            unknownField(key, keyPath, what, known);
            continue;
        }
        if (const auto value = setting(specs.at(index), node.items()[size_t(i)], keyPath)) {
            values.insert(key.name, *value);
        }
    }
    return values;
}

void ValueReader::unknownField(
    const JsonKey &key, const QString &path, const QString &what, const QStringList &known) const
{
    m_diagnostics.warningAt(key.line, key.column, path,
        tr("unknown field \"%1\" in %2 is ignored").arg(key.name, what)
            + suggestion(key.name, known));
}

QString ValueReader::closest(const QString &word, const QStringList &candidates)
{
    // One- and two-letter names are all close to each other: only a difference of case counts.
    const int limit = word.size() <= 2 ? 0 : word.size() <= 4 ? 1 : 2;
    const QString lower = word.toLower();
    QString best;
    int bestDistance = limit + 1;
    bool tie = false;
    for (const QString &candidate : candidates) {
        const int d = editDistance(lower, candidate.toLower());
        if (d < bestDistance) {
            best = candidate;
            bestDistance = d;
            tie = false;
        } else if (d == bestDistance) {
            tie = true;
        }
    }
    // Two equally close names ("kill" and "pause" for "paus"?) make no obvious typo.
    return tie || bestDistance > limit || best == word ? QString() : best;
}

QString ValueReader::suggestion(const QString &word, const QStringList &candidates)
{
    const QString best = closest(word, candidates);
    return best.isEmpty() ? QString() : tr("; did you mean \"%1\"?").arg(best);
}

QString ValueReader::quotedList(const QStringList &names)
{
    QStringList quoted;
    for (const QString &name : names) {
        quoted.append(QLatin1Char('"') + name + QLatin1Char('"'));
    }
    if (quoted.size() <= 1) {
        return quoted.join(QString());
    }
    const QString last = quoted.takeLast();
    return tr("%1 or %2").arg(quoted.join(QStringLiteral(", ")), last);
}

QString ValueReader::formatNumber(double value)
{
    if (std::floor(value) == value && std::fabs(value) < 1e15) {
        return QString::number(qint64(value));
    }
    return QString::number(value, 'g', 12);
}

} // namespace Rblab
