// SPDX-License-Identifier: Apache-2.0
// Parsers of `mqadmin consumerConnection` and `mqadmin consumerProgress` text. The layouts are
// the printf formats of RocketMQ's tools module (tests/data/importmqadmin/README.md cites each):
//   ConsumerConnectionSubCommand.execute: 4.9.8 / 5.3.3 lines 73-98, 4.8.0 lines 69-94
//   ConsumerProgressSubCommand.execute: 4.9.8 lines 115-179, 5.3.3 lines 135-208
#include "import/mqadminimporter.h"
#include "scenario/scenariolimits.h"

#include <QHash>
#include <QRegularExpression>

#include <limits>
#include <optional>

namespace Rblab {

namespace {

//! #Broker Offset − #Consumer Offset, or nothing when it does not fit in 64 bits (offsets of
//! 2⁶³ − 1 and −1): the rows' numbers are whatever was pasted, never trusted to be small.
std::optional<qint64> lagOf(const MqadminQueueRow &r)
{
    qint64 lag = 0;
    if (__builtin_sub_overflow(r.brokerOffset, r.consumerOffset, &lag)) {
        return std::nullopt;
    }
    return lag;
}

const QLatin1String kWarning("warning");
const QLatin1String kError("error");

QStringList splitLines(const QString &text)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &line : lines) {
        if (line.endsWith(QLatin1Char('\r'))) {
            line.chop(1);
        }
    }
    if (!lines.isEmpty() && lines.last().isEmpty()) {
        lines.removeLast();
    }
    return lines;
}

QStringList tokens(const QString &line)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    return line.trimmed().split(space, Qt::SkipEmptyParts);
}

void add(QList<MqadminDiagnostic> *out, MqadminDiagnostic::Severity severity, const QString &file,
    qint64 line, const QString &field, const QString &message)
{
    if (out) {
        out->append(MqadminDiagnostic { severity, file, line, field, message });
    }
}

bool isConnectionHeader(const QString &line)
{
    return line.startsWith(QLatin1String("#ClientId"))
        && line.contains(QLatin1String("#ClientAddr"));
}

bool isProgressHeader(const QString &line)
{
    return line.startsWith(QLatin1String("#Topic")) && line.contains(QLatin1String("#Broker Name"))
        && line.contains(QLatin1String("#Consumer Offset"));
}

// The group list of `consumerProgress` without -g: not a per-queue table.
bool isGroupListHeader(const QString &line)
{
    return line.startsWith(QLatin1String("#Group")) && line.contains(QLatin1String("#Count"));
}

// Lines of the other command's output, recognised so that a paste of both is not "unknown".
bool isProgressLine(const QString &line)
{
    return isProgressHeader(line) || line.startsWith(QLatin1String("Consume TPS:"))
        || line.startsWith(QLatin1String("Diff Total:"))
        || line.startsWith(QLatin1String("Consume Diff Total:"))
        || line.startsWith(QLatin1String("Consume Inflight Total:"));
}

bool isConnectionLine(const QString &line)
{
    return isConnectionHeader(line) || line.startsWith(QLatin1String("Below is subscription:"))
        || line.startsWith(QLatin1String("ConsumeType:"))
        || line.startsWith(QLatin1String("MessageModel:"))
        || line.startsWith(QLatin1String("ConsumeFromWhere:"))
        || line.startsWith(QLatin1String("#Topic"));
}

// ClientConfig.buildMQClientId: ip@instanceName[@unitName]; the instance name is the pid, or
// pid#nanoTime since 4.9.3/5.x when left at DEFAULT.
bool isClientId(const QString &id)
{
    const qsizetype at = id.indexOf(QLatin1Char('@'));
    return at > 0 && at + 1 < id.size();
}

bool isAddress(const QString &addr)
{
    const qsizetype colon = addr.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const int port = colon > 0 ? addr.mid(colon + 1).toInt(&ok) : 0;
    return ok && port > 0 && port < 65536;
}

// MQVersion.Version names: V3_0_0_SNAPSHOT … V5_9_9, HIGHER_VERSION.
bool isVersion(const QString &version)
{
    static const QRegularExpression re(
        QStringLiteral("^(V\\d+_\\d+_\\d+(_\\w+)?|HIGHER_VERSION)$"));
    return re.match(version).hasMatch();
}

