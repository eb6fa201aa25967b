// SPDX-License-Identifier: Apache-2.0
// Writes scenarios as scenario files (scenario-format.md, version 1).
#pragma once

#include "scenario/scenario.h"

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace Rblab {

class JsonNode;

/*!
    Writes a Scenario the way a person would: fields in the order of the format document,
    2-space indentation, durations with units ("20s", "1.5s", "0.5ms"), small objects on one
    line, and fields left out where they hold their default and leaving them out changes
    nothing. Reading the output back gives a Scenario equal to the one written.
*/
class RBLAB_ENGINE_EXPORT ScenarioWriter
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioWriter)

public:
    static QByteArray toJson(const Scenario &scenario);
    //! Writes atomically (QSaveFile): the old file stays whole when writing fails half-way.
    static bool save(const Scenario &scenario, const QString &path, QString *error = nullptr);

private:
    static JsonNode topicNode(const TopicSpec &topic);
    static JsonNode groupNode(const GroupSpec &group);
    static JsonNode consumerNode(const ConsumerSpec &consumer, bool inJoin);
    static JsonNode consumeTimeNode(const ConsumeTime &time);
    static JsonNode eventNode(const ScenarioEvent &event);
    static JsonNode churnNode(const ChurnSpec &churn);
};

} // namespace Rblab
