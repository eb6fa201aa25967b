// SPDX-License-Identifier: Apache-2.0
#include "run/eventspool.h"

#include <QCoreApplication>
#include <QFile>

#include <cstring>

namespace Rblab {

namespace {

constexpr qsizetype kSliceBytes = 1 << 16; // written to the file in slices of 64 KiB

using SpoolCodec::put;
using SpoolCodec::take;

void putList(QByteArray &out, const QList<qint32> &list)
{
    put<qint32>(out, qint32(list.size()));
    out.append(
        reinterpret_cast<const char *>(list.constData()), list.size() * qsizetype(sizeof(qint32)));
}

bool takeList(const char *&p, const char *end, QList<qint32> &list)
{
    qint32 n = 0;
    if (!take(p, end, n) || n < 0 || end - p < qsizetype(n) * qsizetype(sizeof(qint32))) {
        return false;
    }
    list.resize(n);
    if (n > 0) { // an empty QList has no storage: memcpy must not be handed its null data()
        std::memcpy(list.data(), p, size_t(n) * sizeof(qint32));
    }
    p += qsizetype(n) * qsizetype(sizeof(qint32));
    return true;
}

} // namespace

EventSpool::EventSpool()
    : m_file(std::make_unique<SpoolFile>(QStringLiteral("rblab-events-XXXXXX"), kSliceBytes,
        SpoolFile::Texts {
            QCoreApplication::translate(
                "Rblab::EventSpool", "cannot create a temporary file for the events in %1: %2"),
            QCoreApplication::translate("Rblab::EventSpool", "cannot write the events to %1: %2"),
            QCoreApplication::translate("Rblab::EventSpool", "the events in %1 are truncated"),
        }))
{
}

EventSpool::~EventSpool() = default;

void EventSpool::encode(const SimEvent &e, QByteArray &out)
{
    put<qint64>(out, e.t);
    put<quint8>(out, quint8(e.type));
    put<quint8>(out, quint8(e.cause));
    put<qint32>(out, e.consumer);
    put<qint32>(out, e.broker);
    put<qint32>(out, e.topic);
    put<qint32>(out, e.queue);
    put<qint32>(out, e.group);
    put<qint32>(out, e.count);
    putList(out, e.added);
    putList(out, e.removed);
    put<qint32>(out, qint32(e.detail.size()));
    out.append(reinterpret_cast<const char *>(e.detail.constData()),
        e.detail.size() * qsizetype(sizeof(QChar)));
    // The flow-control figures are set on FlowControlOn only; a flag spares the others 56 bytes.
    const bool flow = e.flow != SimEvent::FlowFigures();
    put<quint8>(out, quint8(flow));
    if (flow) {
        put<SimEvent::FlowFigures>(out, e.flow);
    }
}

const char *EventSpool::decode(const char *p, const char *end, SimEvent &e)
{
    quint8 type = 0;
    quint8 cause = 0;
    qint32 detail = 0;
    if (!take(p, end, e.t) || !take(p, end, type) || !take(p, end, cause)
        || !take(p, end, e.consumer) || !take(p, end, e.broker) || !take(p, end, e.topic)
        || !take(p, end, e.queue) || !take(p, end, e.group) || !take(p, end, e.count)
        || !takeList(p, end, e.added) || !takeList(p, end, e.removed) || !take(p, end, detail)
        || detail < 0 || end - p < qsizetype(detail) * qsizetype(sizeof(QChar))) {
        return nullptr;
    }
    e.type = SimEvent::Type(type);
    e.cause = SimEvent::FlowCause(cause);
    e.detail = QString(reinterpret_cast<const QChar *>(p), detail);
    p += qsizetype(detail) * qsizetype(sizeof(QChar));
    quint8 flow = 0;
    if (!take(p, end, flow)) {
        return nullptr;
    }
    e.flow = SimEvent::FlowFigures();
    if (flow && !take(p, end, e.flow)) {
        return nullptr;
    }
    return p;
}

void EventSpool::append(const SimEvent &event)
{
    encode(event, m_file->buffer());
    ++m_count;
    m_file->appended();
}

bool EventSpool::forEach(const std::function<void(const SimEvent &)> &visit) const
{
    SimEvent event;
    return m_file->forEach([&](const char *begin, const char *end) {
        const char *next = decode(begin, end, event);
        if (next) {
            visit(event);
        }
        return next;
    });
}

} // namespace Rblab
