// SPDX-License-Identifier: Apache-2.0
#include "json/jsonwriter.h"

#include "json/jsonnode.h"

#include <QIODevice>

#include <cmath>
#include <cstdio>

namespace Rblab {

namespace {

//! The escape for a character JSON does not allow as is, or nullptr.
const char *shortEscape(char16_t c)
{
    switch (c) {
    case u'"':
        return "\\\"";
    case u'\\':
        return "\\\\";
    case u'\n':
        return "\\n";
    case u'\r':
        return "\\r";
    case u'\t':
        return "\\t";
    case u'\b':
        return "\\b";
    case u'\f':
        return "\\f";
    default:
        return nullptr;
    }
}

} // namespace

void JsonWriter::appendQuoted(QByteArray &out, QStringView text)
{
    out.append('"');
    qsizetype plainFrom = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c >= 0x20 && c != u'"' && c != u'\\') {
            continue;
        }
        // Runs of ordinary characters are converted at once, so that a surrogate pair (an
        // emoji in a consumer's name) stays one character instead of two replacement marks.
        out.append(text.sliced(plainFrom, i - plainFrom).toUtf8());
        if (const char *escape = shortEscape(c)) {
            out.append(escape);
        } else {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", unsigned(c));
            out.append(buffer);
        }
        plainFrom = i + 1;
    }
    out.append(text.sliced(plainFrom).toUtf8());
    out.append('"');
}

QString JsonWriter::quote(const QString &text)
{
    QByteArray out;
    out.reserve(text.size() + 2);
    appendQuoted(out, text);
    return QString::fromUtf8(out);
}

bool JsonWriter::Stream::spill(qsizetype atLeast)
{
    if (!m_device || bytes.size() < atLeast) {
        return m_ok;
    }
    // A write that stops short (a full disk takes what fits) is tried again for the rest: the
    // second try fails with the reason, where the first left "Unknown error".
    qsizetype done = 0;
    while (m_ok && done < bytes.size()) {
        const qint64 n = m_device->write(bytes.constData() + done, bytes.size() - done);
        if (n <= 0) {
            m_ok = false;
        } else {
            done += qsizetype(n);
        }
    }
    m_spilled += bytes.size();
    bytes.clear();
    return m_ok;
}

void JsonWriter::Stream::open(char bracket, Layout layout)
{
    beginItem();
    const int column = int(m_spilled + bytes.size() - m_lineStart);
    bytes.append(bracket);
    m_levels.push_back({ layout, m_lineIndent, column + 1 });
}

void JsonWriter::Stream::close(char bracket)
{
    const Level level = m_levels.back();
    m_levels.pop_back();
    m_breakNext = false;
    if (level.broke) {
        breakLine(level.indent);
    }
    bytes.append(bracket);
    if (m_levels.empty()) {
        bytes.append('\n');
    }
}

void JsonWriter::Stream::beginItem()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_levels.empty()) {
        return;
    }
    Level &level = m_levels.back();
    const bool ownLine = level.layout == Layout::Block || m_breakNext;
    m_breakNext = false;
    if (level.items++ > 0) {
        bytes.append(',');
    }
    if (ownLine) {
        const bool hanging = level.layout == Layout::Inline;
        breakLine(hanging ? level.hanging : level.indent + 2);
        level.broke = level.broke || !hanging;
    } else if (level.items > 1) {
        bytes.append(' ');
    }
}

void JsonWriter::Stream::breakLine(int indent)
{
    bytes.append('\n');
    m_lineStart = m_spilled + bytes.size();
    bytes.append(QByteArray(indent, ' '));
    m_lineIndent = indent;
}

void JsonWriter::Stream::key(const char *name)
{
    beginItem();
    bytes.append('"');
    bytes.append(name);
    bytes.append("\": ");
    m_afterKey = true;
}

void JsonWriter::Stream::key(QStringView name)
{
    beginItem();
    appendQuoted(bytes, name);
    bytes.append(": ");
    m_afterKey = true;
}

