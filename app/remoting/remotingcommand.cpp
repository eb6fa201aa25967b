// SPDX-License-Identifier: Apache-2.0
#include "remotingcommand.h"

#include "json/jsonnode.h"
#include "json/jsonparser.h"
#include "json/jsonwriter.h"

#include <QtEndian>

namespace Rblab::Remoting {

namespace {

void appendInt32(QByteArray &out, quint32 value)
{
    char bytes[4];
    qToBigEndian(value, bytes);
    out.append(bytes, 4);
}

quint32 readInt32(const char *data)
{
    return qFromBigEndian<quint32>(data);
}

std::optional<int> intMember(const JsonNode &header, QStringView key)
{
    const JsonNode *v = header.value(key);
    if (v == nullptr || !v->isNumber()) {
        return std::nullopt;
    }
    const std::optional<qint64> i = v->toInt64();
    if (!i || *i < std::numeric_limits<int>::min() || *i > std::numeric_limits<int>::max()) {
        return std::nullopt;
    }
    return int(*i);
}

} // namespace

QByteArray RemotingCommand::encode() const
{
    JsonNode header = JsonNode::makeObject();
    header.insert(QStringLiteral("code"), JsonNode::makeInteger(code));
    header.insert(QStringLiteral("language"), JsonNode::makeString(language));
    header.insert(QStringLiteral("version"), JsonNode::makeInteger(version));
    header.insert(QStringLiteral("opaque"), JsonNode::makeInteger(opaque));
    header.insert(QStringLiteral("flag"), JsonNode::makeInteger(flag));
    if (!remark.isNull()) {
        header.insert(QStringLiteral("remark"), JsonNode::makeString(remark));
    }
    if (!extFields.isEmpty()) {
        JsonNode ext = JsonNode::makeObject();
        for (auto it = extFields.cbegin(); it != extFields.cend(); ++it) {
            ext.insert(it.key(), JsonNode::makeString(it.value()));
        }
        header.insert(QStringLiteral("extFields"), std::move(ext));
    }
    header.insert(
        QStringLiteral("serializeTypeCurrentRPC"), JsonNode::makeString(QStringLiteral("JSON")));
    const QByteArray headerBytes = JsonWriter::compactUtf8(header);
    QByteArray frame;
    frame.reserve(8 + headerBytes.size() + body.size());
    appendInt32(frame, quint32(4 + headerBytes.size() + body.size()));
    appendInt32(frame, quint32(headerBytes.size()) & 0x00FFFFFFu); // serialize type 0: JSON
    frame.append(headerBytes);
    frame.append(body);
    return frame;
}

std::optional<RemotingCommand> FrameDecoder::decodePayload(
    const QByteArray &payload, QString *error)
{
    if (payload.size() < 4) {
        *error = QStringLiteral("a frame of %1 bytes has no header length").arg(payload.size());
        return std::nullopt;
    }
    const quint32 mark = readInt32(payload.constData());
    const int serializeType = int(mark >> 24);
    const qint64 headerLength = qint64(mark & 0x00FFFFFFu);
    if (serializeType != 0) {
        *error = QStringLiteral("serialize type %1 (only 0, JSON, is read)").arg(serializeType);
        return std::nullopt;
    }
    if (headerLength > payload.size() - 4) {
        *error = QStringLiteral("header length %1 past the frame's %2 bytes")
                     .arg(headerLength)
                     .arg(payload.size() - 4);
        return std::nullopt;
    }
    const JsonParser::Result parsed = JsonParser::parse(payload.mid(4, headerLength));
    if (!parsed.root || !parsed.root->isObject()) {
        *error = QStringLiteral("the header is not a JSON object%1")
                     .arg(parsed.problems.isEmpty()
                             ? QString()
                             : QStringLiteral(": ") + parsed.problems.first().message);
        return std::nullopt;
    }
    const JsonNode &header = *parsed.root;
    RemotingCommand command;
    const std::optional<int> code = intMember(header, u"code");
    const std::optional<int> opaque = intMember(header, u"opaque");
    if (!code || !opaque) {
        *error = QStringLiteral("the header has no integer %1")
                     .arg(code ? QStringLiteral("opaque") : QStringLiteral("code"));
        return std::nullopt;
    }
    command.code = *code;
    command.opaque = *opaque;
    command.flag = intMember(header, u"flag").value_or(0);
    command.version = intMember(header, u"version").value_or(0);
    if (const JsonNode *language = header.value(u"language"); language && language->isString()) {
        command.language = language->text();
    }
    if (const JsonNode *remark = header.value(u"remark"); remark && remark->isString()) {
        command.remark = remark->text();
    }
    if (const JsonNode *ext = header.value(u"extFields"); ext && ext->isObject()) {
        for (qsizetype i = 0; i < ext->size(); ++i) {
            const JsonNode &v = ext->items()[size_t(i)];
            command.extFields.insert(
                ext->keys().at(i).name, v.isString() ? v.text() : JsonWriter::compact(v));
        }
    }
    command.body = payload.mid(4 + headerLength);
    return command;
}

std::optional<RemotingCommand> FrameDecoder::decodeFrame(const QByteArray &frame, QString *error)
{
    FrameDecoder decoder;
    decoder.feed(frame);
    std::optional<RemotingCommand> command = decoder.take();
    if (decoder.failed()) {
        *error = decoder.error();
        return std::nullopt;
    }
    if (!command) {
        *error = QStringLiteral("a truncated frame (%1 bytes)").arg(frame.size());
        return std::nullopt;
    }
    if (decoder.pending() > 0) {
        *error = QStringLiteral("%1 bytes after the frame").arg(decoder.pending());
        return std::nullopt;
    }
    return command;
}

void FrameDecoder::feed(const QByteArray &bytes)
{
    if (!failed()) {
        m_buffer.append(bytes);
    }
}

std::optional<RemotingCommand> FrameDecoder::take()
{
    if (failed() || m_buffer.size() < 4) {
        return std::nullopt;
    }
    const qint64 total = qint64(readInt32(m_buffer.constData()));
    if (total > RemotingCommand::kMaxFrame || total < 4) {
        m_error = QStringLiteral("a frame length of %1 bytes (4 to %2 are read)")
                      .arg(total)
                      .arg(RemotingCommand::kMaxFrame);
        m_buffer.clear();
        return std::nullopt;
    }
    if (m_buffer.size() - 4 < total) {
        return std::nullopt;
    }
    std::optional<RemotingCommand> command = decodePayload(m_buffer.mid(4, total), &m_error);
    if (!command) {
        m_buffer.clear();
        return std::nullopt;
    }
    m_buffer.remove(0, 4 + total);
    return command;
}

void FrameDecoder::reset()
{
    m_buffer.clear();
    m_error.clear();
}

} // namespace Rblab::Remoting