const QStringList &consumeTypes()
{
    static const QStringList names = { QStringLiteral("CONSUME_PASSIVELY"),
        QStringLiteral("CONSUME_ACTIVELY"), QStringLiteral("CONSUME_POP") };
    return names;
}

const QStringList &messageModels()
{
    static const QStringList names
        = { QStringLiteral("CLUSTERING"), QStringLiteral("BROADCASTING") };
    return names;
}

const QStringList &consumeFromWheres()
{
    // ConsumeFromWhere, with the three deprecated 4.x names still printed by old clients.
    static const QStringList names = { QStringLiteral("CONSUME_FROM_LAST_OFFSET"),
        QStringLiteral("CONSUME_FROM_FIRST_OFFSET"), QStringLiteral("CONSUME_FROM_TIMESTAMP"),
        QStringLiteral("CONSUME_FROM_LAST_OFFSET_AND_FROM_MIN_WHEN_BOOT_FIRST"),
        QStringLiteral("CONSUME_FROM_MIN_OFFSET"), QStringLiteral("CONSUME_FROM_MAX_OFFSET") };
    return names;
}

struct Column
{
    enum Kind { Topic, Broker, QueueId, BrokerOffset, ConsumerOffset, ClientIp, Diff, Inflight };
    Kind kind;
    const char *header;
};

QList<Column> columnsOf(MqadminProgressLayout layout)
{
    QList<Column> c = { { Column::Topic, "#Topic" }, { Column::Broker, "#Broker Name" },
        { Column::QueueId, "#QID" }, { Column::BrokerOffset, "#Broker Offset" },
        { Column::ConsumerOffset, "#Consumer Offset" } };
    if (layout == MqadminProgressLayout::V49ClientIp
        || layout == MqadminProgressLayout::V5ClientIp) {
        c.append({ Column::ClientIp, "#Client IP" });
    }
    c.append({ Column::Diff, "#Diff" });
    if (layout == MqadminProgressLayout::V5 || layout == MqadminProgressLayout::V5ClientIp) {
        c.append({ Column::Inflight, "#Inflight" });
    }
    return c;
}

MqadminProgressLayout layoutOfHeader(const QString &line)
{
    const bool ip = line.contains(QLatin1String("#Client IP"));
    const bool inflight = line.contains(QLatin1String("#Inflight"));
    if (inflight) {
        return ip ? MqadminProgressLayout::V5ClientIp : MqadminProgressLayout::V5;
    }
    return ip ? MqadminProgressLayout::V49ClientIp : MqadminProgressLayout::V49;
}

struct RowError
{
    QString field;
    QString message;
};

// One row in one layout: `%-64s  %-32s  %-4d  %-20d  %-20d  [%-20s ]%-20d  [%-20d ]%s`. Topic
// and broker names have no spaces (TopicValidator); #LastTime is "yyyy-MM-dd HH:mm:ss", "N/A" or
// empty (UtilAll.formatDate failed).
std::optional<MqadminQueueRow> parseRow(
    const QStringList &t, MqadminProgressLayout layout, RowError *error)
{
    const QList<Column> columns = columnsOf(layout);
    if (t.size() < columns.size()) {
        *error = { QString::fromLatin1(columns[t.size()].header),
            QStringLiteral("missing: the row has %1 columns, expected %2 up to %3, then "
                           "#LastTime")
                .arg(t.size())
                .arg(columns.size())
                .arg(QString::fromLatin1(columns.last().header)) };
        return std::nullopt;
    }
    MqadminQueueRow row;
    for (qsizetype i = 0; i < columns.size(); ++i) {
        const QString &v = t[i];
        const QString field = QString::fromLatin1(columns[i].header);
        bool ok = true;
        switch (columns[i].kind) {
        case Column::Topic:
            row.topic = v;
            break;
        case Column::Broker:
            row.broker = v;
            break;
        case Column::QueueId:
            row.queueId = v.toInt(&ok);
            if (!ok || row.queueId < 0) {
                *error
                    = { field, QStringLiteral("\"%1\", expected a queue id (0 or more)").arg(v) };
                return std::nullopt;
            }
            break;
        case Column::BrokerOffset:
        case Column::ConsumerOffset:
        case Column::Diff:
        case Column::Inflight: {
            const qint64 n = v.toLongLong(&ok);
            // A group that never committed shows -1 as its consumer offset (OffsetWrapper).
            const qint64 minimum = columns[i].kind == Column::BrokerOffset ? 0
                : columns[i].kind == Column::ConsumerOffset                ? -1
                                                                           : LLONG_MIN;
            if (!ok || n < minimum) {
                *error = { field,
                    QStringLiteral("\"%1\", expected %2")
                        .arg(v,
                            minimum == LLONG_MIN
                                ? QStringLiteral("an integer")
                                : QStringLiteral("an integer of %1 or more").arg(minimum)) };
                return std::nullopt;
            }
            if (columns[i].kind == Column::BrokerOffset) {
                row.brokerOffset = n;
            } else if (columns[i].kind == Column::ConsumerOffset) {
                row.consumerOffset = n;
            } else if (columns[i].kind == Column::Diff) {
                row.diff = n;
            } else {
                row.inflight = n;
            }
            break;
        }
        case Column::ClientIp:
            if (v != QLatin1String("N/A") && v != QLatin1String("NA")) {
                row.clientIp = v;
            }
            break;
        }
    }
    const QStringList rest = t.mid(columns.size());
    static const QRegularExpression time(
        QStringLiteral("^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"));
    row.lastTime = rest.join(QLatin1Char(' '));
    if (!row.lastTime.isEmpty() && row.lastTime != QLatin1String("N/A")
        && !time.match(row.lastTime).hasMatch()) {
        *error = { QStringLiteral("#LastTime"),
            QStringLiteral("\"%1\", expected yyyy-MM-dd HH:mm:ss or N/A").arg(row.lastTime) };
        return std::nullopt;
    }
    return row;
}

} // namespace

