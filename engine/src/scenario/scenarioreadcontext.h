// SPDX-License-Identifier: Apache-2.0
// What the reader of one scenario knows so far: names to check references against.
#pragma once

#include "scenario/valuereader.h"
#include "sim/simtime.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace Rblab {

class DiagnosticList;
class JsonNode;
class StrategyRegistry;

/*!
    The shared state of one read: diagnostics, the optional strategy registry, and the brokers,
    topics, groups and consumers declared so far with their positions. A list that had an
    error is marked incomplete, and references into it are then not checked: a name that could
    not be read must not turn every later use of it into a second, misleading error.
*/
class ScenarioReadContext
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioReader)

public:
    struct Place
    {
        int line = 0;
        int column = 0;
    };

    struct NameList
    {
        QStringList names; //!< in file order, for messages
        QHash<QString, Place> places;
        bool complete = true;

        bool contains(const QString &name) const { return places.contains(name); }
    };

    struct ConsumerInfo
    {
        Place place;
        QString group;
        std::optional<SimTime> joinAt; //!< set for consumers that a join event brings
        QString joinPath; //!< "events[4]"
    };

    ScenarioReadContext(DiagnosticList &diagnostics, const StrategyRegistry *registry);

    DiagnosticList &diagnostics;
    ValueReader values;
    const StrategyRegistry *registry;

    NameList brokers;
    NameList topics;
    NameList groups;
    QHash<QString, QString> groupFirstTopic; //!< default topic of queueList strategy parameters
    QHash<QString, ConsumerInfo> consumers;
    QStringList consumerNames;
    bool consumersComplete = true;
    //! (group, id, instanceName) → the path of the consumer that registered it first.
    QHash<QString, QString> instanceMembers;

    /*!
        Adds a name to a list; a duplicate is an error naming both positions. what is "topic",
        "group"… as in "duplicate topic name".
    */
    bool addName(NameList &list, const QString &name, const JsonNode &at, const QString &path,
        const QString &what);
    //! Checks a reference; false (with an error listing the names) when it names nothing.
    bool checkName(const NameList &list, const QString &name, const JsonNode &at,
        const QString &path, const QString &what);

    /*!
        Topic name → its route's queues (broker, read queue count) as the file declares them;
        a topic whose queues had an error is not listed, and queues of it are not checked.
    */
    QHash<QString, QList<QPair<QString, int>>> routes;
    /*!
        Checks that "topic/broker/queueId" (parts already split and well formed) is a queue of
        the routes: of a listed topic, or of `retryTopic` (one queue, 0, on every broker).
        Reports at `at` and returns false, naming the queues there are, when it is not.
    */
    bool checkQueue(const QString &topic, const QString &broker, int queueId,
        const QString &retryTopic, const JsonNode &at, const QString &path);

    bool addConsumer(const QString &handle, const JsonNode &at, const QString &path,
        const QString &group, std::optional<SimTime> joinAt, const QString &joinPath);
    /*!
        Checks that an event at time `at` may name this consumer: declared in a group, or
        joined by an event at or before it; and in `group` when one is given.
    */
    bool checkConsumer(const QString &handle, SimTime at, const QString &group,
        const JsonNode &node, const QString &path);

    /*!
        Checks a strategy and its parameters with the registry, when there is one. An unknown
        name is reported at strategyNode; a bad parameter at its member of paramsNode (or at
        paramsNode, or at strategyNode when there are no parameters).
    */
    void checkStrategy(const QString &strategy, const QVariantMap &params,
        const QString &defaultTopic, const JsonNode &strategyNode, const QString &strategyPath,
        const JsonNode *paramsNode, const QString &paramsPath);

private:
    static QString listForMessage(const QStringList &names);
};

} // namespace Rblab
