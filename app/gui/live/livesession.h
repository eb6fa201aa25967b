// SPDX-License-Identifier: Apache-2.0
// Polls a live group on a timer and grows its LiveWorld: the app's side of `rblab watch`.
#pragma once

#include <groupsnapshot.h>
#include <liverecording.h>
#include <liveworld.h>

#include <QDateTime>
#include <QObject>
#include <QTimer>

#include <memory>

namespace Rblab::Remoting {
class GroupWatcher;
class RemotingClient;
} // namespace Rblab::Remoting

namespace Rblab {

class StrategyRegistry;

/*!
    Where snapshots come from: GroupWatcher over the remoting client (WatcherSource), or a test's
    fake. poll() starts one and returns at once; snapshotReady() brings it. GUI thread only.
*/
class LiveSource : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    //! Starts a poll; false while one is still running.
    virtual bool poll() = 0;
    virtual bool busy() const = 0;

signals:
    void snapshotReady(const Rblab::Remoting::GroupSnapshot &snapshot);
};

//! A LiveSource on GroupWatcher and its own RemotingClient.
class WatcherSource : public LiveSource
{
    Q_OBJECT

public:
    //! `registry` (may be null: no stale-view checks) judges the clients' views.
    WatcherSource(const QString &nameServer, const QString &group,
        const StrategyRegistry *registry = nullptr, QObject *parent = nullptr);
    bool poll() override;
    bool busy() const override;

private:
    Remoting::RemotingClient *m_client;
    Remoting::GroupWatcher *m_watcher;
};

/*!
    A watched group: polls `source` every interval() on a QTimer and appends each snapshot to
    the LiveWorld. A poll still running when the timer fires is skipped (counted in
    skippedPolls()), never queued, so a slow broker never piles requests up; nothing here
    blocks the GUI thread. The interval is a setting (QSettings "live/intervalMs", 2 s).
*/
class LiveSession : public QObject
{
    Q_OBJECT

public:
    //! Takes `source`.
    LiveSession(const QString &nameServer, const QString &group, LiveSource *source,
        QObject *parent = nullptr);
    /*!
        A session over a recording (`rblab watch --record`, File › Save the recording…): every
        poll appended at once, no source, never polling. isRecording() is true.
    */
    LiveSession(const Remoting::LiveRecording &recording, const QString &fileName,
        QObject *parent = nullptr);
    //! Opened from a file rather than watching a cluster.
    bool isRecording() const { return m_source == nullptr; }
    //! The file a recording was opened from (empty while watching).
    QString recordingFile() const { return m_recordingFile; }
    //! Every poll so far, kept compressed: a fork from any of them, and the recording's file.
    const Remoting::LiveRecorder &recorder() const { return m_recorder; }
    //! Poll `i` whole again (LiveWorld keeps only the newest whole).
    std::optional<Remoting::GroupSnapshot> snapshotOfPoll(
        qsizetype i, QString *error = nullptr) const;

    QString nameServer() const { return m_world->nameServer(); }
    QString group() const { return m_world->group(); }
    std::shared_ptr<const Remoting::LiveWorld> world() const { return m_world; }
    LiveSource *source() const { return m_source; }

    //! Polls now, then every interval().
    void start();
    void stop();
    bool isRunning() const { return m_timer.isActive(); }
    int interval() const { return m_timer.interval(); }
    void setInterval(int ms);
    //! The interval the settings hold (ms), 2 s unless changed.
    static int savedInterval();
    static void saveInterval(int ms);

    //! Timer ticks that found the last poll still running.
    int skippedPolls() const { return m_skipped; }
    int pollsStarted() const { return m_started; }
    //! Wall clock of the last poll that came back (invalid before the first).
    QDateTime lastPollAt() const { return m_lastPollAt; }
    //! Starts a poll now unless one is running (what the timer does); false when skipped.
    bool tick();

signals:
    //! A poll came back and was appended; `events` are the changes it brought.
    void polled(const QList<Rblab::SimEvent> &events);
    //! The timer fired while the last poll was still running.
    void pollSkipped();

private:
    void handleSnapshot(const Remoting::GroupSnapshot &snapshot);

    std::shared_ptr<Remoting::LiveWorld> m_world;
    Remoting::LiveRecorder m_recorder;
    QString m_recordingFile;
    LiveSource *m_source;
    QTimer m_timer;
    int m_skipped = 0;
    int m_started = 0;
    QDateTime m_lastPollAt;
};

} // namespace Rblab
