// SPDX-License-Identifier: Apache-2.0
#include "simulation/playbackclock.h"

#include <algorithm>
#include <cmath>

namespace Rblab {

PlaybackClock::PlaybackClock(QObject *parent) : QObject(parent)
{
    m_timer.setInterval(kTickMs);
    connect(&m_timer, &QTimer::timeout, this, &PlaybackClock::tick);
}

void PlaybackClock::setRunning(bool running)
{
    if (running) {
        m_wall.start();
        m_lastWall = 0;
        m_carry = 0;
        m_timer.start();
    } else {
        m_timer.stop();
    }
}

SimTime PlaybackClock::advanceTo(qint64 wallMs, SimTime limit)
{
    const double want = double(wallMs - m_lastWall) * m_speed + m_carry;
    m_lastWall = wallMs;
    m_carry = want - std::floor(want); // the fraction of a ms; a capped tick drops the rest
    return std::min<SimTime>(SimTime(want), limit);
}

} // namespace Rblab
