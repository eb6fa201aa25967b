// SPDX-License-Identifier: Apache-2.0
// Prints JsonNode trees as readable JSON, in the order their members were added.
#pragma once

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QString>
#include <QStringView>

class QIODevice;

namespace Rblab {

class JsonNode;

/*!
    The one JSON writer of the engine and of `rblab`: scenarios, reports (streamed through
    JsonWriter::Stream), observed reports, `rblab allocate` answers and every `--format json` of
    the command line go through it, so they share one escaping, one way to write numbers and a
    stable member order.

    The tree form writes JSON for people: 2-space indentation, members in the order they were
    inserted (not sorted, as QJsonDocument would), and small objects and arrays on one line when
    they fit in the line width, the way scenario files are written by hand. Output is UTF-8 with a
    final newline; non-ASCII text is written as is, not as \u escapes.
*/
class RBLAB_ENGINE_EXPORT JsonWriter
{
public:
    static constexpr int lineWidth = 100;

    static QByteArray write(const JsonNode &root);
    /*!
        `node` as write() prints it as an item or member value that starts at `column` in a
        container indented by `indent - 2` (no final newline): for writing a long array one item
        at a time without holding the tree of all its items.
    */
    static QByteArray writeItem(const JsonNode &node, int indent, int column);
    //! The node on one line: {"a": 1, "b": [2, 3]}.
    static QString compact(const JsonNode &node);
    static QByteArray compactUtf8(const JsonNode &node) { return compact(node).toUtf8(); }
    static QString quote(const QString &text);
    /*!
        Appends `text` as a JSON string to UTF-8 `out`: quotes, backslash and control characters
        escaped (\n, \t, \b… or \u00XX), everything else as UTF-8, characters outside the
        Basic Multilingual Plane included.
    */
    static void appendQuoted(QByteArray &out, QStringView text);

    /*!
        The streaming form, for documents too large to hold as a tree (a report's samples): the
        caller writes the punctuation, the writer writes keys, strings and numbers, and hands what
        it has to the device in slices of about 1 MiB.
    */
    class RBLAB_ENGINE_EXPORT Stream
    {
    public:
        explicit Stream(QIODevice *device = nullptr) : m_device(device) { }

        //! What is written and not yet handed to the device.
        QByteArray bytes;

        //! Hands what is written so far to the device once it is large; false once it refused.
        bool spill(qsizetype atLeast = kSpillBytes);
        bool finish() { return spill(1); }

        void raw(const char *text) { bytes.append(text); }
        void raw(const QByteArray &text) { bytes.append(text); }
        void string(QStringView text) { appendQuoted(bytes, text); }
        //! `"name": ` (names are ASCII identifiers chosen by the format, never escaped).
        void key(const char *name);
        void number(qint64 value) { bytes.append(QByteArray::number(value)); }
        //! Three decimals, trailing zeros dropped: 3.2, 0.004, 12.
        void seconds(double value);

    private:
        static constexpr qsizetype kSpillBytes = 1 << 20;
        QIODevice *m_device = nullptr;
        bool m_ok = true;
    };

private:
    static void writeNode(const JsonNode &node, int indent, int column, bool isRoot, QString &out);
};

} // namespace Rblab
