// SPDX-License-Identifier: Apache-2.0
#include "report/reportwriter.h"

#include "json/savefile.h"
#include "json/jsonwriter.h"
#include "run/simulation.h"

#include <QBuffer>

#include <QDir>
#include <QSaveFile>

#include <cmath>
#include <span>

namespace Rblab {

namespace {

// The engine's one JSON writer, in its streaming form: keys in the order of report-format.md,
// numbers written the same on every machine, samples handed to the device as they are written.
using Out = JsonWriter::Stream;

QString causeName(SimEvent::FlowCause cause)
{
    switch (cause) {
    case SimEvent::FlowCause::Count:
        return QStringLiteral("count");
    case SimEvent::FlowCause::Size:
        return QStringLiteral("size");
    case SimEvent::FlowCause::Span:
        return QStringLiteral("span");
    case SimEvent::FlowCause::TopicCount:
        return QStringLiteral("topicCount");
    case SimEvent::FlowCause::TopicSize:
        return QStringLiteral("topicSize");
    case SimEvent::FlowCause::SystemBusy:
        return QStringLiteral("systemBusy");
    case SimEvent::FlowCause::BrokerFlowControl:
        return QStringLiteral("brokerFlowControl");
    case SimEvent::FlowCause::None:
        break;
    }
    return QString();
}

void writeQueueRef(Out &o, const QueueInfo &q, const QString &topic)
{
    o.beginObject();
    if (q.topic != topic) {
        o.member("topic", q.topic);
    }
    o.member("brokerName", q.brokerName);
    o.member("queueId", q.queueId);
    o.endObject();
}

void writeQueueRefs(
    Out &o, const QList<qint32> &queues, const Catalog &catalog, const QString &topic)
{
    o.beginArray();
    for (qint32 q : queues) {
        writeQueueRef(o, catalog.queues[q], topic);
    }
    o.endArray();
}

void writeOwners(Out &o, const QList<qint32> &owners, const QList<ConsumerInfo> &consumers)
{
    o.beginArray();
    for (qint32 owner : owners) {
        o.string(consumers[owner].name);
    }
    o.endArray();
}

/*!
    A flow-control object: the client's holds by check, and, in a run where a broker pushed a pull
    back at all (`broker` non-null), the broker's SYSTEM_BUSY and FLOW_CONTROL answers.
*/
void writeFlow(Out &o, const qint64 (&fc)[3], const qint64 *broker = nullptr)
{
    o.beginObject();
    o.member("count", fc[0]);
    o.member("size", fc[1]);
    o.member("span", fc[2]);
    if (broker) {
        o.member("systemBusy", broker[0]);
        o.member("brokerFlowControl", broker[1]);
    }
    o.endObject();
}

/*!
    One member of a totals object, in report-format.md's order: its key, the figure (a count, or
    seconds written with three decimals; neither: the flow-control object) and whether it starts
    a line of its own.
*/
struct TotalsField
{
    const char *key;
    qint64 SnapshotTotals::*count = nullptr;
    double SnapshotTotals::*seconds = nullptr;
    bool newLine = false;
};

constexpr TotalsField kTotalsFields[] = {
    { "produced", &SnapshotTotals::produced, nullptr, true },
    { "delivered", &SnapshotTotals::delivered },
    { "uniqueDelivered", &SnapshotTotals::uniqueDelivered },
    { "duplicates", &SnapshotTotals::duplicates, nullptr, true },
    { "lost", &SnapshotTotals::lost },
    { "flowControl", nullptr, nullptr, true },
    { "rebalances", &SnapshotTotals::rebalances, nullptr, true },
    { "queueMoves", &SnapshotTotals::queueMoves },
    { "orphanedQueueSeconds", nullptr, &SnapshotTotals::orphanedQueueSeconds, true },
    { "unownedQueueSeconds", nullptr, &SnapshotTotals::unownedQueueSeconds },
    { "doubleOwnedQueueSeconds", nullptr, &SnapshotTotals::doubleOwnedQueueSeconds },
    { "retried", &SnapshotTotals::retried, nullptr, true },
    { "deadLettered", &SnapshotTotals::deadLettered },
};

//! totals.pop: what the POP groups did (report-format.md, "POP consumption"), on one line.
constexpr TotalsField kPopFields[] = {
    { "popped", &SnapshotTotals::popPopped },
    { "acked", &SnapshotTotals::popAcked },
    { "revived", &SnapshotTotals::popRevived },
    { "redelivered", &SnapshotTotals::popRedelivered },
    { "inFlight", &SnapshotTotals::popInFlight },
    { "invisible", &SnapshotTotals::popInvisible },
};

void writeFields(Out &o, const SnapshotTotals &t, std::span<const TotalsField> fields, bool broker)
{
    for (const TotalsField &f : fields) {
        if (f.newLine) {
            o.newLine();
        }
        o.key(f.key);
        if (f.count) {
            o.number(t.*f.count);
        } else if (f.seconds) {
            o.seconds(t.*f.seconds);
        } else {
            writeFlow(o, t.flowControl, broker ? t.brokerFlowControl : nullptr);
        }
    }
}

//! A totals object: a few figures a line, the closing brace on a line of its own.
void writeTotals(Out &o, const SnapshotTotals &t, bool broker)
{
    o.beginObject(Out::Layout::Lines);
    writeFields(o, t, kTotalsFields, broker);
    if (t.pop) {
        // Only when the scenario has POP groups: other reports stay byte-identical.
        o.newLine();
        o.key("pop");
        o.beginObject();
        writeFields(o, t, kPopFields, false);
        o.endObject();
    }
    o.endObject();
}

//! What every part of the report reads: the record, the options and what they imply.
struct Report
{
    const RunRecord &record;
    const ReportWriter::Options &options;
    //! Broker push-back counts appear only in runs that had any: other reports keep their bytes.
    bool brokerPushBack = false;
    const Catalog &catalog() const { return record.catalog; }
};

void writeRun(Out &o, const Report &r)
{
    o.newLine();
    o.member("format", u"rebalance-lab/report@1");
    o.newLine();
    o.member("scenario", r.record.scenario);
    o.newLine();
    o.member("seed", qint64(r.record.seed));
    o.member("profile", profileName(r.record.profile));
    o.member("duration", r.options.duration);
    o.member("sampleInterval", r.record.sampleInterval);
    o.newLine();
    o.key("totals");
    writeTotals(o, r.record.final.totals, r.brokerPushBack);
}

// The same figures per consumer group (Simulation::groupTotals), in the scenario's order: an
// addition after "totals"; a record without them (the app's CSV export) writes none.
void writeGroups(Out &o, const Report &r)
{
    if (r.record.groupTotals.isEmpty()) {
        return;
    }
    const QList<GroupInfo> &groups = r.catalog().groups;
    o.newLine();
    o.key("groups");
    o.beginObject(Out::Layout::Block);
    for (qsizetype g = 0; g < r.record.groupTotals.size() && g < groups.size(); ++g) {
        o.key(groups[g].name);
        writeTotals(o, r.record.groupTotals[g], r.brokerPushBack);
    }
    o.endObject();
}

// The final state of every queue, in RocketMQ's order.
void writeFinalQueues(Out &o, const Report &r)
{
    const WorldSnapshot &snap = r.record.final;
    o.newLine();
    o.key("queues");
    o.beginArray(Out::Layout::Block);
    for (qint32 q : r.catalog().sortedQueueOrder) {
        const QueueInfo &info = r.catalog().queues[q];
        const SnapshotQueue &row = snap.queues[q];
        o.beginObject();
        o.member("topic", info.topic);
        o.member("brokerName", info.brokerName);
        o.member("queueId", info.queueId);
        o.newLine();
        o.member("brokerOffset", row.brokerOffset);
        o.member("committedOffset", row.committedOffset);
        o.member("lag", row.lag);
        QList<qint32> owners;
        for (qint32 h = row.firstHolding; h < row.firstHolding + row.holdingCount; ++h) {
            if (!snap.holdings[h].dropped) {
                owners.append(snap.holdings[h].consumer);
            }
        }
        o.key("owners");
        writeOwners(o, owners, r.catalog().consumers);
        o.endObject();
    }
    o.endArray();
}

// The final state of every consumer, in the catalog's order.
void writeFinalConsumers(Out &o, const Report &r)
{
    const QList<ConsumerInfo> &consumers = r.catalog().consumers;
    o.newLine();
    o.key("consumers");
    o.beginArray(Out::Layout::Block);
    for (qsizetype c = 0; c < consumers.size(); ++c) {
        const ConsumerInfo &info = consumers[c];
        const SnapshotConsumer &row = r.record.final.consumers[c];
        o.beginObject();
        o.member("name", info.name);
        o.member("id", info.id);
        o.member("group", info.group);
        o.member("state", consumerStateName(row.state));
        o.newLine();
        o.member("delivered", row.delivered);
        o.key("flowControl");
        writeFlow(o, row.flowControl, r.brokerPushBack ? row.brokerFlowControl : nullptr);
        if (row.pop) {
            o.newLine();
            o.key("pop");
            o.beginObject();
            o.member("inFlight", row.popInFlight);
            o.member("invisible", row.popInvisible);
            o.member("acked", row.popAcked);
            o.member("redelivered", row.popRedelivered);
            o.endObject();
        }
        o.endObject();
    }
    o.endArray();
}

// A sample: the queues in the order of "queues", every consumer of "consumers" (a consumer
// that did not exist yet at the sample is "absent").
void writeSample(Out &o, const Report &r, const Sample &sample)
{
    o.beginObject();
    o.member("t", sample.t);
    o.newLine();
    o.key("queues");
    o.beginArray();
    for (qint32 q : r.catalog().sortedQueueOrder) {
        const Sample::Queue empty;
        const Sample::Queue &row = q < sample.queues.size() ? sample.queues[q] : empty;
        o.beginObject();
        o.key("owners");
        writeOwners(o, row.owners, r.catalog().consumers);
        o.member("cachedCount", row.cachedCount);
        o.member("cachedBytes", row.cachedBytes);
        o.member("maxSpan", row.maxSpan);
        o.member("brokerOffset", row.brokerOffset);
        o.member("committedOffset", row.committedOffset);
        o.member("lag", row.lag);
        o.endObject();
    }
    o.endArray();
    o.newLine();
    o.key("consumers");
    o.beginArray();
    for (qsizetype c = 0; c < r.catalog().consumers.size(); ++c) {
        const Sample::Consumer empty;
        const Sample::Consumer &row = c < sample.consumers.size() ? sample.consumers[c] : empty;
        o.beginObject();
        o.member("state", consumerStateName(row.state));
        o.member("cachedCount", row.cachedCount);
        o.member("cachedBytes", row.cachedBytes);
        o.member("delivered", row.delivered);
        o.member("flowControl", row.flowControl[0] + row.flowControl[1] + row.flowControl[2]);
        if (row.popInFlight >= 0) { // POP consumers only
            o.member("popInFlight", row.popInFlight);
            o.member("popInvisible", row.popInvisible);
            o.member("popAcked", row.popAcked);
            o.member("popRevived", row.popRevived);
            o.member("popRedelivered", row.popRedelivered);
        }
        o.endObject();
    }
    o.endArray();
    o.endObject();
}

// Streamed: each sample is written as it is read back and handed on once a slice is full.
bool writeSamples(Out &o, const Report &r)
{
    o.newLine();
    o.key("samples");
    o.beginArray(Out::Layout::Block);
    const bool read = r.record.samples([&](const Sample &sample) {
        writeSample(o, r, sample);
        o.spill();
    });
    o.endArray();
    return read;
}

void writeEvent(Out &o, const Report &r, const SimEvent &e)
{
    const Catalog &catalog = r.catalog();
    const QString topic = e.topic >= 0 ? catalog.topics.value(e.topic) : QString();
    o.beginObject();
    o.member("t", e.t);
    o.member("type", SimEvent::typeName(e.type));
    if (e.consumer >= 0) {
        o.member("consumer", catalog.consumers[e.consumer].name);
    }
    if (e.broker >= 0) {
        o.member("broker", catalog.brokers.value(e.broker));
    }
    if (e.topic >= 0) {
        o.member("topic", topic);
    }
    if (e.queue >= 0) {
        o.key("queue");
        writeQueueRef(o, catalog.queues[e.queue], QString());
    }
    if (e.type == SimEvent::Type::FlowControlOn || e.type == SimEvent::Type::FlowControlOff) {
        o.member("cause", causeName(e.cause));
    }
    if (e.type == SimEvent::Type::Rebalance) {
        o.key("added");
        writeQueueRefs(o, e.added, catalog, topic);
        o.key("removed");
        writeQueueRefs(o, e.removed, catalog, topic);
    }
    if (e.group >= 0) {
        o.member("group", catalog.group(e.group).name);
    }
    if (e.count >= 0) {
        o.member("count", e.count);
    }
    if (!e.detail.isEmpty()) {
        o.member("detail", e.detail);
    }
    o.endObject();
}

// The CLI's run streams its events from a spool, as its samples (issue 12).
bool writeEvents(Out &o, const Report &r)
{
    o.newLine();
    o.key("events");
    o.beginArray(Out::Layout::Block);
    const bool read = !r.record.events || r.record.events([&](const SimEvent &e) {
        o.spill();
        writeEvent(o, r, e);
    });
    o.endArray();
    return read;
}

void writeTiming(Out &o, const Report &r)
{
    const ReportWriter::Options &options = r.options;
    if (!options.wallSeconds) {
        return;
    }
    o.newLine();
    o.key("timing");
    o.beginObject();
    o.key("wallSeconds");
    o.seconds(*options.wallSeconds);
    o.member("events", qint64(options.processedEvents));
    o.key("speed");
    o.seconds(
        *options.wallSeconds > 0 ? double(options.duration) / 1000.0 / *options.wallSeconds : 0.0);
    o.endObject();
}

} // namespace

QByteArray ReportWriter::toJson(Simulation &simulation, const Options &options)
{
    return toJson(RunRecord::of(simulation), options);
}

QByteArray ReportWriter::toJson(const RunRecord &record, const Options &options)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!writeJson(record, options, &buffer, nullptr)) {
        return QByteArray();
    }
    return buffer.data();
}

