// SPDX-License-Identifier: Apache-2.0
// Flow control in RocketMQ's terms: our sentence with the counts, and RocketMQ's own WARN line.
#pragma once

#include "simulation/frame.h"

#include <QCoreApplication>
#include <QString>

namespace Rblab {

/*!
    Why a pull was held back, said two ways: a sentence in the interface language with the
    numbers DefaultMQPushConsumerImpl.pullMessage compared ("pull delayed 50 ms: 1,009 cached >
    pullThresholdForQueue 1,000"), and the WARN line RocketMQ's client writes for it, word for
    word (rocketmq-client-logs.md §4.6), so a trainee can find it in a real client's log.
*/
class FlowControlText
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::FlowControlText)

public:
    //! PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL: every held-back pull is retried after it.
    static constexpr int kDelayMs = 50;

    /*!
        The sentence for `cause` with the figures checked: `cached` is the message count (Count),
        the MiB (Size, integer division as RocketMQ) or the span (Span); `threshold` the limit.
        Empty for FlowCause::None.
    */
    static QString sentence(SimEvent::FlowCause cause, qint64 cached, qint64 threshold);
    //! The sentence of a FlowControlOn event, from the figures it carries.
    static QString sentence(const SimEvent &event);
    //! The sentence for a held-back queue now, from the snapshot (empty when it is not held).
    static QString sentence(const SnapshotHolding &holding, const SnapshotConsumer &owner);
    /*!
        RocketMQ's WARN line for a FlowControlOn event ("the cached message count exceeds the
        threshold 1000, so do flow control, minOffset=…, …"), untranslated; empty when the event
        carries no figures.
    */
    static QString rocketmqWarning(const SimEvent &event, const Catalog &catalog);
};

} // namespace Rblab
