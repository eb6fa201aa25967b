// SPDX-License-Identifier: Apache-2.0
#include "scenario/jsonwriter.h"

#include "scenario/jsonnode.h"

namespace Rblab {

QString JsonWriter::quote(const QString &text)
{
    QString out;
    out.reserve(text.size() + 2);
    out += QLatin1Char('"');
    for (const QChar c : text) {
        switch (c.unicode()) {
        case u'"':
            out += QStringLiteral("\\\"");
            break;
        case u'\\':
            out += QStringLiteral("\\\\");
            break;
        case u'\n':
            out += QStringLiteral("\\n");
            break;
        case u'\r':
            out += QStringLiteral("\\r");
            break;
        case u'\t':
            out += QStringLiteral("\\t");
            break;
        case u'\b':
            out += QStringLiteral("\\b");
            break;
        case u'\f':
            out += QStringLiteral("\\f");
            break;
        default:
            if (c.unicode() < 0x20) {
                out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            } else {
                out += c;
            }
        }
    }
    out += QLatin1Char('"');
    return out;
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

void JsonWriter::writeNode(const JsonNode &node, int indent, int column, bool isRoot, QString &out)
{
    const bool container = node.isArray() || node.isObject();
    const QString oneLine = compact(node);
    // +1 for the comma that may follow.
    if (!container || node.size() == 0 || (!isRoot && column + oneLine.size() + 1 <= lineWidth)) {
        out += oneLine;
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
