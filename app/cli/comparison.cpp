// SPDX-License-Identifier: Apache-2.0
#include "comparison.h"

#include "clicontext.h"

#include <settings/clientconfig.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QPointF>
#include <QSet>

#include <algorithm>
#include <cmath>

using namespace Rblab;

namespace {

double mean(const QList<double> &values)
{
    double sum = 0;
    for (double x : values) {
        sum += x;
    }
    return values.isEmpty() ? 0 : sum / double(values.size());
}

QString number(double value, int decimals)
{
    if (decimals == 0) {
        return QLocale::c().toString(qint64(std::llround(value)));
    }
    return QString::number(value, 'f', decimals);
}

QJsonObject seriesJson(const QList<ScorecardPoint> &points)
{
    QJsonArray t, lag, unowned, doubleOwned, cached;
    for (const ScorecardPoint &p : points) {
        t.append(p.t);
        lag.append(p.lag);
        unowned.append(p.unownedQueues);
        doubleOwned.append(p.doubleOwnedQueues);
        cached.append(p.cachedMessages);
    }
    return { { QStringLiteral("t"), t }, { QStringLiteral("lag"), lag },
        { QStringLiteral("unownedQueues"), unowned },
        { QStringLiteral("doubleOwnedQueues"), doubleOwned },
        { QStringLiteral("cachedMessages"), cached } };
}

QList<ScorecardPoint> seriesFromJson(const QJsonObject &o)
{
    const QJsonArray t = o.value(QStringLiteral("t")).toArray();
    const QJsonArray lag = o.value(QStringLiteral("lag")).toArray();
    const QJsonArray unowned = o.value(QStringLiteral("unownedQueues")).toArray();
    const QJsonArray doubleOwned = o.value(QStringLiteral("doubleOwnedQueues")).toArray();
    const QJsonArray cached = o.value(QStringLiteral("cachedMessages")).toArray();
    QList<ScorecardPoint> points;
    for (qsizetype i = 0; i < t.size(); ++i) {
        points.append(
            { t.at(i).toInteger(), lag.at(i).toInteger(), qint32(unowned.at(i).toInteger()),
                qint32(doubleOwned.at(i).toInteger()), cached.at(i).toInteger() });
    }
    return points;
}

bool readPart(const QString &path, QJsonObject *root, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QByteArray data = file.read(256 << 20);
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = jsonParseErrorText(path, data, parseError);
        return false;
    }
    *root = doc.object();
    if (root->value(QStringLiteral("format")).toString() != kComparisonFormat) {
        *error = QStringLiteral("%1: not the JSON of rblab compare (\"format\": \"%2\")")
                     .arg(path, kComparisonFormat);
        return false;
    }
    return true;
}

} // namespace

QString jsonParseErrorText(const QString &path, const QByteArray &data, const QJsonParseError &e)
{
    const qsizetype at = std::clamp<qsizetype>(e.offset, 0, data.size());
    const QByteArrayView before(data.constData(), at);
    const qsizetype line = before.count('\n') + 1;
    const qsizetype lineStart = before.lastIndexOf('\n') + 1;
    // Columns in characters, as editors count them (the bytes of UTF-8 are not).
    const qsizetype column = QString::fromUtf8(before.sliced(lineStart)).size() + 1;
    return QStringLiteral("%1:%2:%3: %4").arg(path).arg(line).arg(column).arg(e.errorString());
}

QStringList Comparison::groups() const
{
    QStringList names;
    for (const Run &r : runs) {
        for (auto it = r.figures.begin(); it != r.figures.end(); ++it) {
            if (!names.contains(it.key())) {
                names.append(it.key());
            }
        }
    }
    return names;
}

QList<double> Comparison::values(qsizetype variant, const QString &group, qsizetype figure) const
{
    QList<double> list;
    for (const Run &r : runs) {
        if (r.variant == variant && r.done && r.figures.contains(group)) {
            list.append(r.figures.value(group).at(figure));
        }
    }
    return list;
}

