// SPDX-License-Identifier: Apache-2.0
// Reads a scenario's scripted events.
#pragma once

#include "scenario/scenario.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rblab {

class JsonNode;
class ObjectReader;
class ScenarioReadContext;

/*!
    Reads the "events" array. Events may be listed in any order and are kept in file order;
    a consumer that an event names must be declared in a group or joined by a join event at the
    same time or earlier, so join events are read first, then the rest. Each action has its own
    fields (scenario-format.md, "Events"); a field of another action is a warning.
*/
class EventReader
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioReader)

public:
    EventReader(ScenarioReadContext &context, const QList<GroupSpec> &groups)
        : m_context(context), m_groups(groups)
    {
    }

    QList<ScenarioEvent> read(const JsonNode &node, const QString &path);

    //! The fields an action takes besides "at" and "action".
    static QStringList fieldsOf(ScenarioEvent::Action action);
    static QStringList actionNames();

private:
    std::optional<ScenarioEvent> readEvent(const JsonNode &node, const QString &path);
    void readFields(const ObjectReader &object, ScenarioEvent &event, bool atKnown);
    void readGroupName(const ObjectReader &object, ScenarioEvent &event);
    void readTopicName(const ObjectReader &object, ScenarioEvent &event);
    void readBrokerName(const ObjectReader &object, ScenarioEvent &event);
    void readJoin(const ObjectReader &object, ScenarioEvent &event);
    void readBrokerList(const ObjectReader &object, ScenarioEvent &event);
    void readClientSettings(const ObjectReader &object, ScenarioEvent &event);
    void readBrokerSettings(const ObjectReader &object, ScenarioEvent &event);
    void readConsumerReference(
        const ObjectReader &object, ScenarioEvent &event, bool required, bool atKnown);
    void readStrategy(const ObjectReader &object, ScenarioEvent &event);

    ScenarioReadContext &m_context;
    const QList<GroupSpec> &m_groups;
};

} // namespace Rblab
