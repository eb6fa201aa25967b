// SPDX-License-Identifier: Apache-2.0
// Wall time × speed, on a timer: the play/pause clock of the players that run on the GUI thread.
#pragma once

#include <sim/simtime.h>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <limits>

namespace Rblab {

/*!
    The clock of playback outside the worker thread (ObservedPlayer, CompareSession): while
    running it ticks every kTickMs, and advance() says how many simulated ms the wall time since
    the last tick is worth at the speed. Whole ms only: the fraction is carried to the next tick,
    so a slow speed (0.1×) still moves.
*/
class PlaybackClock : public QObject
{
    Q_OBJECT

public:
    static constexpr int kTickMs = 33;

    explicit PlaybackClock(QObject *parent = nullptr);

    //! Starts (wall time counted from now, nothing carried) or stops the ticks.
    void setRunning(bool running);
    bool isRunning() const { return m_timer.isActive(); }
    double speed() const { return m_speed; }
    void setSpeed(double speed) { m_speed = speed; }
    //! The simulated ms since the last tick (or start), at most `limit`: beyond it is dropped.
    SimTime advance(SimTime limit = std::numeric_limits<SimTime>::max())
    {
        return advanceTo(m_wall.elapsed(), limit);
    }
    //! advance() with the wall clock (ms since start) given: for tests.
    SimTime advanceTo(qint64 wallMs, SimTime limit = std::numeric_limits<SimTime>::max());

signals:
    void tick();

private:
    QTimer m_timer;
    QElapsedTimer m_wall;
    qint64 m_lastWall = 0;
    double m_carry = 0;
    double m_speed = 1;
};

} // namespace Rblab
