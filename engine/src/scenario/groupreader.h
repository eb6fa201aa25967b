// SPDX-License-Identifier: Apache-2.0
// Reads a scenario's consumer groups.
#pragma once

#include "scenario/scenario.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace Rblab {

class JsonNode;
class ObjectReader;
class ScenarioReadContext;

/*!
    Reads the "groups" array: names (RocketMQ's rules for group names), subscribed topics that
    the scenario declares, message model, consume mode and start position, the strategy (checked
    with the registry when there is one), client settings against ClientConfig::specs(), and
    the consumers. Registers group and consumer names in the context for the events.
*/
class GroupReader
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioReader)

public:
    explicit GroupReader(ScenarioReadContext &context) : m_context(context) { }

    QList<GroupSpec> read(const JsonNode &node, const QString &path);

    //! RocketMQ's Validators.checkTopic/checkGroup pattern: ^[%|a-zA-Z0-9_-]+$.
    static bool isValidResourceName(const QString &name, int maxLength);

private:
    GroupSpec readGroup(const JsonNode &node, const QString &path);
    void readName(const ObjectReader &object, GroupSpec &group);
    void readModes(const ObjectReader &object, GroupSpec &group);
    void readSimpleConsumer(const ObjectReader &object, GroupSpec &group);
    void checkModes(const ObjectReader &object, GroupSpec &group);
    //! Whether consumers may rely on the group's strategy (it reads and the registry has it).
    bool readStrategy(const ObjectReader &object, const JsonNode &node, GroupSpec &group);
    void readConsumers(const ObjectReader &object, GroupSpec &group, bool strategyUsable);
    void readTopics(const JsonNode &node, const QString &path, GroupSpec &group);
    void readOffsets(const JsonNode &node, const QString &path, GroupSpec &group);

    ScenarioReadContext &m_context;
};

} // namespace Rblab