QJsonObject Comparison::toJson() const
{
    QJsonArray seedList;
    for (quint64 s : seeds) {
        seedList.append(QString::number(s));
    }
    QJsonArray variantList;
    for (const Variant &v : variants) {
        variantList.append(v.toJson());
    }
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    QJsonArray runList;
    for (const Run &r : runs) {
        if (!r.done) {
            continue;
        }
        QJsonObject groupsObject;
        for (auto it = r.figures.begin(); it != r.figures.end(); ++it) {
            QJsonObject f;
            for (qsizetype i = 0; i < figures.size(); ++i) {
                f.insert(QString::fromLatin1(figures.at(i).key), it.value().at(i));
            }
            groupsObject.insert(it.key(), f);
        }
        QJsonObject run { { QStringLiteral("variant"), variants.at(r.variant).name },
            { QStringLiteral("seed"), QString::number(r.seed) },
            { QStringLiteral("groups"), groupsObject } };
        if (!r.series.isEmpty()) {
            QJsonObject series;
            for (auto it = r.series.begin(); it != r.series.end(); ++it) {
                series.insert(it.key(), seriesJson(it.value()));
            }
            run.insert(QStringLiteral("series"), series);
        }
        runList.append(run);
    }
    QJsonObject summary;
    for (const QString &g : groups()) {
        QJsonObject perVariant;
        for (qsizetype v = 0; v < variants.size(); ++v) {
            QJsonObject f;
            for (qsizetype i = 0; i < figures.size(); ++i) {
                const QList<double> xs = values(v, g, i);
                if (xs.isEmpty()) {
                    continue;
                }
                f.insert(QString::fromLatin1(figures.at(i).key),
                    QJsonObject { { QStringLiteral("mean"), mean(xs) },
                        { QStringLiteral("min"), *std::min_element(xs.cbegin(), xs.cend()) },
                        { QStringLiteral("max"), *std::max_element(xs.cbegin(), xs.cend()) } });
            }
            perVariant.insert(variants.at(v).name, f);
        }
        summary.insert(g, perVariant);
    }
    QJsonObject root { { QStringLiteral("format"), kComparisonFormat },
        { QStringLiteral("scenario"), scenario }, { QStringLiteral("until"), until },
        { QStringLiteral("seeds"), seedList }, { QStringLiteral("variants"), variantList },
        { QStringLiteral("runs"), runList }, { QStringLiteral("summary"), summary } };
    if (!group.isEmpty()) {
        root.insert(QStringLiteral("group"), group);
    }
    if (!shard.isEmpty()) {
        root.insert(QStringLiteral("shard"), shard);
    }
    return root;
}

QByteArray Comparison::table() const
{
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    QString out;
    const bool spread = seeds.size() > 1;
    out += QStringLiteral("%1, %2 seed%3 (%4), %5 of virtual time. * marks the best of a row "
                          "(lower is better)%6.\n")
               .arg(scenario)
               .arg(seeds.size())
               .arg(seeds.size() == 1 ? QString() : QStringLiteral("s"))
               .arg(seedText())
               .arg(formatDuration(until))
               .arg(spread ? QStringLiteral("; mean, then min–max over the seeds") : QString());
    for (const QString &g : groups()) {
        out += QStringLiteral("\nGroup %1\n").arg(g);
        QStringList labels;
        int labelWidth = 0;
        for (const ScorecardFigure &f : figures) {
            labelWidth = std::max(labelWidth, int(QString::fromUtf8(f.label).size()));
        }
        QList<QStringList> cells(variants.size());
        QList<int> widths;
        for (qsizetype v = 0; v < variants.size(); ++v) {
            int width = int(variants.at(v).name.size());
            for (qsizetype i = 0; i < figures.size(); ++i) {
                QString cell = cellText(v, g, i);
                if (!cell.isEmpty()) {
                    if (isBest(v, g, i)) {
                        cell += QLatin1Char('*');
                    } else {
                        cell += QLatin1Char(' ');
                    }
                }
                width = std::max(width, int(cell.size()));
                cells[v].append(cell);
            }
            widths.append(width);
        }
        out += QString(labelWidth, QLatin1Char(' '));
        for (qsizetype v = 0; v < variants.size(); ++v) {
            out += QStringLiteral("  ") + variants.at(v).name.rightJustified(widths.at(v));
        }
        out += QLatin1Char('\n');
        for (qsizetype i = 0; i < figures.size(); ++i) {
            out += QString::fromUtf8(figures.at(i).label).leftJustified(labelWidth);
            for (qsizetype v = 0; v < variants.size(); ++v) {
                out += QStringLiteral("  ") + cells.at(v).at(i).rightJustified(widths.at(v));
            }
            out += QLatin1Char('\n');
        }
    }
    return out.toUtf8();
}

