// SPDX-License-Identifier: Apache-2.0
// Plays a watched live group: the newest poll as it arrives, or any poll watched before.
#pragma once

#include "simulation/frame.h"
#include "simulation/playbackclock.h"

#include <QObject>

#include <optional>

#include <memory>

namespace Rblab::Remoting {
class LiveWorld;
}

namespace Rblab {

class FrameBuffer;

/*!
    The ObservedPlayer of a live group: it computes the frame of a polled moment on the GUI
    thread (LiveWorld::snapshotAt) and publishes it into the controller's FrameBuffer with the
    events and samples since the last one, as the engine's worker does. "Live" (playing) shows
    each poll as it arrives; seeking back shows the poll of that moment and stops following
    until setPlaying(true) (Back to live) returns to the newest. Frames are at poll times only.
*/
class LivePlayer : public QObject
{
    Q_OBJECT

public:
    LivePlayer(std::shared_ptr<const Remoting::LiveWorld> world, FrameBuffer *buffer,
        quint64 generation, QObject *parent = nullptr);

    const std::shared_ptr<const Remoting::LiveWorld> &world() const { return m_world; }
    SimTime now() const { return m_now; }
    const QList<SamplePtr> &allSamples() const;
    /*!
        Publishes the newest poll and follows the polls; a replay (a recording, which has no
        newer polls) publishes the first poll instead, paused.
    */
    void start();
    /*!
        A recording: playing goes through its polls at the chosen speed (as imported logs
        play), from the poll on screen to the last one, instead of jumping to the newest.
    */
    void setReplay(bool replay) { m_replay = replay; }
    bool isReplay() const { return m_replay; }
    void setSpeed(double speed) { m_clock.setSpeed(speed); }
    //! Playing is following the polls: true goes back to the newest.
    void setPlaying(bool playing);
    bool isPlaying() const { return m_following; }
    //! Shows the poll at `t` (the last one at or before it) and stops following.
    void seek(SimTime t);
    //! Goes forward to the poll at `t` (tests, screenshots).
    void runTo(SimTime t);
    //! Stops at the first poll after now with an event of one of `types` (or the newest).
    void stepTo(const QList<SimEvent::Type> &types);
    /*!
        A poll was appended: shown when following, else only the timeline's end moves on. While
        following, a poll that brings a change of a kind setPauseOn() names stops following at
        that poll (its frame says which kind), so a change that comes while nobody looks stays
        on screen.
    */
    void pollAppended();
    void setPauseOn(const PauseKinds &kinds) { m_pauseOn = kinds; }
    //! The first kind of `kinds` one of `events` is, or nothing.
    static std::optional<PauseKind> watchedKind(
        const QList<SimEvent> &events, const PauseKinds &kinds);

signals:
    void framePublished();
    void playingChanged(bool playing);

private:
    void publishTo(SimTime t, bool rewound, int pausedOn = -1);
    struct Watched
    {
        SimTime t;
        PauseKind kind;
    };
    //! The first event in (from, to] of a kind setPauseOn() names.
    std::optional<Watched> firstWatched(SimTime from, SimTime to) const;
    //! A replay's step: on to the next moment the clock reached, or the first watched change.
    void tick();

    std::shared_ptr<const Remoting::LiveWorld> m_world;
    FrameBuffer *m_buffer;
    quint64 m_generation;
    quint64 m_revision = 0;
    SimTime m_now = -1;
    bool m_following = true;
    PauseKinds m_pauseOn;
    bool m_replay = false;
    SimTime m_position = 0; //!< a replay's moment (frames show the last poll at or before it)
    PlaybackClock m_clock;
};

} // namespace Rblab