QString MqadminDiagnostic::toString() const
{
    QString where = file;
    if (line > 0) {
        where += QLatin1Char(':') + QString::number(line);
    }
    return QStringLiteral("%1: %2: %3%4")
        .arg(where, severity == Severity::Error ? kError : kWarning,
            field.isEmpty() ? QString() : field + QStringLiteral(": "), message);
}

namespace {

using S = MqadminDiagnostic::Severity;

//! A line of no known kind (a banner, a JVM warning, a bad row), counted with its number.
template<typename Output> void unknown(Output &out, qint64 n)
{
    ++out.unknownLines;
    out.unknownAt.append(n);
}

enum class Setting { None, Invalid, Read };

//! "ConsumeType: …", "MessageModel: …" or "ConsumeFromWhere: …" (None: the line is not one).
Setting readSetting(const QString &rest, qint64 n, const QString &file,
    QList<MqadminDiagnostic> *diagnostics, MqadminConnectionOutput &out)
{
    static const QRegularExpression setting(
        QStringLiteral("^(ConsumeType|MessageModel|ConsumeFromWhere):\\s*(\\S*)\\s*$"));
    const auto m = setting.match(rest);
    if (!m.hasMatch()) {
        return Setting::None;
    }
    const QString key = m.captured(1);
    const QString value = m.captured(2);
    const QStringList &allowed = key == QLatin1String("ConsumeType") ? consumeTypes()
        : key == QLatin1String("MessageModel")                       ? messageModels()
                                                                     : consumeFromWheres();
    if (!allowed.contains(value)) {
        add(diagnostics, S::Warning, file, n, key,
            QStringLiteral("\"%1\", expected one of %2")
                .arg(value, allowed.join(QStringLiteral(", "))));
        unknown(out, n);
        return Setting::Invalid;
    }
    (key == QLatin1String("ConsumeType")           ? out.consumeType
            : key == QLatin1String("MessageModel") ? out.messageModel
                                                   : out.consumeFromWhere)
        = value;
    return Setting::Read;
}

//! A line of the subscription table: "%-20s %s" (topic, expression), or before 4.9
//! "%03d  Topic: %-40s SubExpression: %s".
void readSubscription(const QString &rest, qint64 n, const QString &file,
    QList<MqadminDiagnostic> *diagnostics, MqadminConnectionOutput &out)
{
    if (rest.startsWith(QLatin1String("#Topic"))) {
        return; // its header: #Topic #SubExpression
    }
    static const QRegularExpression old(
        QStringLiteral("^\\d{3}\\s+Topic:\\s+(\\S+)\\s+SubExpression:\\s*(.*)$"));
    if (const auto m = old.match(rest); m.hasMatch()) {
        out.subscriptions.append({ m.captured(1), m.captured(2).trimmed(), n });
        return;
    }
    const QStringList t = tokens(rest);
    if (t.size() < 2) {
        add(diagnostics, S::Warning, file, n, QStringLiteral("#SubExpression"),
            QStringLiteral("\"%1\" has no sub-expression, expected \"topic expression\" "
                           "(\"*\" for all tags)")
                .arg(rest));
        unknown(out, n);
        return;
    }
    out.subscriptions.append({ t[0], rest.mid(rest.indexOf(t[0]) + t[0].size()).trimmed(), n });
}

//! A row of the connection table: #ClientId #ClientAddr #Language #Version (before 4.9 after
//! "%03d  "); `seen` holds the line of each client id and address read so far.
void readConnection(const QString &rest, qint64 n, const QString &file,
    QList<MqadminDiagnostic> *diagnostics, MqadminConnectionOutput &out,
    QHash<QString, qint64> &seen)
{
    QStringList t = tokens(rest);
    static const QRegularExpression index(QStringLiteral("^\\d{3}$"));
    if (t.size() == 5 && index.match(t[0]).hasMatch()) {
        t.removeFirst();
    }
    if (t.size() != 4) {
        add(diagnostics, S::Warning, file, n, QStringLiteral("#ClientId"),
            QStringLiteral("%1 columns, expected 4: #ClientId #ClientAddr #Language #Version")
                .arg(t.size()));
        unknown(out, n);
        return;
    }
    const MqadminConnection c { t[0], t[1], t[2], t[3], n };
    if (!isClientId(c.clientId)) {
        add(diagnostics, S::Warning, file, n, QStringLiteral("#ClientId"),
            QStringLiteral("\"%1\", expected ip@instanceName").arg(c.clientId));
        unknown(out, n);
        return;
    }
    if (!isAddress(c.clientAddr)) {
        add(diagnostics, S::Warning, file, n, QStringLiteral("#ClientAddr"),
            QStringLiteral("\"%1\", expected host:port").arg(c.clientAddr));
        unknown(out, n);
        return;
    }
    if (!isVersion(c.version)) {
        add(diagnostics, S::Warning, file, n, QStringLiteral("#Version"),
            QStringLiteral("\"%1\", expected a MQVersion name such as V4_9_4 or V5_1_4")
                .arg(c.version));
    }
    // A line pasted twice: mqadmin prints each connection once (a set).
    const QString key = c.clientId + QLatin1Char('\n') + c.clientAddr;
    if (const auto first = seen.constFind(key); first != seen.cend()) {
        add(diagnostics, S::Warning, file, n, QStringLiteral("#ClientId"),
            QStringLiteral("%1 at %2 again (first at line %3): counted once")
                .arg(c.clientId, c.clientAddr)
                .arg(first.value()));
        return;
    }
    seen.insert(key, n);
    out.connections.append(c);
}

//! "Consume TPS: …", "Diff Total: …" and the 5.x totals (false: the line is none of them).
bool readFooter(const QString &trimmed, qint64 n, const QString &file,
    QList<MqadminDiagnostic> *diagnostics, MqadminProgressOutput &out)
{
    static const QRegularExpression footer(QStringLiteral(
        "^(Consume TPS|Diff Total|Consume Diff Total|Consume Inflight Total):\\s*(\\S+)$"));
    const auto m = footer.match(trimmed);
    if (!m.hasMatch()) {
        return false;
    }
    bool ok = false;
    const QString key = m.captured(1);
    if (key == QLatin1String("Consume TPS")) {
        const double tps = m.captured(2).toDouble(&ok);
        if (ok && tps >= 0) {
            out.consumeTps = tps;
        }
    } else {
        const qint64 v = m.captured(2).toLongLong(&ok);
        if (ok) {
            (key == QLatin1String("Consume Inflight Total") ? out.inflightTotal : out.diffTotal)
                = v;
        }
    }
    if (!ok) {
        add(diagnostics, S::Warning, file, n, key,
            QStringLiteral("\"%1\", expected a number").arg(m.captured(2)));
    }
    return true;
}

//! Rows without their header (a partial paste): the layout whose #Diff equals #Broker Offset −
//! #Consumer Offset in this row; false when none does.
bool guessLayout(const QStringList &t, qint64 n, const QString &file,
    QList<MqadminDiagnostic> *diagnostics, MqadminProgressOutput &out)
{
    for (const auto layout :
        { MqadminProgressLayout::V5ClientIp, MqadminProgressLayout::V49ClientIp,
            MqadminProgressLayout::V5, MqadminProgressLayout::V49 }) {
        RowError ignored;
        const auto row = parseRow(t, layout, &ignored);
        if (row && lagOf(*row) == row->diff) {
            out.layout = layout;
            add(diagnostics, S::Warning, file, n, QStringLiteral("#Topic"),
                QStringLiteral("no header line; the columns were taken from this row"));
            return true;
        }
    }
    return false;
}

//! A row of the per-queue table; `seen` holds the line of each queue read so far.
void readRow(const QStringList &t, qint64 n, const QString &file,
    QList<MqadminDiagnostic> *diagnostics, MqadminProgressOutput &out, QHash<QString, qint64> &seen)
{
    RowError error;
    const auto row = parseRow(t, out.layout, &error);
    if (!row) {
        add(diagnostics, S::Warning, file, n, error.field, error.message);
        unknown(out, n);
        return;
    }
    MqadminQueueRow r = *row;
    r.line = n;
    if (r.consumerOffset >= 0 && lagOf(r) != r.diff) {
        add(diagnostics, S::Warning, file, n, QStringLiteral("#Diff"),
            QStringLiteral("%1, expected #Broker Offset − #Consumer Offset = %2")
                .arg(r.diff)
                .arg(r.brokerOffset - r.consumerOffset)); // both ≥ 0: it fits
    }
    if (r.topic.size() == 64) {
        add(diagnostics, S::Warning, file, n, QStringLiteral("#Topic"),
            QStringLiteral("64 characters: mqadmin cuts longer names there "
                           "(UtilAll.frontStringAtLeast); the name may be incomplete"));
    }
    // A queue printed twice (outputs pasted together): the first row stands.
    const QString key
        = r.topic + QLatin1Char('\n') + r.broker + QLatin1Char('\n') + QString::number(r.queueId);
    if (const auto first = seen.constFind(key); first != seen.cend()) {
        add(diagnostics, S::Warning, file, n, QStringLiteral("#QID"),
            QStringLiteral("%1 %2 %3 again (first at line %4): the first row is used")
                .arg(r.topic, r.broker)
                .arg(r.queueId)
                .arg(first.value()));
        return;
    }
    seen.insert(key, n);
    out.rows.append(r);
}

//! A "Diff Total" that the rows read do not add up to: the paste was cut.
void checkDiffTotal(
    const QString &file, QList<MqadminDiagnostic> *diagnostics, const MqadminProgressOutput &out)
{
    if (!out.diffTotal) {
        return;
    }
    qint64 sum = 0;
    bool overflow = false;
    for (const MqadminQueueRow &r : out.rows) {
        overflow = overflow || __builtin_add_overflow(sum, r.diff, &sum);
    }
    if (overflow) {
        add(diagnostics, S::Warning, file, 0, QStringLiteral("Diff Total"),
            QStringLiteral("%1, but the rows read add up to more than a 64-bit number holds "
                           "(%2): their #Diff values cannot be a real backlog")
                .arg(*out.diffTotal)
                .arg(std::numeric_limits<qint64>::max()));
    } else if (sum != *out.diffTotal) {
        add(diagnostics, S::Warning, file, 0, QStringLiteral("Diff Total"),
            QStringLiteral("%1, but the rows read add up to %2: rows are missing or were "
                           "skipped")
                .arg(*out.diffTotal)
                .arg(sum));
    }
}

} // namespace