bool ReportWriter::writeJson(
    const RunRecord &record, const Options &options, QIODevice *device, QString *error)
{
    const SnapshotTotals &t = record.final.totals;
    const Report report { record, options, t.brokerFlowControl[0] + t.brokerFlowControl[1] > 0 };
    Out o(device);
    o.beginObject(Out::Layout::Lines);
    writeRun(o, report);
    writeGroups(o, report);
    writeFinalQueues(o, report);
    writeFinalConsumers(o, report);
    if (!writeSamples(o, report)) {
        if (error) {
            *error = tr("cannot read the samples back");
        }
        return false;
    }
    if (!writeEvents(o, report)) {
        if (error) {
            *error = tr("cannot read the events back");
        }
        return false;
    }
    writeTiming(o, report);
    o.endObject();
    if (!o.finish()) {
        if (error) {
            *error = device->errorString();
        }
        return false;
    }
    return true;
}

bool ReportWriter::writeCsv(Simulation &simulation, const QString &directory, QString *error)
{
    return writeCsv(RunRecord::of(simulation), directory, error);
}

namespace {

QString csvText(const QString &text)
{
    if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"'))) {
        return QLatin1Char('"') + QString(text).replace(QLatin1String("\""), QLatin1String("\"\""))
            + QLatin1Char('"');
    }
    return text;
}

