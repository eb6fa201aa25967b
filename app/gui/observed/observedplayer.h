// SPDX-License-Identifier: Apache-2.0
// Plays an ObservedWorld as a run: the frames of a read-only timeline at the chosen speed.
#pragma once

#include "simulation/frame.h"
#include "simulation/playbackclock.h"

#include <run/samplehistory.h>

#include <QObject>

#include <memory>

namespace Rblab {

class FrameBuffer;
class ObservedWorld;

/*!
    The SimulationWorker's counterpart for an imported log set: it has the whole timeline already,
    so it computes the frame of any moment on the GUI thread (ObservedWorld::snapshotAt) and
    publishes it into the controller's FrameBuffer with the events and samples since the last
    one, exactly as the worker does; seeking back is a rewound frame. Commands do not exist here.
*/
class ObservedPlayer : public QObject
{
    Q_OBJECT

public:
    ObservedPlayer(std::shared_ptr<const ObservedWorld> world, FrameBuffer *buffer,
        quint64 generation, QObject *parent = nullptr);

    const std::shared_ptr<const ObservedWorld> &world() const { return m_world; }
    SimTime now() const { return m_now; }
    //! The logs' samples, the whole timeline (frames carry those up to their moment).
    const QList<SamplePtr> &allSamples() const { return m_samples; }
    //! Publishes the first frame (time 0).
    void start();
    void setPlaying(bool playing);
    bool isPlaying() const { return m_playing; }
    void setSpeed(double speed) { m_clock.setSpeed(speed); }
    void setPauseOn(const PauseKinds &kinds) { m_pauseOn = kinds; }
    //! Goes to `t` (back or forward) and pauses there.
    void seek(SimTime t);
    //! Goes forward to `t` (tests, screenshots).
    void runTo(SimTime t);
    //! Pauses at the next event of one of `types` after now (or the end).
    void stepTo(const QList<SimEvent::Type> &types);

signals:
    void framePublished();
    void playingChanged(bool playing);

private:
    void tick();
    void publishTo(SimTime t, bool rewound, int pausedOn = -1);
    //! The first watched happening in (from, to], and its kind.
    std::optional<std::pair<SimTime, PauseKind>> firstWatched(SimTime from, SimTime to) const;

    std::shared_ptr<const ObservedWorld> m_world;
    QList<SamplePtr> m_samples; //!< the logs' samples, shared with the frames
    qint64 m_sampleBytes = 0;
    quint64 m_revision = 0;
    FrameBuffer *m_buffer;
    quint64 m_generation;
    SimTime m_now = -1;
    bool m_playing = false;
    PauseKinds m_pauseOn;
    PlaybackClock m_clock;
};

} // namespace Rblab
