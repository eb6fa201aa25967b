// SPDX-License-Identifier: Apache-2.0
// The frames between an isolated strategy (the proxy) and `rblab strategy-host` (the helper).
#pragma once

#include <rblab/messagequeue.h>

#include <QByteArray>
#include <QDataStream>
#include <QDeadlineTimer>
#include <QIODevice>
#include <QStringList>
#include <QVariantMap>

class QLocalSocket;

namespace Rblab {

// In Rblab, beside MessageQueue, so that argument-dependent lookup finds them for nested lists.
QDataStream &operator<<(QDataStream &out, const MessageQueue &mq);
QDataStream &operator>>(QDataStream &in, MessageQueue &mq);

namespace HostProtocol {

/*!
    A frame is a 32-bit big-endian length and that many bytes of QDataStream (Qt 6.4 format):
    an operation code, then its fields. Every request gets exactly one reply, except Destroy.

      Create      instance, strategy name, plugin file, params, default topic
                  → ok, parameter, error, the strategy's name()
      Allocate    instance, group, currentCid, same, [mqAll, cidAll unless same]
                  → error (null when ok), queues; `same` (bool): the lists of this instance's
                  last Allocate, which the helper keeps
      AllocateAll instance, group, mqAll, cidAll → error, one queue list per consumer
      Destroy     instance (no reply)
*/
enum class Op : quint8 { Create = 1, Allocate = 2, AllocateAll = 3, Destroy = 4 };

//! Frames above this size are refused (a corrupt length, not a real answer).
inline constexpr quint32 kMaxFrameBytes = 256u * 1024 * 1024;

//! Parameters as the helper's registry reads them: queue lists become lists of objects (the
//! form scenario files use), so that every value streams as a plain QVariant.
QVariantMap portableParams(const QVariantMap &params);

//! Every frame's stream format.
inline constexpr QDataStream::Version kStreamVersion = QDataStream::Qt_6_4;

enum class ReadResult { Frame, Closed, TimedOut, Corrupt };

//! Writes one frame; false when the peer is gone or the deadline passed.
bool writeFrame(QLocalSocket &socket, const QByteArray &payload, QDeadlineTimer deadline);
//! Reads one frame, waiting until the deadline.
ReadResult readFrame(QLocalSocket &socket, QByteArray *payload, QDeadlineTimer deadline);

} // namespace HostProtocol
} // namespace Rblab
