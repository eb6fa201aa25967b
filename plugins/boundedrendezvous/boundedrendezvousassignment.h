// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/messagequeue.h>

#include <QList>
#include <QStringList>

#include <cstdint>

/*!
    The assignment behind BOUNDED_RENDEZVOUS, a pure function of the two sorted lists so that
    every consumer that sees the same lists computes the same answer (RocketMQ's strategies are
    stateless in the same sense).

    Every (queue, consumer) pair has a rendezvous weight, a 64-bit hash of the two names. With Q
    queues and N consumers every consumer holds ⌊Q/N⌋ or ⌈Q/N⌉ queues:

    1. Who gets the extra queue. When N does not divide Q, r = Q mod N consumers hold one more.
       A first greedy pass with ⌈Q/N⌉ places for everyone runs, and the r consumers that filled
       up first (the ones the queues want most) are the ones that keep the extra place. Tying the
       extra places to demand, not to a position in the list, is what keeps a join or a leave
       from reshuffling who holds ⌈Q/N⌉, and every such reshuffle is a queue that moves.
    2. Who gets which queue. Pairs are taken in descending weight; a pair is kept when its queue
       is still free and its consumer still has a place. This is the stable matching of queues
       and consumers under the shared weights, so a queue only moves when a better-weighted
       consumer appears or its consumer's number of places shrinks.

    Cost: one weight per pair, Q·N hashes, and a heap of queues keyed by the best consumer that
    still has room; a queue rejected by a full consumer looks for its next best among those with
    room (fullness only grows, so it never looks back). 10,000 queues × 1,000 consumers: ~10^7
    hashes per pass.
*/
class BoundedRendezvousAssignment
{
public:
    //! The rendezvous weight of a queue key and a consumer key (both from nameKey()).
    static std::uint64_t weight(std::uint64_t queueKey, std::uint64_t consumerKey) noexcept;
    //! FNV-1a over the UTF-8 bytes, then the MurmurHash3 finaliser: the same on every machine.
    static std::uint64_t nameKey(const QString &name);

    /*!
        The owner of every queue: owners[j] indexes `consumerKeys` for queue j; -1 only when there
        are no consumers. Keys are in the sorted list order; ties of weight go to the lower index.
    */
    static QList<qsizetype> assign(
        const QList<std::uint64_t> &queueKeys, const QList<std::uint64_t> &consumerKeys);

    //! assign() over MessageQueue.toString() and the client ids.
    static QList<qsizetype> assign(const Rblab::MessageQueueList &mqAll, const QStringList &cidAll);
};
