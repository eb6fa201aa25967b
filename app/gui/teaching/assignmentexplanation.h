// SPDX-License-Identifier: Apache-2.0
// "Explain this assignment": how a consumer's strategy turned the lists it saw into its queues.
#pragma once

#include "simulation/frame.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace Rblab {

/*!
    The arithmetic behind one consumer's last rebalance of one topic, from the lists it saw
    (ConsumerView: cidAll and mqAll sorted as RebalanceImpl.rebalanceByTopic hands them over)
    and what its strategy answered. For AVG it is AllocateMessageQueueAveragely's own steps
    (index, mod, averageSize, startIndex, range); for AVG_BY_CIRCLE
   AllocateMessageQueueAveragelyByCircle's (every cidAll.size()-th queue from index); for any other
   strategy the inputs and the output. A plain value, computed in the GUI from the snapshot: no
   plugin is called again.
*/
struct AssignmentExplanation
{
    enum class Kind { None, Averagely, ByCircle, ConsistentHash, Other };
    Kind kind = Kind::None;
    QString strategy;
    QString topic;
    SimTime at = -1; //!< when the rebalance ran
    QString currentCid;
    QStringList cidAll;
    QList<qint32> mqAll; //!< queue indices, in the strategy's order
    QList<qint32> allocated; //!< what the strategy answered, in its order
    // AVG's steps (AllocateMessageQueueAveragely.allocate); -1 when not AVG.
    int index = -1; //!< cidAll.indexOf(currentCID): the first match, even for a shared id
    int mod = -1; //!< mqAll.size() % cidAll.size()
    int averageSize = -1;
    int startIndex = -1;
    int range = -1;
    //! The queues AVG's or AVG_BY_CIRCLE's arithmetic gives (to compare with `allocated`).
    QList<qint32> computed;

    /*!
        CONSISTENT_HASH (AllocateMessageQueueConsistentHash over ConsistentHashRouter with its
        MD5Hash): the ring's virtual nodes "<client id>-<i>" and where each queue lands.
    */
    struct RingNode
    {
        quint32 hash = 0; //!< MD5Hash.hash("<id>-<i>"): the first four bytes, big-endian
        int owner = -1; //!< index into cidAll (the first occurrence of its id)
        int replica = 0; //!< i
    };
    struct QueueOnRing
    {
        qint32 queue = -1;
        quint32 hash = 0; //!< MD5Hash.hash(MessageQueue.toString())
        int node = -1; //!< index into `ring`: the first node at or after the hash (wrapping)
    };
    int virtualNodeCount = -1;
    QList<RingNode> ring; //!< ascending by hash, as the TreeMap's keys
    QList<QueueOnRing> positions; //!< in mqAll's order

    /*!
        The explanation of `consumer`'s last rebalance of `topic` (a catalog topic index; -1:
        its first subscribed topic that it has rebalanced), or Kind::None when it has none.
    */
    //! ConsistentHashRouter.MD5Hash.hash of a key (the plugin's ConsistentHashRing::hash).
    static quint32 md5Hash(QStringView key);

    static AssignmentExplanation of(
        const Catalog &catalog, const WorldSnapshot &snapshot, qint32 consumer, qint32 topic = -1);

private:
    static void explainRing(AssignmentExplanation &e, const Catalog &catalog, int virtualNodeCount);
};

} // namespace Rblab
