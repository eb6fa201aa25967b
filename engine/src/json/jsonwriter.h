// SPDX-License-Identifier: Apache-2.0
// Prints JsonNode trees as readable JSON, in the order their members were added.
#pragma once

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QString>
#include <QStringView>

#include <vector>

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
        caller opens and closes objects and arrays and writes members and items in order; the
        writer places the separators and the line breaks, and hands what it has to the device in
        slices of about 1 MiB. A container's Layout says where its items go:

        - Inline: on the line, ", " between them; before an item the caller marked with
          newLine(), a line break to the column after the opening bracket.
        - Lines: an item marked with newLine() starts a line of its own, indented 2 more than the
          line the container opened on; the others follow on the line. The closing bracket then
          goes on a line of its own.
        - Block: Lines with every item on a line of its own (a list of records).

        An empty container is written "{}" or "[]" in every layout, and closing the outermost one
        ends the document with a newline.
    */
    class RBLAB_ENGINE_EXPORT Stream
    {
    public:
        enum class Layout { Inline, Lines, Block };

        explicit Stream(QIODevice *device = nullptr) : m_device(device) { }

        //! What is written and not yet handed to the device.
        QByteArray bytes;

        //! Hands what is written so far to the device once it is large; false once it refused.
        bool spill(qsizetype atLeast = kSpillBytes);
        bool finish() { return spill(1); }

        void beginObject(Layout layout = Layout::Inline) { open('{', layout); }
        void endObject() { close('}'); }
        void beginArray(Layout layout = Layout::Inline) { open('[', layout); }
        void endArray() { close(']'); }
        //! The next item of the open container starts a line (see Layout).
        void newLine() { m_breakNext = true; }

        //! A member's name (an ASCII identifier chosen by the format, never escaped); its value
        //! follows.
        void key(const char *name);
        //! A member's name that comes from the data (a group's), escaped as a string.
        void key(QStringView name);
        void string(QStringView text);
        void number(qint64 value);
        //! Three decimals, trailing zeros dropped: 3.2, 0.004, 12.
        void seconds(double value);

        void member(const char *name, QStringView text)
        {
            key(name);
            string(text);
        }
        void member(const char *name, qint64 value)
        {
            key(name);
            number(value);
        }

        //! Bytes as they are, outside any structure (the CSV files share the slices).
        void raw(const char *text) { bytes.append(text); }
        void raw(const QByteArray &text) { bytes.append(text); }

    private:
        struct Level
        {
            Layout layout;
            int indent; //!< of the line the container opened on
            int hanging; //!< Inline: the column after its opening bracket
            qsizetype items = 0;
            bool broke = false; //!< an item started a line of its own (Lines, Block)
        };

        void open(char bracket, Layout layout);
        void close(char bracket);
        //! The separator before an item of the open container (none after a key).
        void beginItem();
        void breakLine(int indent);

        static constexpr qsizetype kSpillBytes = 1 << 20;
        QIODevice *m_device = nullptr;
        bool m_ok = true;
        std::vector<Level> m_levels;
        bool m_afterKey = false;
        bool m_breakNext = false;
        int m_lineIndent = 0;
        qint64 m_lineStart = 0; //!< where the current line starts, counting spilled bytes
        qint64 m_spilled = 0;
    };

private:
    static void writeNode(const JsonNode &node, int indent, int column, bool isRoot, QString &out);
    //! compact(node).size(), or some size past `budget` as soon as it is past it.
    static qsizetype compactSize(const JsonNode &node, qsizetype budget);
};

} // namespace Rblab
