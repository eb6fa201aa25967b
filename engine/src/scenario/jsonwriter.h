// SPDX-License-Identifier: Apache-2.0
// Prints JsonNode trees as readable JSON, in the order their members were added.
#pragma once

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QString>

namespace Rblab {

class JsonNode;

/*!
    Writes JSON for people: 2-space indentation, members in the order they were inserted (not
    sorted, as QJsonDocument would), and small objects and arrays on one line when they fit in
    the line width, the way scenario files are written by hand. Output is UTF-8 with a final
    newline; non-ASCII text is written as is, not as \u escapes.
*/
class RBLAB_ENGINE_EXPORT JsonWriter
{
public:
    static constexpr int lineWidth = 100;

    static QByteArray write(const JsonNode &root);
    //! The node on one line: {"a": 1, "b": [2, 3]}.
    static QString compact(const JsonNode &node);
    static QString quote(const QString &text);

private:
    static void writeNode(const JsonNode &node, int indent, int column, bool isRoot, QString &out);
};

} // namespace Rblab
