// SPDX-License-Identifier: Apache-2.0
// PullMessageService and DefaultMQPushConsumerImpl.pullMessage with its callback.
#pragma once

#include "model/simevent.h"
#include "sim/simtime.h"

#include <QtGlobal>

namespace Rblab {

struct World;
struct ProcessQueue;
class Consumer;

/*!
    The pull path of one consumer, the hot path of a run: the ordered checks of
    DefaultMQPushConsumerImpl.pullMessage (dropped, state, paused, cache count, cache size, span
    or orderly lock) with their delays, the asynchronous PULL_MESSAGE with the offset riding on
    it, and the PullCallback for FOUND, NO_NEW_MSG, OFFSET_ILLEGAL and exceptions.
*/
class PullService
{
public:
    PullService(World *world, Consumer *consumer);

    //! executePullRequestImmediately
    void executeImmediately(qint32 pq) { pullMessage(pq); }
    //! executePullRequestLater
    void executeLater(qint32 pq, SimTime delay);
    //! The delayed request comes due.
    void onExecute(qint32 pq, quint32 gen);

    void onResponse(qint32 pq, quint64 stamp);
    /*!
        At a thaw: the answer to this process queue's request came while the consumer was
        frozen, and the request is older than its ResponseFuture lives (30 s + the 1 s scan).
    */
    bool timedOutAtThaw(qint32 pq) const;
    //! Such an answer: not matched any more, its messages dropped; the callback's exception
    //! path (scanResponseTable) sends the request again after pullTimeDelayMillsWhenException.
    void onStaleResponse(qint32 pq, quint64 stamp);
    void onTimeout(qint32 pq, quint32 gen);
    //! 4.x OFFSET_ILLEGAL handling, 10 s after the answer.
    void onOffsetFix(qint32 pq);

    quint64 flowControlSamples = 0; //!< queueFlowControlTimes (logged every 1000th)
    quint64 spanControlSamples = 0; //!< queueMaxSpanFlowControlTimes
    //! Pulls the broker refused with SUBSCRIPTION_NOT_LATEST (CODE 25).
    quint64 subscriptionNotLatestSamples = 0;

private:
    /*!
        An answer reaches the client: whether it is still the one awaited (not re-planned,
        overtaken, lost in a partition, for a dead or dropped process queue). If so the process
        queue is idle again and the caller handles the answer.
    */
    bool takeAnswer(qint32 pq, quint64 stamp);

    void pullMessage(qint32 pq);
    void pullNow(qint32 pq); //!< pullMessage, inlined into the answer's handler (the hot path)
    void send(qint32 pq);
    void onException(qint32 pq);
    void setFlowControl(qint32 pq, SimEvent::FlowCause cause);
    bool relieved(const ProcessQueue &pq) const;

    World *m_world;
    Consumer *m_consumer;
};

} // namespace Rblab