MqadminConnectionOutput parseMqadminConnection(
    const QString &text, const QString &file, QList<MqadminDiagnostic> *diagnostics)
{
    MqadminConnectionOutput out;
    QHash<QString, qint64> connectionLines; //!< client id and address of each row: its line
    enum class Section { None, Connections, Subscriptions, Progress } section = Section::None;
    const QStringList lines = splitLines(text);
    out.lines = lines.size();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const qint64 n = i + 1;
        const QString trimmed = lines[i].trimmed();
        if (trimmed.isEmpty()) {
            continue;
        }
        if (isConnectionHeader(trimmed)) {
            section = Section::Connections;
            continue;
        }
        if (isProgressHeader(trimmed)) {
            section = Section::Progress; // a paste of both outputs: the table is not ours
            continue;
        }
        QString rest = trimmed;
        if (rest.startsWith(QLatin1String("Below is subscription:"))) {
            section = Section::Subscriptions;
            // Before 4.9 the first subscription followed on the same line ("%nBelow is
            // subscription:" had no line end).
            rest = rest.mid(22).trimmed();
            if (rest.isEmpty()) {
                continue;
            }
        }
        const Setting setting = readSetting(rest, n, file, diagnostics, out);
        if (setting != Setting::None) {
            section = setting == Setting::Read ? Section::None : section;
            continue;
        }
        if (section == Section::Progress
            && (isProgressLine(trimmed) || trimmed.contains(QLatin1Char(' ')))) {
            continue; // its rows and footer; parseMqadminProgress reads them
        }
        if (section == Section::Subscriptions) {
            readSubscription(rest, n, file, diagnostics, out);
            continue;
        }
        static const QRegularExpression indexed(QStringLiteral("^\\d{3}\\s+\\S+@"));
        if (section == Section::None && indexed.match(rest).hasMatch()) {
            section = Section::Connections; // before 4.9: no header, "%03d  " rows
        }
        if (section == Section::Connections) {
            readConnection(rest, n, file, diagnostics, out, connectionLines);
            continue;
        }
        unknown(out, n); // a banner, a JVM warning, the command line of a paste
    }
    return out;
}