QByteArray Comparison::csv() const
{
    // One row per run and group; fields quoted as RFC 4180 asks when they need it.
    const auto field = [](const QString &text) {
        if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"'))
            && !text.contains(QLatin1Char('\n'))) {
            return text;
        }
        QString quoted = text;
        quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        return QLatin1Char('"') + quoted + QLatin1Char('"');
    };
    QString out = QStringLiteral("variant,seed,group");
    for (const ScorecardFigure &f : ScorecardFigure::all()) {
        out += QLatin1Char(',') + QString::fromLatin1(f.key);
    }
    out += QLatin1Char('\n');
    for (const Run &r : runs) {
        for (auto it = r.figures.begin(); r.done && it != r.figures.end(); ++it) {
            out += field(variants.at(r.variant).name) + QLatin1Char(',') + QString::number(r.seed)
                + QLatin1Char(',') + field(it.key());
            for (double x : it.value()) {
                out += QLatin1Char(',') + QString::number(x, 'g', 12);
            }
            out += QLatin1Char('\n');
        }
    }
    return out.toUtf8();
}

QString Comparison::seedText() const
{
    QStringList list;
    for (quint64 s : seeds) {
        list.append(QString::number(s));
    }
    return list.size() > 6 ? list.first() + QStringLiteral(" … ") + list.last()
                           : list.join(QStringLiteral(", "));
}

QString Comparison::cellText(qsizetype variant, const QString &g, qsizetype figure) const
{
    const QList<double> xs = values(variant, g, figure);
    if (xs.isEmpty()) {
        return QString();
    }
    const int d = ScorecardFigure::all().at(figure).decimals;
    QString text = number(mean(xs), d);
    if (seeds.size() > 1) {
        text += QStringLiteral(" (%1–%2)")
                    .arg(number(*std::min_element(xs.cbegin(), xs.cend()), d),
                        number(*std::max_element(xs.cbegin(), xs.cend()), d));
    }
    return text;
}

bool Comparison::isBest(qsizetype variant, const QString &g, qsizetype figure) const
{
    if (variants.size() < 2) {
        return false;
    }
    const double mine = mean(values(variant, g, figure));
    for (qsizetype v = 0; v < variants.size(); ++v) {
        const QList<double> xs = values(v, g, figure);
        if (!xs.isEmpty() && mean(xs) < mine) {
            return false;
        }
    }
    // A row where every variant ties marks nobody.
    for (qsizetype v = 0; v < variants.size(); ++v) {
        const QList<double> xs = values(v, g, figure);
        if (!xs.isEmpty() && mean(xs) != mine) {
            return true;
        }
    }
    return false;
}

