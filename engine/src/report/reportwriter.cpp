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
    o.raw("{");
    if (q.topic != topic) {
        o.key("topic");
        o.string(q.topic);
        o.raw(", ");
    }
    o.key("brokerName");
    o.string(q.brokerName);
    o.raw(", ");
    o.key("queueId");
    o.number(q.queueId);
    o.raw("}");
}

void writeOwners(Out &o, const QList<qint32> &owners, const QList<ConsumerInfo> &consumers)
{
    o.raw("[");
    for (qsizetype i = 0; i < owners.size(); ++i) {
        if (i) {
            o.raw(", ");
        }
        o.string(consumers[owners[i]].name);
    }
    o.raw("]");
}

/*!
    A flow-control object: the client's holds by check, and, in a run where a broker pushed a pull
    back at all (`broker` non-null), the broker's SYSTEM_BUSY and FLOW_CONTROL answers.
*/
void writeFlow(Out &o, const qint64 (&fc)[3], const qint64 *broker = nullptr)
{
    o.raw("{");
    o.key("count");
    o.number(fc[0]);
    o.raw(", ");
    o.key("size");
    o.number(fc[1]);
    o.raw(", ");
    o.key("span");
    o.number(fc[2]);
    if (broker) {
        o.raw(", ");
        o.key("systemBusy");
        o.number(broker[0]);
        o.raw(", ");
        o.key("brokerFlowControl");
        o.number(broker[1]);
    }
    o.raw("}");
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

//! The members of `fields`, separated by ", " or, before a field on a new line, "," + indent.
void writeFields(Out &o, const SnapshotTotals &t, std::span<const TotalsField> fields,
    const char *indent, bool broker)
{
    for (size_t i = 0; i < fields.size(); ++i) {
        const TotalsField &f = fields[i];
        if (i > 0) {
            o.raw(f.newLine ? "," : ", ");
        }
        if (f.newLine) {
            o.raw(indent);
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

//! A totals object without its closing brace (the caller closes it on its own line).
void writeTotals(Out &o, const SnapshotTotals &t, const char *indent, bool broker)
{
    o.raw("{");
    writeFields(o, t, kTotalsFields, indent, broker);
    if (t.pop) {
        // Only when the scenario has POP groups: other reports stay byte-identical.
        o.raw(",");
        o.raw(indent);
        o.key("pop");
        o.raw("{");
        writeFields(o, t, kPopFields, indent, false);
        o.raw("}");
    }
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
    const WorldSnapshot &snap = record.final;
    const QList<QueueInfo> &queues = record.queues;
    const QList<ConsumerInfo> &consumers = record.consumers;
    const QList<qint32> &order = record.sortedQueueOrder;
    const SnapshotTotals &t = snap.totals;
    const QStringList &brokers = record.brokers;
    const QStringList &topics = record.topics;
    const QStringList &groups = record.groups;

    Out o(device);
    o.raw("{\n  ");
    o.key("format");
    o.string(QStringLiteral("rebalance-lab/report@1"));
    o.raw(",\n  ");
    o.key("scenario");
    o.string(record.scenario);
    o.raw(",\n  ");
    o.key("seed");
    o.number(qint64(record.seed));
    o.raw(", ");
    o.key("profile");
    o.string(profileName(record.profile));
    o.raw(", ");
    o.key("duration");
    o.number(options.duration);
    o.raw(", ");
    o.key("sampleInterval");
    o.number(record.sampleInterval);
    o.raw(",\n  ");

    o.key("totals");
    // Broker push-back counts appear only in runs that had any: other reports keep their bytes.
    const bool brokerPushBack = t.brokerFlowControl[0] + t.brokerFlowControl[1] > 0;
    writeTotals(o, t, "\n    ", brokerPushBack);
    o.raw("\n  },\n  ");

    // The same figures per consumer group (Simulation::groupTotals), in the scenario's order:
    // an addition after "totals"; a record without them (the app's CSV export) writes none.
    if (!record.groupTotals.isEmpty()) {
        o.key("groups");
        o.raw("{");
        for (qsizetype g = 0; g < record.groupTotals.size() && g < groups.size(); ++g) {
            o.raw(g ? ",\n    " : "\n    ");
            o.string(groups[g]);
            o.raw(": ");
            writeTotals(o, record.groupTotals[g], "\n      ", brokerPushBack);
            o.raw("\n    }");
        }
        o.raw("\n  },\n  ");
    }

    // Final state of every queue, in RocketMQ's order.
    o.key("queues");
    o.raw("[");
    for (qsizetype i = 0; i < order.size(); ++i) {
        const qint32 q = order[i];
        const QueueInfo &info = queues[q];
        const SnapshotQueue &row = snap.queues[q];
        o.raw(i ? ",\n    {" : "\n    {");
        o.key("topic");
        o.string(info.topic);
        o.raw(", ");
        o.key("brokerName");
        o.string(info.brokerName);
        o.raw(", ");
        o.key("queueId");
        o.number(info.queueId);
        o.raw(",\n     ");
        o.key("brokerOffset");
        o.number(row.brokerOffset);
        o.raw(", ");
        o.key("committedOffset");
        o.number(row.committedOffset);
        o.raw(", ");
        o.key("lag");
        o.number(row.lag);
        o.raw(", ");
        QList<qint32> owners;
        for (qint32 h = row.firstHolding; h < row.firstHolding + row.holdingCount; ++h) {
            if (!snap.holdings[h].dropped) {
                owners.append(snap.holdings[h].consumer);
            }
        }
        o.key("owners");
        writeOwners(o, owners, consumers);
        o.raw("}");
    }
    o.raw(order.isEmpty() ? "],\n  " : "\n  ],\n  ");

    o.key("consumers");
    o.raw("[");
    for (qsizetype c = 0; c < consumers.size(); ++c) {
        const ConsumerInfo &info = consumers[c];
        const SnapshotConsumer &row = snap.consumers[c];
        o.raw(c ? ",\n    {" : "\n    {");
        o.key("name");
        o.string(info.name);
        o.raw(", ");
        o.key("id");
        o.string(info.id);
        o.raw(", ");
        o.key("group");
        o.string(info.group);
        o.raw(", ");
        o.key("state");
        o.string(consumerStateName(row.state));
        o.raw(",\n     ");
        o.key("delivered");
        o.number(row.delivered);
        o.raw(", ");
        o.key("flowControl");
        writeFlow(o, row.flowControl, brokerPushBack ? row.brokerFlowControl : nullptr);
        if (row.pop) {
            o.raw(",\n     ");
            o.key("pop");
            o.raw("{");
            o.key("inFlight");
            o.number(row.popInFlight);
            o.raw(", ");
            o.key("invisible");
            o.number(row.popInvisible);
            o.raw(", ");
            o.key("acked");
            o.number(row.popAcked);
            o.raw(", ");
            o.key("redelivered");
            o.number(row.popRedelivered);
            o.raw("}");
        }
        o.raw("}");
    }
    o.raw(consumers.isEmpty() ? "],\n  " : "\n  ],\n  ");

    // Samples: the queues in the same order as "queues", every consumer of "consumers" (a
    // consumer that did not exist yet at a sample is "absent").
    o.key("samples");
    o.raw("[");
    // Streamed: each sample is formatted as it is read back and handed on once a slice is full.
    qsizetype s = 0;
    const bool read = record.samples([&](const Sample &sample) {
        o.raw(s++ ? ",\n    {" : "\n    {");
        o.key("t");
        o.number(sample.t);
        o.raw(",\n     ");
        o.key("queues");
        o.raw("[");
        for (qsizetype i = 0; i < order.size(); ++i) {
            const qint32 q = order[i];
            o.raw(i ? ", {" : "{");
            const Sample::Queue empty;
            const Sample::Queue &row = q < sample.queues.size() ? sample.queues[q] : empty;
            o.key("owners");
            writeOwners(o, row.owners, consumers);
            o.raw(", ");
            o.key("cachedCount");
            o.number(row.cachedCount);
            o.raw(", ");
            o.key("cachedBytes");
            o.number(row.cachedBytes);
            o.raw(", ");
            o.key("maxSpan");
            o.number(row.maxSpan);
            o.raw(", ");
            o.key("brokerOffset");
            o.number(row.brokerOffset);
            o.raw(", ");
            o.key("committedOffset");
            o.number(row.committedOffset);
            o.raw(", ");
            o.key("lag");
            o.number(row.lag);
            o.raw("}");
        }
        o.raw("],\n     ");
        o.key("consumers");
        o.raw("[");
        for (qsizetype c = 0; c < consumers.size(); ++c) {
            const Sample::Consumer empty;
            const Sample::Consumer &row = c < sample.consumers.size() ? sample.consumers[c] : empty;
            o.raw(c ? ", {" : "{");
            o.key("state");
            o.string(consumerStateName(row.state));
            o.raw(", ");
            o.key("cachedCount");
            o.number(row.cachedCount);
            o.raw(", ");
            o.key("cachedBytes");
            o.number(row.cachedBytes);
            o.raw(", ");
            o.key("delivered");
            o.number(row.delivered);
            o.raw(", ");
            o.key("flowControl");
            o.number(row.flowControl[0] + row.flowControl[1] + row.flowControl[2]);
            if (row.popInFlight >= 0) { // POP consumers only
                o.raw(", ");
                o.key("popInFlight");
                o.number(row.popInFlight);
                o.raw(", ");
                o.key("popInvisible");
                o.number(row.popInvisible);
                o.raw(", ");
                o.key("popAcked");
                o.number(row.popAcked);
                o.raw(", ");
                o.key("popRevived");
                o.number(row.popRevived);
                o.raw(", ");
                o.key("popRedelivered");
                o.number(row.popRedelivered);
            }
            o.raw("}");
        }
        o.raw("]}");
        o.spill();
    });
    if (!read) {
        if (error) {
            *error = tr("cannot read the samples back");
        }
        return false;
    }
    o.raw(s == 0 ? "],\n  " : "\n  ],\n  ");

    o.key("events");
    o.raw("[");
    qsizetype i = 0;
    const auto writeEvent = [&](const SimEvent &e) {
        o.spill();
        o.raw(i ? ",\n    {" : "\n    {");
        o.key("t");
        o.number(e.t);
        o.raw(", ");
        o.key("type");
        o.string(SimEvent::typeName(e.type));
        const QString topic = e.topic >= 0 ? topics.value(e.topic) : QString();
        if (e.consumer >= 0) {
            o.raw(", ");
            o.key("consumer");
            o.string(consumers[e.consumer].name);
        }
        if (e.broker >= 0) {
            o.raw(", ");
            o.key("broker");
            o.string(brokers.value(e.broker));
        }
        if (e.topic >= 0) {
            o.raw(", ");
            o.key("topic");
            o.string(topic);
        }
        if (e.queue >= 0) {
            o.raw(", ");
            o.key("queue");
            writeQueueRef(o, queues[e.queue], QString());
        }
        if (e.type == SimEvent::Type::FlowControlOn || e.type == SimEvent::Type::FlowControlOff) {
            o.raw(", ");
            o.key("cause");
            o.string(causeName(e.cause));
        }
        if (e.type == SimEvent::Type::Rebalance) {
            o.raw(", ");
            o.key("added");
            o.raw("[");
            for (qsizetype k = 0; k < e.added.size(); ++k) {
                if (k) {
                    o.raw(", ");
                }
                writeQueueRef(o, queues[e.added[k]], topic);
            }
            o.raw("], ");
            o.key("removed");
            o.raw("[");
            for (qsizetype k = 0; k < e.removed.size(); ++k) {
                if (k) {
                    o.raw(", ");
                }
                writeQueueRef(o, queues[e.removed[k]], topic);
            }
            o.raw("]");
        }
        if (e.group >= 0) {
            o.raw(", ");
            o.key("group");
            o.string(groups.value(e.group));
        }
        if (e.count >= 0) {
            o.raw(", ");
            o.key("count");
            o.number(e.count);
        }
        if (!e.detail.isEmpty()) {
            o.raw(", ");
            o.key("detail");
            o.string(e.detail);
        }
        o.raw("}");
        ++i;
    };
    // The CLI's run streams its events from a spool, as its samples (issue 12).
    if (record.events && !record.events(writeEvent)) {
        if (error) {
            *error = tr("cannot read the events back");
        }
        return false;
    }
    o.raw(i == 0 ? "]" : "\n  ]");

    if (options.wallSeconds) {
        o.raw(",\n  ");
        o.key("timing");
        o.raw("{");
        o.key("wallSeconds");
        o.seconds(*options.wallSeconds);
        o.raw(", ");
        o.key("events");
        o.number(qint64(options.processedEvents));
        o.raw(", ");
        o.key("speed");
        o.seconds(*options.wallSeconds > 0
                ? double(options.duration) / 1000.0 / *options.wallSeconds
                : 0.0);
        o.raw("}");
    }
    o.raw("\n}\n");
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

bool ReportWriter::writeCsv(const RunRecord &record, const QString &directory, QString *error)
{
    if (!QDir().mkpath(directory)) {
        if (error) {
            *error = tr("cannot create the folder %1").arg(directory);
        }
        return false;
    }
    const QList<QueueInfo> &queues = record.queues;
    const QList<ConsumerInfo> &consumers = record.consumers;
    const QList<qint32> &order = record.sortedQueueOrder;

    auto csvText = [](const QString &text) {
        if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"'))) {
            return QLatin1Char('"')
                + QString(text).replace(QLatin1String("\""), QLatin1String("\"\""))
                + QLatin1Char('"');
        }
        return text;
    };

    // The three files are written side by side in one pass over the samples, each in slices.
    QSaveFile consumerFile(QDir(directory).filePath(QStringLiteral("consumers.csv")));
    QSaveFile queueFile(QDir(directory).filePath(QStringLiteral("queues.csv")));
    QSaveFile healthFile(QDir(directory).filePath(QStringLiteral("health.csv")));
    QSaveFile *files[] = { &consumerFile, &queueFile, &healthFile };
    for (QSaveFile *file : files) {
        if (!file->open(QIODevice::WriteOnly)) {
            if (error) {
                *error = tr("cannot write %1: %2").arg(file->fileName(), file->errorString());
            }
            return false;
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
        for (qint32 index : order) {
            const Sample::Queue empty;
            const Sample::Queue &row = index < s.queues.size() ? s.queues[index] : empty;
            QStringList owners;
            for (qint32 owner : row.owners) {
                owners.append(consumers[owner].name);
            }
            q.raw(QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11\n")
                      .arg(s.t)
                      .arg(csvText(queues[index].topic), csvText(queues[index].brokerName))
                      .arg(queues[index].queueId)
                      .arg(csvText(owners.join(QLatin1Char(' '))))
                      .arg(row.cachedCount)
                      .arg(row.cachedBytes)
                      .arg(row.maxSpan)
                      .arg(row.brokerOffset)
                      .arg(row.committedOffset)
                      .arg(row.lag)
                      .toUtf8());
        }
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
        if (error) {
            *error = tr("cannot read the samples back");
        }
        return false;
    }
    Out *outs[] = { &c, &q, &h };
    for (int i = 0; i < 3; ++i) {
        if (!outs[i]->finish()) {
            if (error) {
                *error
                    = tr("cannot write %1: %2").arg(files[i]->fileName(), files[i]->errorString());
            }
            return false;
        }
    }
    // The three as one set: a full disk leaves the old set whole, not a new consumers.csv
    // beside the old queues.csv and health.csv.
    if (QSaveFile *failed = commitAll({ &consumerFile, &queueFile, &healthFile })) {
        if (error) {
            *error = tr("cannot write %1: %2").arg(failed->fileName(), failed->errorString());
        }
        return false;
    }
    return true;
}

} // namespace Rblab
