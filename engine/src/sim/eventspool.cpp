// SPDX-License-Identifier: Apache-2.0
#include "sim/eventspool.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryFile>

#include <cstring>

namespace Rblab {

namespace {

constexpr qsizetype kFlushBytes = 1 << 16; // written to the file in slices of 64 KiB

template<typename T> void put(QByteArray &out, T value)
{
    out.append(reinterpret_cast<const char *>(&value), qsizetype(sizeof(T)));
}

template<typename T> bool take(const char *&p, const char *end, T &value)
{
    if (end - p < qsizetype(sizeof(T))) {
        return false;
    }
    std::memcpy(&value, p, sizeof(T));
    p += sizeof(T);
    return true;
}

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
    : m_file(std::make_unique<QTemporaryFile>(
        QDir(QDir::tempPath()).filePath(QStringLiteral("rblab-events-XXXXXX"))))
{
    if (!m_file->open()) {
        m_error = QCoreApplication::translate(
            "Rblab::EventSpool", "cannot create a temporary file for the events in %1: %2")
                      .arg(QDir::tempPath(), m_file->errorString());
    }
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
    encode(event, m_buffer);
    ++m_count;
    if (m_buffer.size() >= kFlushBytes) {
        flush();
    }
}

bool EventSpool::flush() const
{
    if (m_buffer.isEmpty() || !m_error.isEmpty()) {
        return m_error.isEmpty();
    }
    if (m_file->write(m_buffer) != m_buffer.size()) {
        m_error
            = QCoreApplication::translate("Rblab::EventSpool", "cannot write the events to %1: %2")
                  .arg(m_file->fileName(), m_file->errorString());
        return false;
    }
    m_written += m_buffer.size();
    m_buffer.clear();
    return true;
}

bool EventSpool::forEach(const std::function<void(const SimEvent &)> &visit) const
{
    if (!flush() || !m_file->flush()) {
        return false;
    }
    // A second handle on the same file reads it from the start without moving the writer.
    QFile reader(m_file->fileName());
    if (!reader.open(QIODevice::ReadOnly)) {
        m_error = reader.errorString();
        return false;
    }
    SimEvent event;
    QByteArray block;
    qint64 left = m_written;
    qsizetype consumed = 0;
    qsizetype visited = 0;
    while (visited < m_count) {
        const char *begin = block.constData() + consumed;
        const char *end = block.constData() + block.size();
        const char *next = decode(begin, end, event);
        if (!next) {
            // The event goes on in the next slice (an event is far smaller than a slice).
            if (left <= 0) {
                m_error = QCoreApplication::translate(
                    "Rblab::EventSpool", "the events in %1 are truncated")
                              .arg(m_file->fileName());
                return false;
            }
            block.remove(0, consumed);
            consumed = 0;
            const QByteArray more = reader.read(std::min<qint64>(left, kFlushBytes));
            if (more.isEmpty()) {
                m_error = reader.errorString();
                return false;
            }
            left -= more.size();
            block.append(more);
            continue;
        }
        consumed += next - begin;
        ++visited;
        visit(event);
    }
    return true;
}

} // namespace Rblab