bool Comparison::merge(const QStringList &paths, Comparison *merged, QString *error)
{
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    QSet<QString> seen;
    for (qsizetype p = 0; p < paths.size(); ++p) {
        QJsonObject root;
        if (!readPart(paths.at(p), &root, error)) {
            return false;
        }
        QList<quint64> seeds;
        for (const QJsonValue &s : root.value(QStringLiteral("seeds")).toArray()) {
            seeds.append(s.toString().toULongLong());
        }
        QList<Variant> variants;
        for (const QJsonValue &v : root.value(QStringLiteral("variants")).toArray()) {
            const QJsonObject o = v.toObject();
            variants.append({ o.value(QStringLiteral("name")).toString(),
                o.value(QStringLiteral("strategy")).toString(),
                o.value(QStringLiteral("params")).toObject().toVariantMap(),
                o.value(QStringLiteral("client")).toObject().toVariantMap() });
        }
        if (p == 0) {
            merged->scenario = root.value(QStringLiteral("scenario")).toString();
            merged->group = root.value(QStringLiteral("group")).toString();
            merged->until = root.value(QStringLiteral("until")).toInteger();
            merged->seeds = seeds;
            merged->variants = variants;
        } else {
            QStringList mine;
            QStringList theirs;
            for (const Variant &v : merged->variants) {
                mine.append(v.name);
            }
            for (const Variant &v : variants) {
                theirs.append(v.name);
            }
            if (root.value(QStringLiteral("scenario")).toString() != merged->scenario
                || root.value(QStringLiteral("until")).toInteger() != merged->until
                || seeds != merged->seeds || mine != theirs
                || root.value(QStringLiteral("group")).toString() != merged->group) {
                *error = QStringLiteral("%1 is a part of another comparison than %2 (scenario, "
                                        "group, seeds, variants and --until must match)")
                             .arg(paths.at(p), paths.first());
                return false;
            }
        }
        for (const QJsonValue &value : root.value(QStringLiteral("runs")).toArray()) {
            const QJsonObject o = value.toObject();
            Run run;
            const QString variant = o.value(QStringLiteral("variant")).toString();
            run.variant = -1;
            for (qsizetype v = 0; v < merged->variants.size(); ++v) {
                if (merged->variants.at(v).name == variant) {
                    run.variant = v;
                }
            }
            run.seed = o.value(QStringLiteral("seed")).toString().toULongLong();
            const QString key = variant + QLatin1Char('\n') + QString::number(run.seed);
            if (run.variant < 0 || seen.contains(key)) {
                *error = QStringLiteral("%1: run of variant \"%2\", seed %3 is %4")
                             .arg(paths.at(p), variant)
                             .arg(run.seed)
                             .arg(run.variant < 0 ? QStringLiteral("of an unknown variant")
                                                  : QStringLiteral("in two parts"));
                return false;
            }
            seen.insert(key);
            const QJsonObject groups = o.value(QStringLiteral("groups")).toObject();
            for (auto it = groups.begin(); it != groups.end(); ++it) {
                QList<double> values;
                const QJsonObject figuresOfGroup = it->toObject();
                for (const ScorecardFigure &f : figures) {
                    const QJsonValue figure = figuresOfGroup.value(QString::fromLatin1(f.key));
                    // A part written by an older rblab lacks the figures added since (for
                    // example orphanedQueueSeconds): reading it as 0 would make that variant
                    // look perfect, so the merge refuses it and says which shard to run again.
                    if (!figure.isDouble()) {
                        *error = QStringLiteral(
                            "%1: run of variant \"%2\", seed %3, group \"%4\" has no number "
                            "for the figure \"%5\" (the part comes from another version of "
                            "rblab; run that shard again with this one)")
                                     .arg(paths.at(p), variant)
                                     .arg(run.seed)
                                     .arg(it.key(), QString::fromLatin1(f.key));
                        return false;
                    }
                    values.append(figure.toDouble());
                }
                run.figures.insert(it.key(), values);
            }
            const QJsonObject series = o.value(QStringLiteral("series")).toObject();
            for (auto it = series.begin(); it != series.end(); ++it) {
                run.series.insert(it.key(), seriesFromJson(it->toObject()));
            }
            run.done = true;
            merged->runs.append(run);
        }
    }
    // Runs in variant-major order, as a single run of compare lists them.
    std::sort(merged->runs.begin(), merged->runs.end(), [&](const Run &a, const Run &b) {
        if (a.variant != b.variant) {
            return a.variant < b.variant;
        }
        return merged->seeds.indexOf(a.seed) < merged->seeds.indexOf(b.seed);
    });
    const qsizetype expected = merged->variants.size() * merged->seeds.size();
    if (merged->runs.size() != expected) {
        *error = QStringLiteral("the parts hold %1 of the comparison's %2 runs: a shard is missing")
                     .arg(merged->runs.size())
                     .arg(expected);
        return false;
    }
    return true;
}

