// SPDX-License-Identifier: Apache-2.0
// Reads a scenario's teaching notes (scenario-format.md, "Narration").
#pragma once

#include "scenario/scenario.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace Rblab {

class JsonNode;
class ScenarioReadContext;

/*!
    Reads the optional "narration" array: notes with a time, a text in one or more languages,
    the consumers and queues they point at, and whether playback pauses there. Read after the
    groups, events and topics, so that every focus id is checked against what the file
    declares. Notes are returned sorted by time (stable: equal times keep the file's order).
*/
class NarrationReader
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioReader)

public:
    explicit NarrationReader(ScenarioReadContext &context) : m_context(context) { }

    QList<NarrationNote> read(const JsonNode &node, const QString &path);

private:
    std::optional<NarrationNote> readNote(const JsonNode &node, const QString &path);
    bool readText(const JsonNode &node, const QString &path, NarrationNote &note);
    void readFocus(const JsonNode &node, const QString &path, NarrationNote &note);
    //! "broker-a/3" or "topic/broker-a/3" (Catalog::queueLabel's form); false with an error.
    bool checkQueueLabel(const QString &label, const JsonNode &node, const QString &path);

    ScenarioReadContext &m_context;
};

} // namespace Rblab
