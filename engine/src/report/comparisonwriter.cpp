// SPDX-License-Identifier: Apache-2.0
#include "report/comparisonwriter.h"

#include "json/jsonnode.h"
#include "json/jsonwriter.h"
#include "settings/settingspec.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QPointF>

#include <algorithm>
#include <cmath>

namespace Rblab {

namespace {

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

// A finished run: its variant, seed, figures by group and, for a first seed, its series.
QJsonObject runJson(const Comparison &comparison, const Comparison::Run &r)
{
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    QJsonObject groupsObject;
    for (auto it = r.figures.begin(); it != r.figures.end(); ++it) {
        QJsonObject f;
        for (qsizetype i = 0; i < figures.size(); ++i) {
            f.insert(QString::fromLatin1(figures.at(i).key), it.value().at(i));
        }
        groupsObject.insert(it.key(), f);
    }
    QJsonObject run { { QStringLiteral("variant"), comparison.variants.at(r.variant).name },
        { QStringLiteral("seed"), QString::number(r.seed) },
        { QStringLiteral("groups"), groupsObject } };
    if (!r.series.isEmpty()) {
        QJsonObject series;
        for (auto it = r.series.begin(); it != r.series.end(); ++it) {
            series.insert(it.key(), seriesJson(it.value()));
        }
        run.insert(QStringLiteral("series"), series);
    }
    return run;
}

// group → variant → figure → {"mean", "min", "max"} over the variant's finished runs.
QJsonObject summaryJson(const Comparison &comparison)
{
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    QJsonObject summary;
    for (const QString &g : comparison.groups()) {
        QJsonObject perVariant;
        for (qsizetype v = 0; v < comparison.variants.size(); ++v) {
            QJsonObject f;
            for (qsizetype i = 0; i < figures.size(); ++i) {
                const QList<double> xs = comparison.values(v, g, i);
                if (xs.isEmpty()) {
                    continue;
                }
                f.insert(QString::fromLatin1(figures.at(i).key),
                    QJsonObject { { QStringLiteral("mean"), Comparison::mean(xs) },
                        { QStringLiteral("min"), *std::min_element(xs.cbegin(), xs.cend()) },
                        { QStringLiteral("max"), *std::max_element(xs.cbegin(), xs.cend()) } });
            }
            perVariant.insert(comparison.variants.at(v).name, f);
        }
        summary.insert(g, perVariant);
    }
    return summary;
}

QJsonObject toJson(const Comparison &comparison)
{
    QJsonArray seedList;
    for (quint64 s : comparison.seeds) {
        seedList.append(QString::number(s));
    }
    QJsonArray variantList;
    for (const Variant &v : comparison.variants) {
        variantList.append(v.toJson());
    }
    QJsonArray runList;
    for (const Comparison::Run &r : comparison.runs) {
        if (r.done) {
            runList.append(runJson(comparison, r));
        }
    }
    QJsonObject root { { QStringLiteral("format"), Comparison::format() },
        { QStringLiteral("scenario"), comparison.scenario },
        { QStringLiteral("until"), comparison.until }, { QStringLiteral("seeds"), seedList },
        { QStringLiteral("variants"), variantList }, { QStringLiteral("runs"), runList },
        { QStringLiteral("summary"), summaryJson(comparison) } };
    if (!comparison.group.isEmpty()) {
        root.insert(QStringLiteral("group"), comparison.group);
    }
    if (!comparison.shard.isEmpty()) {
        root.insert(QStringLiteral("shard"), comparison.shard);
    }
    return root;
}

// Colours a reader can tell apart, also in grey print (Okabe–Ito).
const char *const kColours[]
    = { "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442" };

//! Text for the page: &, <, >, " escaped, and the control characters HTML does not allow
//! (U+0000 to U+001F but tab, line feed and carriage return; U+007F to U+009F) shown as U+FFFD.
//! A variant name may hold any of them: one with U+0000 was written into the page raw.
QString escaped(const QString &text)
{
    QString out = text.toHtmlEscaped();
    for (QChar &c : out) {
        const char16_t u = c.unicode();
        if ((u < 0x20 && u != u'\t' && u != u'\n' && u != u'\r') || (u >= 0x7f && u <= 0x9f)) {
            c = QChar::ReplacementCharacter;
        }
    }
    return out;
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

QByteArray ComparisonWriter::json(const Comparison &comparison)
{
    // Through the engine's one writer: the format's own keys first.
    static const QStringList order { QStringLiteral("format"), QStringLiteral("scenario"),
        QStringLiteral("group"), QStringLiteral("until"), QStringLiteral("shard"),
        QStringLiteral("seeds"), QStringLiteral("variants"), QStringLiteral("runs"),
        QStringLiteral("name"), QStringLiteral("variant"), QStringLiteral("seed") };
    return JsonWriter::write(JsonNode::fromJson(toJson(comparison), order));
}

namespace {

const QString kNoDifference = QStringLiteral(
    "The seeds made no difference: every seed gave every variant the same figures (nothing this "
    "scenario draws at random changed them), so one seed says it all and no range is shown.");

// A group's block of the table: the variants as columns, a "*" after the best of a row.
QString tableGroup(const Comparison &comparison, const QString &group)
{
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    int labelWidth = 0;
    for (const ScorecardFigure &f : figures) {
        labelWidth = std::max(labelWidth, int(QString::fromUtf8(f.label).size()));
    }
    QList<QStringList> cells(comparison.variants.size());
    QList<int> widths;
    for (qsizetype v = 0; v < comparison.variants.size(); ++v) {
        int width = int(comparison.variants.at(v).name.size());
        for (qsizetype i = 0; i < figures.size(); ++i) {
            QString cell = comparison.cellText(v, group, i);
            if (!cell.isEmpty()) {
                cell += !comparison.isBest(v, group, i)        ? QLatin1Char(' ')
                    : comparison.bestWithinSpread(v, group, i) ? QLatin1Char('~')
                                                               : QLatin1Char('*');
            }
            width = std::max(width, int(cell.size()));
            cells[v].append(cell);
        }
        widths.append(width);
    }
    QString out = QStringLiteral("\nGroup %1\n").arg(group);
    out += QString(labelWidth, QLatin1Char(' '));
    for (qsizetype v = 0; v < comparison.variants.size(); ++v) {
        out += QStringLiteral("  ") + comparison.variants.at(v).name.rightJustified(widths.at(v));
    }
    out += QLatin1Char('\n');
    for (qsizetype i = 0; i < figures.size(); ++i) {
        out += QString::fromUtf8(figures.at(i).label).leftJustified(labelWidth);
        for (qsizetype v = 0; v < comparison.variants.size(); ++v) {
            out += QStringLiteral("  ") + cells.at(v).at(i).rightJustified(widths.at(v));
        }
        out += QLatin1Char('\n');
    }
    return out;
}

} // namespace

QByteArray ComparisonWriter::table(const Comparison &comparison)
{
    QString out = QStringLiteral("%1, %2 seed%3 (%4), %5 of virtual time. * marks the best of a "
                                 "row (lower is better)%6.\n%7")
                      .arg(comparison.scenario)
                      .arg(comparison.seeds.size())
                      .arg(comparison.seeds.size() == 1 ? QString() : QStringLiteral("s"))
                      .arg(comparison.seedText())
                      .arg(formatDuration(comparison.until))
                      .arg(comparison.seeds.size() > 1
                              ? QStringLiteral("; mean, then min–max over the seeds, ~ instead "
                                               "of * when the best's range overlaps another's")
                              : QString())
                      .arg(comparison.seedsMadeNoDifference() ? kNoDifference + QLatin1Char('\n')
                                                              : QString());
    for (const QString &g : comparison.groups()) {
        out += tableGroup(comparison, g);
    }
    return out.toUtf8();
}

QByteArray ComparisonWriter::csv(const Comparison &comparison)
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
    for (const Comparison::Run &r : comparison.runs) {
        for (auto it = r.figures.begin(); r.done && it != r.figures.end(); ++it) {
            out += field(comparison.variants.at(r.variant).name) + QLatin1Char(',')
                + QString::number(r.seed) + QLatin1Char(',') + field(it.key());
            for (double x : it.value()) {
                out += QLatin1Char(',') + QString::number(x, 'g', 12);
            }
            out += QLatin1Char('\n');
        }
    }
    return out.toUtf8();
}

namespace {

const QString kPageStyle = QStringLiteral(
    "<style>\n"
    "body{font-family:system-ui,'Noto Sans','Noto Sans CJK SC',sans-serif;margin:2rem auto;"
    "max-width:1200px;color:#1a1a1a;line-height:1.45}\n"
    "h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}\n"
    "table{border-collapse:collapse;font-variant-numeric:tabular-nums}\n"
    ".scroll{overflow-x:auto}\n"
    "th,td{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:right;"
    "white-space:nowrap}\n"
    "th:first-child,td:first-child{text-align:left}\n"
    "td.best{font-weight:700;background:#e8f4ea}\n"
    "td.near{font-style:italic;background:#f3f8f4}\n"
    ".legend span{display:inline-block;margin-right:1.2rem}\n"
    ".swatch{display:inline-block;width:1.4rem;height:.3rem;vertical-align:middle;"
    "margin-right:.4rem}\n"
    "svg{width:100%;height:auto;margin:.6rem 0}\n"
    "svg .title{font-size:13px;font-weight:600}svg .tick{font-size:11px;fill:#555}\n"
    "svg .grid{stroke:#e3e3e3}\n.note{color:#555;font-size:.9rem}\n"
    "</style>\n");

// The page up to the first group: title, what was compared and the variants' colours.
QString htmlIntroduction(const Comparison &comparison)
{
    QString page = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                                  "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
                                  "content=\"width=device-width, initial-scale=1\">\n"
                                  "<title>Rebalance Lab comparison: %1</title>\n")
                       .arg(escaped(comparison.scenario));
    page += kPageStyle + QStringLiteral("</head>\n<body>\n");
    page += QStringLiteral("<h1>Comparison: %1</h1>\n").arg(escaped(comparison.scenario));
    page += QStringLiteral("<p>%1 seed%2 (%3), %4 of virtual time. The best of each row is "
                           "highlighted; every figure is better when lower.%5 Figures are defined "
                           "in docs/formats/scorecard.md.</p>\n")
                .arg(comparison.seeds.size())
                .arg(comparison.seeds.size() == 1 ? QString() : QStringLiteral("s"))
                .arg(escaped(comparison.seedText()))
                .arg(formatDuration(comparison.until))
                .arg(comparison.seeds.size() > 1
                        ? QStringLiteral(" Cells show the mean, then min–max over the seeds; a "
                                         "best whose range overlaps another variant's is only "
                                         "tinted and in italics: the difference is within the "
                                         "seeds' spread.")
                        : QString());
    if (comparison.seedsMadeNoDifference()) {
        page += QStringLiteral("<p class=\"note\">%1</p>\n").arg(escaped(kNoDifference));
    }
    page += QStringLiteral("<p class=\"legend\">");
    for (qsizetype v = 0; v < comparison.variants.size(); ++v) {
        page += QStringLiteral("<span><i class=\"swatch\" style=\"background:%1\"></i>%2</span>")
                    .arg(QString::fromLatin1(kColours[v % 8]),
                        escaped(comparison.variants.at(v).name));
    }
    return page + QStringLiteral("</p>\n");
}

// A group's figures: one row per figure, one column per variant, the best highlighted.
QString htmlTable(const Comparison &comparison, const QString &group)
{
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    QString page
        = QStringLiteral("<h2>Group %1</h2>\n<div class=\"scroll\"><table>\n<tr><th>figure</th>")
              .arg(escaped(group));
    for (const Variant &v : comparison.variants) {
        page += QStringLiteral("<th>%1</th>").arg(escaped(v.name));
    }
    page += QStringLiteral("</tr>\n");
    for (qsizetype i = 0; i < figures.size(); ++i) {
        page += QStringLiteral("<tr><td>%1</td>")
                    .arg(escaped(QString::fromUtf8(figures.at(i).label)));
        for (qsizetype v = 0; v < comparison.variants.size(); ++v) {
            const QString cell = comparison.cellText(v, group, i);
            if (!comparison.isBest(v, group, i)) {
                page += QStringLiteral("<td>%1</td>").arg(cell);
            } else if (comparison.bestWithinSpread(v, group, i)) {
                page += QStringLiteral("<td class=\"near\" title=\"lowest mean, within the "
                                       "seeds' spread\">%1</td>")
                            .arg(cell);
            } else {
                page += QStringLiteral("<td class=\"best\">%1</td>").arg(cell);
            }
        }
        page += QStringLiteral("</tr>\n");
    }
    return page + QStringLiteral("</table></div>\n");
}

// One line per variant (its first seed's series) of one measure of a group's points.
QList<Line> chartLines(
    const Comparison &comparison, const QString &group, ScorecardPoint::Measure measure)
{
    QList<Line> lines;
    for (const Comparison::Run &r : comparison.runs) {
        const auto it = r.series.constFind(group);
        if (it == r.series.constEnd()) {
            continue;
        }
        Line line { comparison.variants.at(r.variant).name,
            QString::fromLatin1(kColours[r.variant % 8]), {} };
        for (const ScorecardPoint &p : *it) {
            line.points.append({ double(p.t) / 1000.0, p.value(measure) });
        }
        lines.append(line);
    }
    return lines;
}

// A group's charts of each variant's first seed: lag, ownership health, cache.
QString htmlCharts(const Comparison &comparison, const QString &group)
{
    using Measure = ScorecardPoint::Measure;
    const QList<Line> lag = chartLines(comparison, group, Measure::Lag);
    if (lag.isEmpty()) {
        return QString();
    }
    QString page = QStringLiteral("<p class=\"note\">Charts: seed %1 of each variant; each point "
                                  "is the worst of the samples it stands for.</p>\n")
                       .arg(comparison.seeds.isEmpty() ? QString()
                                                       : QString::number(comparison.seeds.first()));
    page += svgChart(QStringLiteral("Lag of group %1").arg(group), QStringLiteral("messages"), lag);
    page += svgChart(
        QStringLiteral("Ownership health of group %1: unowned + double-owned queues").arg(group),
        QStringLiteral("queues"), chartLines(comparison, group, Measure::ExposedQueues));
    page += svgChart(QStringLiteral("Cached messages of group %1").arg(group),
        QStringLiteral("messages"), chartLines(comparison, group, Measure::CachedMessages));
    return page;
}

} // namespace

QByteArray ComparisonWriter::html(const Comparison &comparison)
{
    QString page = htmlIntroduction(comparison);
    for (const QString &g : comparison.groups()) {
        page += htmlTable(comparison, g);
        page += htmlCharts(comparison, g);
    }
    page += QStringLiteral("<p class=\"note\">Made by rblab compare (Rebalance Lab).</p>\n"
                           "</body>\n</html>\n");
    return page.toUtf8();
}

} // namespace Rblab