namespace {

// Colours a reader can tell apart, also in grey print (Okabe–Ito).
const char *const kColours[]
    = { "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442" };

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

struct Line
{
    QString name;
    QString colour;
    QList<QPointF> points; //!< (seconds, value)
};

// A line chart as inline SVG: axes with round ticks, time as m:ss, one polyline per variant.
QString svgChart(const QString &title, const QString &unit, const QList<Line> &lines)
{
    const double width = 760;
    const double height = 240;
    const double left = 64;
    const double right = 16;
    const double top = 28;
    const double bottom = 36;
    double tMax = 1;
    double vMax = 0;
    for (const Line &l : lines) {
        for (const QPointF &p : l.points) {
            tMax = std::max(tMax, p.x());
            vMax = std::max(vMax, p.y());
        }
    }
    // A round scale: 1, 2 or 5 × 10^k above the largest value.
    double step = 1;
    if (vMax > 0) {
        const double raw = vMax / 4;
        const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
        step = raw / magnitude <= 1 ? magnitude
            : raw / magnitude <= 2  ? 2 * magnitude
            : raw / magnitude <= 5  ? 5 * magnitude
                                    : 10 * magnitude;
        step = std::max(step, 1.0);
    }
    const double yMax = std::max(step, std::ceil(vMax / step) * step);
    const auto x = [&](double t) { return left + (width - left - right) * t / tMax; };
    const auto y = [&](double v) { return top + (height - top - bottom) * (1 - v / yMax); };
    QString svg = QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %1 %2\" "
                                 "role=\"img\" aria-label=\"%3\">\n")
                      .arg(width)
                      .arg(height)
                      .arg(escaped(title));
    svg += QStringLiteral("<text x=\"%1\" y=\"18\" class=\"title\">%2</text>\n")
               .arg(left)
               .arg(escaped(title + QStringLiteral(" (") + unit + QLatin1Char(')')));
    for (double v = 0; v <= yMax + step / 2; v += step) {
        svg += QStringLiteral(
            "<line x1=\"%1\" x2=\"%2\" y1=\"%3\" y2=\"%3\" class=\"grid\"/>"
            "<text x=\"%4\" y=\"%5\" class=\"tick\" text-anchor=\"end\">%6</text>\n")
                   .arg(left)
                   .arg(width - right)
                   .arg(y(v), 0, 'f', 1)
                   .arg(left - 6)
                   .arg(y(v) + 4, 0, 'f', 1)
                   .arg(QLocale::c().toString(qint64(v)));
    }
    // Time ticks at a round step, six to eight of them across.
    double tStep = 10;
    for (double candidate : { 10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1800.0, 3600.0,
             7200.0, 14400.0, 21600.0, 43200.0, 86400.0 }) {
        tStep = candidate;
        if (tMax / candidate <= 8) {
            break;
        }
    }
    for (double t = 0; t <= tMax + 0.5; t += tStep) {
        const qint64 s = qint64(t);
        const QString label = s >= 3600
            ? QStringLiteral("%1:%2:%3")
                  .arg(s / 3600)
                  .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
                  .arg(s % 60, 2, 10, QLatin1Char('0'))
            : QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\" class=\"tick\" text-anchor=\"middle\">%3"
                              "</text>\n")
                   .arg(x(t), 0, 'f', 1)
                   .arg(height - bottom + 16)
                   .arg(label);
    }
    for (const Line &l : lines) {
        QString points;
        for (const QPointF &p : l.points) {
            points += QStringLiteral("%1,%2 ").arg(x(p.x()), 0, 'f', 1).arg(y(p.y()), 0, 'f', 1);
        }
        svg += QStringLiteral("<polyline fill=\"none\" stroke=\"%1\" stroke-width=\"1.8\" "
                              "points=\"%2\"><title>%3</title></polyline>\n")
                   .arg(l.colour, points.trimmed(), escaped(l.name));
    }
    svg += QStringLiteral("</svg>\n");
    return svg;
}

} // namespace

