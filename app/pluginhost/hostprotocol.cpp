// SPDX-License-Identifier: Apache-2.0
#include "hostprotocol.h"

#include <QLocalSocket>
#include <QtEndian>

namespace Rblab {

QDataStream &operator<<(QDataStream &out, const MessageQueue &mq)
{
    return out << mq.topic << mq.brokerName << qint32(mq.queueId);
}

QDataStream &operator>>(QDataStream &in, MessageQueue &mq)
{
    qint32 id = 0;
    in >> mq.topic >> mq.brokerName >> id;
    mq.queueId = id;
    return in;
}

namespace HostProtocol {

QVariantMap portableParams(const QVariantMap &params)
{
    QVariantMap out = params;
    for (auto it = out.begin(); it != out.end(); ++it) {
        if (it.value().typeId() != qMetaTypeId<MessageQueueList>()) {
            continue;
        }
        QVariantList list;
        const auto queues = it.value().value<MessageQueueList>();
        for (const MessageQueue &mq : queues) {
            list.append(QVariantMap { { QStringLiteral("topic"), mq.topic },
                { QStringLiteral("brokerName"), mq.brokerName },
                { QStringLiteral("queueId"), qlonglong(mq.queueId) } });
        }
        it.value() = list;
    }
    return out;
}

bool writeFrame(QLocalSocket &socket, const QByteArray &payload, QDeadlineTimer deadline)
{
    char header[4];
    qToBigEndian(quint32(payload.size()), header);
    if (socket.write(header, 4) != 4 || socket.write(payload) != payload.size()) {
        return false;
    }
    while (socket.bytesToWrite() > 0) {
        if (socket.state() != QLocalSocket::ConnectedState
            || !socket.waitForBytesWritten(int(qMax<qint64>(1, deadline.remainingTime())))) {
            return false;
        }
        if (deadline.hasExpired() && socket.bytesToWrite() > 0) {
            return false;
        }
    }
    return true;
}

ReadResult readFrame(QLocalSocket &socket, QByteArray *payload, QDeadlineTimer deadline)
{
    auto waitFor = [&](qint64 bytes) -> ReadResult {
        while (socket.bytesAvailable() < bytes) {
            if (socket.state() != QLocalSocket::ConnectedState) {
                return ReadResult::Closed;
            }
            if (deadline.hasExpired()) {
                return ReadResult::TimedOut;
            }
            // forever() has remainingTime() -1, which waitForReadyRead reads as no limit.
            const qint64 remaining = deadline.remainingTime();
            if (!socket.waitForReadyRead(
                    int(qMin<qint64>(remaining < 0 ? 1000 : qMax<qint64>(1, remaining), 1000)))) {
                if (socket.state() != QLocalSocket::ConnectedState) {
                    return ReadResult::Closed;
                }
            }
        }
        return ReadResult::Frame;
    };
    ReadResult r = waitFor(4);
    if (r != ReadResult::Frame) {
        return r;
    }
    char header[4];
    socket.read(header, 4);
    const quint32 length = qFromBigEndian<quint32>(header);
    if (length > kMaxFrameBytes) {
        return ReadResult::Corrupt;
    }
    r = waitFor(length);
    if (r != ReadResult::Frame) {
        return r;
    }
    *payload = socket.read(length);
    return payload->size() == qsizetype(length) ? ReadResult::Frame : ReadResult::Corrupt;
}

} // namespace HostProtocol
} // namespace Rblab