void JsonWriter::Stream::string(QStringView text)
{
    beginItem();
    appendQuoted(bytes, text);
}

void JsonWriter::Stream::number(qint64 value)
{
    beginItem();
    bytes.append(QByteArray::number(value));
}

void JsonWriter::Stream::seconds(double value)
{
    beginItem();
    QByteArray text = QByteArray::number(std::round(value * 1000.0) / 1000.0, 'f', 3);
    while (text.endsWith('0')) {
        text.chop(1);
    }
    if (text.endsWith('.')) {
        text.chop(1);
    }
    bytes.append(text);
}

QString JsonWriter::compact(const JsonNode &node)
{
    switch (node.type()) {
    case JsonNode::Type::Null:
        return QStringLiteral("null");
    case JsonNode::Type::Bool:
        return node.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case JsonNode::Type::Number:
        return node.text();
    case JsonNode::Type::String:
        return quote(node.text());
    case JsonNode::Type::Array: {
        QStringList parts;
        for (const JsonNode &item : node.items()) {
            parts.append(compact(item));
        }
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    case JsonNode::Type::Object: {
        QStringList parts;
        for (qsizetype i = 0; i < node.size(); ++i) {
            parts.append(quote(node.keys().at(i).name) + QStringLiteral(": ")
                + compact(node.items()[size_t(i)]));
        }
        return QLatin1Char('{') + parts.join(QStringLiteral(", ")) + QLatin1Char('}');
    }
    }
    return QString();
}

QByteArray JsonWriter::write(const JsonNode &root)
{
    QString out;
    writeNode(root, 0, 0, true, out);
    out += QLatin1Char('\n');
    return out.toUtf8();
}

QByteArray JsonWriter::writeItem(const JsonNode &node, int indent, int column)
{
    QString out;
    writeNode(node, indent, column, false, out);
    return out.toUtf8();
}

qsizetype JsonWriter::compactSize(const JsonNode &node, qsizetype budget)
{
    switch (node.type()) {
    case JsonNode::Type::Array:
    case JsonNode::Type::Object: {
        qsizetype size = 2; // the brackets
        for (qsizetype i = 0; i < node.size() && size <= budget; ++i) {
            size += i > 0 ? 2 : 0; // ", "
            if (node.isObject()) {
                size += quote(node.keys().at(i).name).size() + 2; // ": "
            }
            size += compactSize(node.items()[size_t(i)], budget - size);
        }
        return size;
    }
    default:
        return compact(node).size();
    }
}

void JsonWriter::writeNode(const JsonNode &node, int indent, int column, bool isRoot, QString &out)
{
    const bool container = node.isArray() || node.isObject();
    // On one line when it fits, +1 for the comma that may follow. Measured with a budget, not
    // made: making the root's one line cost the whole document again at every level (issue 39).
    if (!container || node.size() == 0
        || (!isRoot && column + compactSize(node, lineWidth - column - 1) + 1 <= lineWidth)) {
        out += compact(node);
        return;
    }
    const QString inner(indent + 2, QLatin1Char(' '));
    out += node.isObject() ? QLatin1Char('{') : QLatin1Char('[');
    out += QLatin1Char('\n');
    for (qsizetype i = 0; i < node.size(); ++i) {
        out += inner;
        int itemColumn = indent + 2;
        if (node.isObject()) {
            const QString key = quote(node.keys().at(i).name) + QStringLiteral(": ");
            out += key;
            itemColumn += int(key.size());
        }
        writeNode(node.items()[size_t(i)], indent + 2, itemColumn, false, out);
        if (i + 1 < node.size()) {
            out += QLatin1Char(',');
        }
        out += QLatin1Char('\n');
    }
    out += QString(indent, QLatin1Char(' '));
    out += node.isObject() ? QLatin1Char('}') : QLatin1Char(']');
}

} // namespace Rblab
