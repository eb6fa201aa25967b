// SPDX-License-Identifier: Apache-2.0
// Which consumers of the assignment view get a card: departed and not-started ones leave.
#pragma once

#include "simulation/frame.h"

#include <QList>

namespace Rblab {

/*!
    Decides which consumers the assignment view leaves out, so that a long run shows the
    consumers that matter instead of 93 dead cards squeezing 4 live ones. A consumer is left out
    when hiding is on, its group has had more than a few consumers (kFewConsumers: below that
    every card fits and a killed one teaches something), it holds no queue, and it is either
    not started yet (ConsumerState::Absent: a later join) or has been gone (killed or shut down,
    DefaultMQPushConsumer.shutdown()) for kLingerMs of virtual time, counted from the last frame
    that showed it alive. The linger lets the room see a kill happen before the card goes; after
    a jump (--at 6h) the departed are gone at once.
*/
class CardVisibility
{
public:
    static constexpr int kFewConsumers = 6;
    static constexpr SimTime kLingerMs = 20000;

    void setEnabled(bool enabled) { m_enabled = enabled; }
    bool isEnabled() const { return m_enabled; }
    //! Forgets what was seen (a new run).
    void reset();
    //! Follows a new frame; returns true when the set of hidden consumers changed.
    bool update(const Catalog &catalog, const WorldSnapshot &snapshot);
    //! Per consumer of the catalog: true when it gets no card. Empty when none is hidden.
    const QList<bool> &hidden() const { return m_hidden; }
    int hiddenCount() const { return m_hiddenCount; }

private:
    static constexpr SimTime kLongAgo = -(SimTime(1) << 60);
    static constexpr SimTime kNotGone = -1;
    QList<SimTime> m_goneSince; //!< per consumer: when it went (kLongAgo: before we looked)
    QList<bool> m_hidden;
    SimTime m_lastNow = -1; //!< the previous frame's virtual time
    int m_hiddenCount = 0;
    bool m_enabled = true;
};

} // namespace Rblab