// consumers.csv: a row per sample and consumer; POP columns only when the run has POP groups.
void writeConsumerRows(Out &c, const Catalog &catalog, const Sample &s, bool pop)
{
    const QList<ConsumerInfo> &consumers = catalog.consumers;
    for (qsizetype i = 0; i < consumers.size(); ++i) {
        const Sample::Consumer empty;
        const Sample::Consumer &row = i < s.consumers.size() ? s.consumers[i] : empty;
        c.raw(QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14")
                  .arg(s.t)
                  .arg(csvText(consumers[i].name), csvText(consumers[i].id),
                      csvText(consumers[i].group), consumerStateName(row.state))
                  .arg(row.cachedCount)
                  .arg(row.cachedBytes)
                  .arg(row.delivered)
                  .arg(row.flowControl[0])
                  .arg(row.flowControl[1])
                  .arg(row.flowControl[2])
                  .arg(row.lag)
                  .arg(row.pullThresholdForQueue)
                  .arg(row.pullThresholdSizeForQueue)
                  .toUtf8());
        if (pop && row.popInFlight >= 0) {
            c.raw(QStringLiteral(",%1,%2,%3,%4,%5\n")
                      .arg(row.popInFlight)
                      .arg(row.popInvisible)
                      .arg(row.popAcked)
                      .arg(row.popRevived)
                      .arg(row.popRedelivered)
                      .toUtf8());
        } else {
            c.raw(pop ? ",,,,,\n" : "\n");
        }
    }
}

