// SPDX-License-Identifier: Apache-2.0
// RocketMQ's remoting frame (RemotingCommand with JSON headers): encoding and decoding.
#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>

#include <optional>

namespace Rblab::Remoting {

/*!
    One remoting command, request or response. On the wire (RemotingCommand.encode with the
    JSON serializer):

        int32 BE  total = 4 + header length + body length (the total itself not counted)
        int32 BE  serializeType << 24 | header length   (0 = JSON; 1 = ROCKETMQ is refused)
        header    {"code", "language", "version", "opaque", "flag", "remark", "extFields"}
        body      bytes (fastjson text for the queries the lab sends)

    A response has bit 0 of flag set and echoes its request's opaque.
*/
struct RemotingCommand
{
    //! The version the lab says it speaks: 4.9.8 (MQVersion V4_9_8). From 401 on the name
    //! server answers routes in standard JSON.
    static constexpr int kVersion = 409;
    //! The largest frame accepted (RocketMQ's own default limit is 16 MiB).
    static constexpr qint64 kMaxFrame = 64 * 1024 * 1024;

    int code = 0;
    QString language = QStringLiteral("JAVA");
    int version = kVersion;
    int opaque = 0;
    int flag = 0;
    QString remark;
    QMap<QString, QString> extFields;
    QByteArray body;

    bool isResponse() const { return (flag & 1) != 0; }

    //! The whole frame, length prefix included.
    QByteArray encode() const;
};

/*!
    Cuts a byte stream into commands. feed() what the socket read, then take() until it gives
    nothing. A length beyond kMaxFrame or below the header's, a header length past the frame, a
    serialize type other than JSON or a header that is not a JSON object is an error: error()
    says which, and the decoder gives nothing more (the connection is to be closed).
*/
class FrameDecoder
{
public:
    void feed(const QByteArray &bytes);
    std::optional<RemotingCommand> take();
    bool failed() const { return !m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    //! Bytes held that do not yet make a frame (a truncated frame at the end of a stream).
    qsizetype pending() const { return m_buffer.size(); }
    void reset();

    //! One whole frame (length prefix included), or an error.
    static std::optional<RemotingCommand> decodeFrame(const QByteArray &frame, QString *error);
    //! A frame without its length prefix: header length, header, body.
    static std::optional<RemotingCommand> decodePayload(const QByteArray &payload, QString *error);

private:
    QByteArray m_buffer;
    QString m_error;
};

} // namespace Rblab::Remoting