QByteArray Comparison::html() const
{
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    const bool spread = seeds.size() > 1;
    QString page = QStringLiteral(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>Rebalance Lab comparison: %1</title>\n<style>\n"
        "body{font-family:system-ui,'Noto Sans','Noto Sans CJK SC',sans-serif;margin:2rem auto;"
        "max-width:1200px;color:#1a1a1a;line-height:1.45}\n"
        "h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}\n"
        "table{border-collapse:collapse;font-variant-numeric:tabular-nums}\n"
        ".scroll{overflow-x:auto}\n"
        "th,td{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:right;"
        "white-space:nowrap}\n"
        "th:first-child,td:first-child{text-align:left}\n"
        "td.best{font-weight:700;background:#e8f4ea}\n"
        ".legend span{display:inline-block;margin-right:1.2rem}\n"
        ".swatch{display:inline-block;width:1.4rem;height:.3rem;vertical-align:middle;"
        "margin-right:.4rem}\n"
        "svg{width:100%;height:auto;margin:.6rem 0}\n"
        "svg .title{font-size:13px;font-weight:600}svg .tick{font-size:11px;fill:#555}\n"
        "svg .grid{stroke:#e3e3e3}\n.note{color:#555;font-size:.9rem}\n"
        "</style>\n</head>\n<body>\n")
                       .arg(escaped(scenario));
    page += QStringLiteral("<h1>Comparison: %1</h1>\n").arg(escaped(scenario));
    page += QStringLiteral("<p>%1 seed%2 (%3), %4 of virtual time. The best of each row is "
                           "highlighted; every figure is better when lower.%5 Figures are defined "
                           "in docs/formats/scorecard.md.</p>\n")
                .arg(seeds.size())
                .arg(seeds.size() == 1 ? QString() : QStringLiteral("s"))
                .arg(escaped(seedText()))
                .arg(formatDuration(until))
                .arg(spread ? QStringLiteral(" Cells show the mean, then min–max over the seeds.")
                            : QString());
    page += QStringLiteral("<p class=\"legend\">");
    for (qsizetype v = 0; v < variants.size(); ++v) {
        page += QStringLiteral("<span><i class=\"swatch\" style=\"background:%1\"></i>%2</span>")
                    .arg(QString::fromLatin1(kColours[v % 8]), escaped(variants.at(v).name));
    }
    page += QStringLiteral("</p>\n");
    for (const QString &g : groups()) {
        page += QStringLiteral(
            "<h2>Group %1</h2>\n<div class=\"scroll\"><table>\n<tr><th>figure</th>")
                    .arg(escaped(g));
        for (const Variant &v : variants) {
            page += QStringLiteral("<th>%1</th>").arg(escaped(v.name));
        }
        page += QStringLiteral("</tr>\n");
        for (qsizetype i = 0; i < figures.size(); ++i) {
            page += QStringLiteral("<tr><td>%1</td>")
                        .arg(escaped(QString::fromUtf8(figures.at(i).label)));
            for (qsizetype v = 0; v < variants.size(); ++v) {
                const QString cell = cellText(v, g, i);
                page += isBest(v, g, i) ? QStringLiteral("<td class=\"best\">%1</td>").arg(cell)
                                        : QStringLiteral("<td>%1</td>").arg(cell);
            }
            page += QStringLiteral("</tr>\n");
        }
        page += QStringLiteral("</table></div>\n");
        // Charts of each variant's first seed.
        QList<Line> lag;
        QList<Line> health;
        QList<Line> cache;
        for (const Run &r : runs) {
            const auto it = r.series.constFind(g);
            if (it == r.series.constEnd()) {
                continue;
            }
            const QString colour = QString::fromLatin1(kColours[r.variant % 8]);
            const QString name = variants.at(r.variant).name;
            Line l { name, colour, {} };
            Line h { name, colour, {} };
            Line c { name, colour, {} };
            for (const ScorecardPoint &p : *it) {
                const double t = double(p.t) / 1000.0;
                l.points.append({ t, double(p.lag) });
                h.points.append({ t, double(p.unownedQueues + p.doubleOwnedQueues) });
                c.points.append({ t, double(p.cachedMessages) });
            }
            lag.append(l);
            health.append(h);
            cache.append(c);
        }
        if (!lag.isEmpty()) {
            page += QStringLiteral("<p class=\"note\">Charts: seed %1 of each variant; each point "
                                   "is the worst of the samples it stands for.</p>\n")
                        .arg(seeds.isEmpty() ? QString() : QString::number(seeds.first()));
            page += svgChart(
                QStringLiteral("Lag of group %1").arg(g), QStringLiteral("messages"), lag);
            page += svgChart(QStringLiteral("Ownership health of group %1: unowned + double-owned "
                                            "queues")
                                 .arg(g),
                QStringLiteral("queues"), health);
            page += svgChart(QStringLiteral("Cached messages of group %1").arg(g),
                QStringLiteral("messages"), cache);
        }
    }
    page += QStringLiteral("<p class=\"note\">Made by rblab compare (Rebalance Lab).</p>\n"
                           "</body>\n</html>\n");
    return page.toUtf8();
}