// queues.csv: a row per sample and queue, in RocketMQ's order.
void writeQueueRows(Out &q, const Catalog &catalog, const Sample &s)
{
    for (qint32 index : catalog.sortedQueueOrder) {
        const Sample::Queue empty;
        const Sample::Queue &row = index < s.queues.size() ? s.queues[index] : empty;
        const QueueInfo &info = catalog.queues[index];
        QStringList owners;
        for (qint32 owner : row.owners) {
            owners.append(catalog.consumers[owner].name);
        }
        q.raw(QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11\n")
                  .arg(s.t)
                  .arg(csvText(info.topic), csvText(info.brokerName))
                  .arg(info.queueId)
                  .arg(csvText(owners.join(QLatin1Char(' '))))
                  .arg(row.cachedCount)
                  .arg(row.cachedBytes)
                  .arg(row.maxSpan)
                  .arg(row.brokerOffset)
                  .arg(row.committedOffset)
                  .arg(row.lag)
                  .toUtf8());
    }
}

} // namespace

bool ReportWriter::writeCsv(const RunRecord &record, const QString &directory, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error) {
            *error = message;
        }
        return false;
    };
    if (!QDir().mkpath(directory)) {
        return fail(tr("cannot create the folder %1").arg(directory));
    }
    // The three files are written side by side in one pass over the samples, each in slices.
    QSaveFile consumerFile(QDir(directory).filePath(QStringLiteral("consumers.csv")));
    QSaveFile queueFile(QDir(directory).filePath(QStringLiteral("queues.csv")));
    QSaveFile healthFile(QDir(directory).filePath(QStringLiteral("health.csv")));
    QSaveFile *files[] = { &consumerFile, &queueFile, &healthFile };
    for (QSaveFile *file : files) {
        if (!file->open(QIODevice::WriteOnly)) {
            return fail(tr("cannot write %1: %2").arg(file->fileName(), file->errorString()));
        }
    }
    Out c(&consumerFile);
    Out q(&queueFile);
    Out h(&healthFile);
    // POP columns are appended only when the run has POP groups (empty for PULL consumers).
    const bool pop = record.final.totals.pop;
    c.raw("t,consumer,id,group,state,cachedCount,cachedBytes,delivered,flowControlCount,"
          "flowControlSize,flowControlSpan,lag,pullThresholdForQueue,pullThresholdSizeForQueue");
    c.raw(pop ? ",popInFlight,popInvisible,popAcked,popRevived,popRedelivered\n" : "\n");
    q.raw("t,topic,brokerName,queueId,owners,cachedCount,cachedBytes,maxSpan,brokerOffset,"
          "committedOffset,lag\n");
    h.raw("t,orphanedQueues,doubleOwnedQueues\n");
    const bool read = record.samples([&](const Sample &s) {
        writeConsumerRows(c, record.catalog, s, pop);
        writeQueueRows(q, record.catalog, s);
        h.raw(QStringLiteral("%1,%2,%3\n")
                  .arg(s.t)
                  .arg(s.orphanedQueues)
                  .arg(s.doubleOwnedQueues)
                  .toUtf8());
        c.spill();
        q.spill();
        h.spill();
    });
    if (!read) {
        return fail(tr("cannot read the samples back"));
    }
    Out *outs[] = { &c, &q, &h };
    for (int i = 0; i < 3; ++i) {
        if (!outs[i]->finish()) {
            return fail(
                tr("cannot write %1: %2").arg(files[i]->fileName(), files[i]->errorString()));
        }
    }
    // The three as one set: a full disk leaves the old set whole, not a new consumers.csv
    // beside the old queues.csv and health.csv.
    if (QSaveFile *failed = commitAll({ &consumerFile, &queueFile, &healthFile })) {
        return fail(tr("cannot write %1: %2").arg(failed->fileName(), failed->errorString()));
    }
    return true;
}

} // namespace Rblab
