// SPDX-License-Identifier: Apache-2.0
// Reads consumers: those of a group and those that join events bring.
#pragma once

#include "scenario/scenario.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace Rblab {

class JsonNode;
class ScenarioReadContext;

/*!
    Reads one consumer object (id, name, consumeTime, stall, failureRate, start and the
    per-consumer strategy and client overrides) and registers its handle, which must be unique
    in the whole scenario. Also reads consume times for setConsumeTime events.
*/
class ConsumerReader
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioReader)

public:
    //! The group a consumer belongs to, as far as it could be read.
    struct GroupContext
    {
        QString name;
        std::optional<QString> strategy; //!< nullopt when the group's own strategy is unusable
        QString defaultTopic;
        QStringList topics; //!< the group's topics (`holds` must name their queues)
    };

    explicit ConsumerReader(ScenarioReadContext &context) : m_context(context) { }

    /*!
        joinAt is the time of the join event that brings the consumer (its `start` is then not
        a field: it starts at the event's time); joinPath names that event.
    */
    std::optional<ConsumerSpec> read(const JsonNode &node, const QString &path,
        const GroupContext &group, std::optional<SimTime> joinAt = std::nullopt,
        const QString &joinPath = QString());
    //! A duration, or {"distribution": …, "mean": …, "p99": …}.
    std::optional<ConsumeTime> readConsumeTime(const JsonNode &node, const QString &path);

private:
    std::optional<StallSpec> readStall(const JsonNode &node, const QString &path);
    void readHolds(const JsonNode &node, const QString &path, const GroupContext &group,
        ConsumerSpec &consumer);

    ScenarioReadContext &m_context;
};

} // namespace Rblab