namespace {
constexpr qsizetype kMostRows = 2 * qsizetype(ScenarioLimits::maxQueuesInWorld);
} // namespace

MqadminProgressOutput parseMqadminProgress(
    const QString &text, const QString &file, QList<MqadminDiagnostic> *diagnostics)
{
    MqadminProgressOutput out;
    const QStringList lines = splitLines(text);
    out.lines = lines.size();
    bool inTable = false;
    bool inConnection = false;
    QHash<QString, qint64> rowLines; //!< topic, broker and queue id of each row: its line
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const qint64 n = i + 1;
        const QString trimmed = lines[i].trimmed();
        if (trimmed.isEmpty()) {
            inTable = false; // the footer follows a blank line
            continue;
        }
        if (isProgressHeader(trimmed)) {
            const MqadminProgressLayout layout = layoutOfHeader(trimmed);
            if (out.layout != MqadminProgressLayout::Unknown && out.layout != layout) {
                add(diagnostics, S::Warning, file, n, QStringLiteral("#Topic"),
                    QStringLiteral("a second table with other columns; its rows are read with "
                                   "these columns"));
            }
            out.layout = layout;
            inTable = true;
            inConnection = false;
            continue;
        }
        if (isGroupListHeader(trimmed)) {
            add(diagnostics, S::Error, file, n, QStringLiteral("#Group"),
                QStringLiteral("this is the group list of consumerProgress without -g; run "
                               "mqadmin consumerProgress -g GROUP -s true"));
            unknown(out, n);
            continue;
        }
        if (readFooter(trimmed, n, file, diagnostics, out)) {
            inTable = false;
            continue;
        }
        if (isConnectionLine(trimmed)) {
            // A paste of both outputs: parseMqadminConnection reads these, up to its last line.
            inConnection = !trimmed.startsWith(QLatin1String("ConsumeFromWhere:"));
            inTable = false;
            continue;
        }
        if (inConnection) {
            continue;
        }
        const QStringList t = tokens(trimmed);
        if (!inTable && out.layout == MqadminProgressLayout::Unknown && t.size() >= 7) {
            inTable = guessLayout(t, n, file, diagnostics, out);
        }
        // A row has #Broker Offset, a number, as its fourth column; anything else in the
        // table (a stack trace, a log line) is a line of no known kind. A number that is not a
        // 64-bit integer (2⁶³, 1e18, 0x10, -1) is still a row: readRow names the field.
        static const QRegularExpression number(QStringLiteral("^[+-]?[0-9][0-9A-Za-z.+-]*$"));
        const bool offsetColumn = t.size() >= 4 && number.match(t[3]).hasMatch();
        if (!inTable || !offsetColumn) {
            unknown(out, n);
            continue;
        }
        readRow(t, n, file, diagnostics, out, rowLines);
        if (out.rows.size() > kMostRows) {
            // A scenario holds 16,384 queues: 600,000 rows took 124 s and 1.4 GB to be refused
            // at the end (issue 39). %RETRY%/%DLQ% rows leave room for as many again.
            add(diagnostics, S::Error, file, n, QStringLiteral("#QID"),
                QStringLiteral("more than %1 queue rows; a scenario holds %2 queues: import one "
                               "group's output")
                    .arg(kMostRows)
                    .arg(ScenarioLimits::maxQueuesInWorld));
            out.tooManyRows = true;
            break;
        }
    }
    checkDiffTotal(file, diagnostics, out);
    return out;
}

} // namespace Rblab
