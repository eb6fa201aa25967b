// SPDX-License-Identifier: Apache-2.0
#include "scenario/narrationreader.h"

#include "scenario/topicnames.h"
#include "json/diagnosticlist.h"
#include "json/jsonnode.h"
#include "scenario/objectreader.h"
#include "scenario/scenariolimits.h"
#include "scenario/scenarioreadcontext.h"

#include <algorithm>

namespace Rblab {

namespace {

using Need = ObjectReader::Need;

} // namespace

QList<NarrationNote> NarrationReader::read(const JsonNode &node, const QString &path)
{
    QList<NarrationNote> notes;
    if (!node.isArray()) {
        m_context.diagnostics.error(node, path,
            tr("expected an array of notes such as [{\"at\": \"2m\", \"note\": {\"en\": …}}], "
               "got %1")
                .arg(node.describe()));
        return notes;
    }
    if (node.size() > ScenarioLimits::maxNarrationNotes) {
        m_context.diagnostics.error(node, path,
            tr("%1 notes; the ceiling is %2 (scenario-format.md, \"Limits\")")
                .arg(node.size())
                .arg(ScenarioLimits::maxNarrationNotes));
        return notes;
    }
    for (qsizetype i = 0; i < node.size(); ++i) {
        if (auto note = readNote(node.items()[size_t(i)], JsonNode::indexPath(path, i))) {
            notes.append(std::move(*note));
        }
    }
    std::stable_sort(notes.begin(), notes.end(),
        [](const NarrationNote &a, const NarrationNote &b) { return a.at < b.at; });
    return notes;
}

std::optional<NarrationNote> NarrationReader::readNote(const JsonNode &node, const QString &path)
{
    if (!node.isObject()) {
        m_context.diagnostics.error(node, path,
            tr("expected a note object such as {\"at\": \"2m\", \"note\": {\"en\": …}}, got %1")
                .arg(node.describe()));
        return std::nullopt;
    }
    const ObjectReader object(m_context.values, node, path, tr("a note"),
        { QStringLiteral("at"), QStringLiteral("note"), QStringLiteral("focus"),
            QStringLiteral("pause") });
    NarrationNote note;
    bool ok = true;
    if (const auto at
        = object.duration(QStringLiteral("at"), 0, ScenarioLimits::maxTime, Need::Required)) {
        note.at = *at;
    } else {
        ok = false;
    }
    if (const JsonNode *text = object.field(QStringLiteral("note"), Need::Required,
            tr("a text, or an object of language → text such as {\"en\": …, \"zh_CN\": …}"))) {
        ok = readText(*text, object.pathOf(QStringLiteral("note")), note) && ok;
    } else {
        ok = false;
    }
    if (const JsonNode *focus = object.field(QStringLiteral("focus"))) {
        readFocus(*focus, object.pathOf(QStringLiteral("focus")), note);
    }
    note.pause = object.boolean(QStringLiteral("pause")).value_or(false);
    object.finish();
    if (!ok) {
        return std::nullopt;
    }
    return note;
}

bool NarrationReader::readText(const JsonNode &node, const QString &path, NarrationNote &note)
{
    const auto checkLength = [&](const JsonNode &at, const QString &atPath, const QString &text) {
        if (text.size() > ScenarioLimits::maxNarrationNoteLength) {
            m_context.diagnostics.error(at, atPath,
                tr("a note of %1 characters; the ceiling is %2 (scenario-format.md, "
                   "\"Limits\")")
                    .arg(text.size())
                    .arg(ScenarioLimits::maxNarrationNoteLength));
            return false;
        }
        return true;
    };
    if (node.isString()) {
        if (node.text().isEmpty()) {
            m_context.diagnostics.error(node, path, tr("expected a non-empty note, got \"\""));
            return false;
        }
        if (!checkLength(node, path, node.text())) {
            return false;
        }
        note.text.insert(QString(), node.text());
        return true;
    }
    if (!node.isObject() || node.size() == 0) {
        m_context.diagnostics.error(node, path,
            tr("expected a text or a non-empty object of language → text such as "
               "{\"en\": …, \"zh_CN\": …}, got %1")
                .arg(node.describe()));
        return false;
    }
    bool ok = true;
    for (qsizetype i = 0; i < node.size(); ++i) {
        const QString &language = node.keys().at(i).name;
        const JsonNode &item = node.items()[size_t(i)];
        const QString itemPath = JsonNode::memberPath(path, language);
        const auto text = m_context.values.string(item, itemPath, false);
        if (!text || !checkLength(item, itemPath, *text)) {
            ok = false;
            continue;
        }
        note.text.insert(language, *text);
    }
    return ok;
}

void NarrationReader::readFocus(const JsonNode &node, const QString &path, NarrationNote &note)
{
    if (!node.isArray()) {
        m_context.diagnostics.error(node, path,
            tr("expected an array of consumer names and queue labels such as "
               "[\"c1\", \"broker-a/3\"], got %1")
                .arg(node.describe()));
        return;
    }
    if (node.size() > ScenarioLimits::maxNarrationFocus) {
        m_context.diagnostics.error(node, path,
            tr("%1 ids; the ceiling is %2 (scenario-format.md, \"Limits\")")
                .arg(node.size())
                .arg(ScenarioLimits::maxNarrationFocus));
        return;
    }
    for (qsizetype i = 0; i < node.size(); ++i) {
        const JsonNode &item = node.items()[size_t(i)];
        const QString itemPath = JsonNode::indexPath(path, i);
        const auto id = m_context.values.string(item, itemPath, false);
        if (!id) {
            continue;
        }
        // A handle cannot hold '/' in practice (client ids are ip@pid); a queue label always does.
        const bool known = id->contains(QLatin1Char('/'))
            ? checkQueueLabel(*id, item, itemPath)
            // Any time: a note may point at a consumer that joins later ("watch c4 arrive").
            : m_context.checkConsumer(*id, ScenarioLimits::maxTime, QString(), item, itemPath);
        if (known) {
            note.focus.append(*id);
        }
    }
}

bool NarrationReader::checkQueueLabel(
    const QString &label, const JsonNode &node, const QString &path)
{
    const QStringList parts = label.split(QLatin1Char('/'));
    bool idOk = false;
    const int queueId = parts.constLast().toInt(&idOk);
    if ((parts.size() != 2 && parts.size() != 3) || !idOk || queueId < 0
        || queueId >= ScenarioLimits::maxQueuesPerBroker) {
        m_context.diagnostics.error(node, path,
            tr("expected a consumer name or a queue label \"broker/queueId\" or "
               "\"topic/broker/queueId\" (queueId from 0 to %1), got \"%2\"")
                .arg(ScenarioLimits::maxQueuesPerBroker - 1)
                .arg(label));
        return false;
    }
    const QString &broker = parts.at(parts.size() - 2);
    if (!m_context.checkName(m_context.brokers, broker, node, path, tr("broker"))) {
        return false;
    }
    if (parts.size() == 3 && !TopicNames::isRetryTopic(parts.first())) {
        return m_context.checkName(m_context.topics, parts.first(), node, path, tr("topic"));
    }
    return true;
}

} // namespace Rblab
