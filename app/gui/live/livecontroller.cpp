// SPDX-License-Identifier: Apache-2.0
#include "live/livecontroller.h"

#include "compare/comparedialog.h"
#include "compare/comparewindow.h"
#include "live/connectdialog.h"
#include "live/livesession.h"
#include "simulation/simulationcontroller.h"

#include <liveworld.h>
#include <report/variant.h>

#include <QAction>
#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QTimer>
#include <QWidget>

namespace Rblab {

LiveController::LiveController(
    const StrategyRegistry &registry, SimulationController *controller, QWidget *window)
    : QObject(window), m_registry(registry), m_controller(controller), m_window(window)
{
    m_connect = new QAction(this);
    connect(m_connect, &QAction::triggered, this, &LiveController::showConnectDialog);
    m_fork = new QAction(QIcon(QStringLiteral(":/icons/play.svg")), QString(), this);
    connect(m_fork, &QAction::triggered, this, [this] { fork(); });
    m_backToLive = new QAction(this);
    connect(m_backToLive, &QAction::triggered, this, [this] { m_controller->setPlaying(true); });
    m_openRecording = new QAction(this);
    connect(m_openRecording, &QAction::triggered, this, &LiveController::showOpenRecordingDialog);
    m_saveRecording = new QAction(this);
    connect(m_saveRecording, &QAction::triggered, this, &LiveController::showSaveRecordingDialog);
    connect(
        m_controller, &SimulationController::playingChanged, this, &LiveController::updateActions);
    connect(
        m_controller, &SimulationController::frameUpdated, this, &LiveController::updateActions);
    // "2 s ago" moves on between polls.
    auto *clock = new QTimer(this);
    clock->setInterval(1000);
    connect(clock, &QTimer::timeout, this, [this] {
        if (m_session) {
            emit statusChanged();
        }
    });
    clock->start();
    retranslate();
    updateActions();
}

LiveController::~LiveController() = default;

void LiveController::retranslate()
{
    m_connect->setText(tr("&Connect to a cluster…"));
    m_connect->setToolTip(tr("Watch a running RocketMQ consumer group, read-only: its clients, "
                             "who holds which queue, their caches and lag, polled on a timer"));
    m_fork->setText(tr("&Fork into the engine from now"));
    m_fork->setToolTip(tr("Open compare mode on the poll on screen: the same group from that "
                          "moment (holds and offsets as the clients reported them) under the "
                          "strategies and settings you choose"));
    m_openRecording->setText(tr("Open a &recording…"));
    m_openRecording->setToolTip(tr("Open a watch recorded by rblab watch --record or saved here: "
                                   "its polls on the timeline, read-only, to scrub and fork"));
    m_saveRecording->setText(tr("Save the &recording…"));
    m_saveRecording->setToolTip(tr("Save every poll watched so far as a recording (an observed "
                                   "report) that opens here again"));
    m_backToLive->setText(tr("&Back to live"));
    m_backToLive->setToolTip(tr("Show each poll again as it arrives"));
}

void LiveController::updateActions()
{
    const bool live = m_controller->isLive() && m_session;
    const bool watching = live && !m_session->isRecording();
    m_fork->setEnabled(live && m_session->world()->pollCount() > 0);
    m_backToLive->setVisible(watching && !m_controller->isPlaying());
    m_backToLive->setEnabled(watching && !m_controller->isPlaying());
    m_saveRecording->setEnabled(watching && m_session->world()->pollCount() > 0);
}

void LiveController::showConnectDialog()
{
    ConnectDialog dialog(m_window);
    if (dialog.exec() == QDialog::Accepted) {
        LiveSession *session = connectTo(dialog.nameServer(), dialog.group());
        session->setInterval(dialog.intervalMs());
    }
}

LiveSession *LiveController::connectTo(
    const QString &nameServer, const QString &group, LiveSource *source)
{
    disconnectLive();
    if (!source) {
        source = new WatcherSource(nameServer, group, &m_registry);
    }
    m_session = new LiveSession(nameServer, group, source, this);
    adopt(m_session);
    m_session->start();
    return m_session;
}

void LiveController::adopt(LiveSession *session)
{
    // The first poll opens the view; later ones grow it.
    connect(session, &LiveSession::polled, this, [this, session](const QList<SimEvent> &events) {
        if (session != m_session) {
            return;
        }
        if (session->world()->pollCount() == 1) {
            emit liveOpened(session);
        } else {
            m_controller->livePolled(events);
        }
        updateActions();
        emit statusChanged();
    });
    connect(session, &LiveSession::pollSkipped, this, &LiveController::statusChanged);
}

void LiveController::showOpenRecordingDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open a recording"), QString(), tr("Recordings (*.json);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    if (!openRecording(path) && !m_quiet) {
        QMessageBox::warning(m_window, tr("Open a recording"), m_lastError);
    }
}

LiveSession *LiveController::openRecording(const QString &path)
{
    m_lastError.clear();
    QString error;
    const std::optional<Remoting::LiveRecording> recording
        = Remoting::LiveRecording::readFile(path, &error);
    if (!recording) {
        m_lastError = error;
        return nullptr;
    }
    disconnectLive();
    m_session = new LiveSession(*recording, path, this);
    adopt(m_session);
    emit liveOpened(m_session);
    updateActions();
    emit statusChanged();
    return m_session;
}

void LiveController::showSaveRecordingDialog()
{
    if (!m_session) {
        return;
    }
    const QString suggested
        = QStringLiteral("%1-%2.json")
              .arg(m_session->group(),
                  QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Save the recording"), suggested, tr("Recordings (*.json);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    if (!saveRecording(path) && !m_quiet) {
        QMessageBox::warning(m_window, tr("Save the recording"), m_lastError);
    }
}

bool LiveController::saveRecording(const QString &path)
{
    m_lastError.clear();
    if (!m_session || m_session->world()->pollCount() == 0) {
        m_lastError = tr("Connect to a cluster first.");
        return false;
    }
    const QString error = m_session->recorder().save(path, m_session->isRunning());
    if (!error.isEmpty()) {
        m_lastError = tr("%1 was not saved: %2").arg(QFileInfo(path).fileName(), error);
        return false;
    }
    return true;
}

void LiveController::disconnectLive()
{
    if (m_session) {
        m_session->stop();
        m_session->deleteLater();
        m_session = nullptr;
    }
    updateActions();
}

QString LiveController::title() const
{
    if (!m_session) {
        return QString();
    }
    if (m_session->isRecording()) {
        //: The window's title for a recorded watch: %1 the file, %2 the name server, %3 group.
        return tr("Recording %1 · %2 · %3")
            .arg(QFileInfo(m_session->recordingFile()).fileName(), m_session->nameServer(),
                m_session->group());
    }
    //: The window's title while it shows a live group: %1 the name server, %2 the group.
    return tr("Live from %1 · %2").arg(m_session->nameServer(), m_session->group());
}

QString LiveController::bannerText(QString *toolTip, bool *alert) const
{
    if (!m_session) {
        return QString();
    }
    const std::shared_ptr<const Remoting::LiveWorld> world = m_session->world();
    QStringList parts;
    QStringList tips;
    bool trouble = false;
    const QString head = QStringLiteral("<b>%1</b>").arg(title().toHtmlEscaped());
    if (world->pollCount() == 0) {
        parts.append(tr("connecting…"));
    } else {
        const SimTime shown = m_controller->isLive() ? m_controller->now() : world->duration();
        const qsizetype poll = world->pollAt(shown);
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(world->pollWallClock(poll));
        const QString clock = at.toString(QStringLiteral("HH:mm:ss"));
        if (m_session->isRecording()) {
            const QString first = QDateTime::fromMSecsSinceEpoch(world->pollWallClock(0))
                                      .toString(QStringLiteral("HH:mm:ss"));
            const QString last
                = QDateTime::fromMSecsSinceEpoch(world->pollWallClock(world->pollCount() - 1))
                      .toString(QStringLiteral("HH:mm:ss"));
            //: A recording: %1 the poll on screen's clock time, %2 and %3 the first and last.
            parts.append(tr("poll of %1 (recorded %2 to %3)").arg(clock, first, last));
        } else if (m_controller->isLive() && !m_controller->isPlaying()) {
            const qsizetype newer = world->pollCount() - 1 - poll;
            //: A live view scrubbed back: %1 the poll's clock time; then how many came since.
            parts.append(tr("showing the poll of %1").arg(clock) + QStringLiteral(" · ")
                + tr("%n newer poll(s)", nullptr, int(newer)));
        } else {
            const qint64 ago
                = qMax<qint64>(0, m_session->lastPollAt().secsTo(QDateTime::currentDateTime()));
            //: %1 the clock time of the newest poll, %2 seconds since.
            parts.append(tr("last poll %1 (%2 s ago)").arg(clock).arg(ago));
            // No poll back for three intervals: the brokers are slow to answer (each request
            // waits for its timeout).
            if (m_session->isRunning() && ago * 1000 > 3 * qint64(m_session->interval()) + 3000) {
                parts.append(tr("waiting for the brokers to answer"));
                trouble = true;
            }
        }
        QStringList silent;
        const QList<Remoting::LiveWorld::ClientNote> notes = world->notesAt(shown);
        const CatalogPtr catalog = world->catalog();
        for (qsizetype c = 0; c < notes.size(); ++c) {
            if (notes.at(c).state == Remoting::LiveWorld::ClientState::NotAnswering) {
                silent.append(catalog->consumers.at(c).id);
                tips.append(
                    QStringLiteral("%1: %2").arg(catalog->consumers.at(c).id, notes.at(c).reason));
            }
        }
        if (!silent.isEmpty()) {
            parts.append(tr("not answering: %1").arg(silent.join(QStringLiteral(", "))));
            trouble = true;
        }
        const QStringList problems = world->problemsAt(shown);
        if (!problems.isEmpty()) {
            parts.append(problems.first()
                + (problems.size() > 1 ? QStringLiteral(" (+%1)").arg(problems.size() - 1)
                                       : QString()));
            tips.append(problems);
            trouble = true;
        }
        if (m_session->skippedPolls() > 0) {
            tips.append(tr("%n poll(s) skipped: the one before was still waiting for answers",
                nullptr, m_session->skippedPolls()));
        }
        tips.prepend(
            tr("%n poll(s) watched, every %1 s; read-only", nullptr, int(world->pollCount()))
                .arg(m_session->interval() / 1000.0));
        if (m_session->isRecording()) {
            tips.prepend(m_session->recordingFile());
        }
    }
    if (toolTip) {
        *toolTip = tips.join(QLatin1Char('\n'));
    }
    if (alert) {
        *alert = trouble;
    }
    QStringList escaped;
    for (const QString &p : std::as_const(parts)) {
        escaped.append(p.toHtmlEscaped());
    }
    return head + QStringLiteral(" — ") + escaped.join(QStringLiteral(" · "));
}

CompareWindow *LiveController::fork(bool show, const QStringList &variantSpecs)
{
    m_lastError.clear();
    if (!m_session || m_session->world()->pollCount() == 0) {
        m_lastError = tr("Connect to a cluster first.");
        return nullptr;
    }
    const std::shared_ptr<const Remoting::LiveWorld> world = m_session->world();
    // The poll on screen: the newest while following, the scrubbed one otherwise.
    const SimTime shown = m_controller->isLive() ? m_controller->now() : world->duration();
    QString pollError;
    const qsizetype pollIndex = world->pollAt(shown);
    const std::optional<Remoting::GroupSnapshot> polled
        = m_session->snapshotOfPoll(pollIndex, &pollError);
    if (!polled) {
        m_lastError = tr("The poll cannot be forked: %1").arg(pollError);
        return nullptr;
    }
    const Remoting::GroupSnapshot &snapshot = *polled;
    const MqadminImport imported
        = snapshot.toScenario(tr("%1 at %2")
                                  .arg(world->group(),
                                      QDateTime::fromMSecsSinceEpoch(snapshot.takenAtMs)
                                          .toString(QStringLiteral("HH:mm:ss"))));
    if (!imported.ok) {
        QStringList errors;
        for (const MqadminDiagnostic &d : imported.diagnostics) {
            errors.append(d.toString());
        }
        m_lastError = tr("The poll cannot be forked: %1").arg(errors.join(QLatin1Char('\n')));
        if (!m_quiet) {
            QMessageBox::warning(m_window, tr("Fork into the engine"), m_lastError);
        }
        return nullptr;
    }
    Scenario scenario = imported.scenario;
    // Each client's listener as it reported itself (ConsumeStatus.consumeRT, ms per message over
    // the last minute), not the engine's default: a fork consumes as fast as the group did.
    for (GroupSpec &g : scenario.groups) {
        for (ConsumerSpec &c : g.consumers) {
            const Remoting::ClientView *client = snapshot.client(c.id);
            if (!client) {
                continue;
            }
            for (const QString &topic : g.topics) {
                const double rt = client->info.status.value(topic).consumeRT;
                if (rt > 0) {
                    c.consumeTime.meanMs = rt;
                    break;
                }
            }
        }
    }
    // The producers as the brokers saw them lately (the offsets' growth), not a default rate.
    for (TopicSpec &topic : scenario.topics) {
        const double rate = world->produceRate(topic.name, 5, pollIndex);
        if (rate >= 0) {
            topic.produceRate = rate;
        }
    }
    QList<Variant> variants;
    QString group = world->group();
    if (m_quiet || !variantSpecs.isEmpty()) {
        variants.append(Variant { tr("As it runs"), QString(), {}, {} });
        const QStringList specs = variantSpecs.isEmpty()
            ? QStringList { QStringLiteral("CONSISTENT_HASH") }
            : variantSpecs;
        for (const QString &spec : specs) {
            QString error;
            const std::optional<Variant> v = Variant::parse(spec, &error);
            if (!v) {
                m_lastError = error;
                return nullptr;
            }
            variants.append(*v);
        }
    } else {
        CompareDialog dialog(m_registry, scenario, 0, m_window);
        if (dialog.exec() != QDialog::Accepted) {
            return nullptr;
        }
        variants = dialog.variants();
        group = dialog.group();
    }
    auto *window = new CompareWindow(m_registry);
    if (!window->start(scenario, variants, group, 0)) {
        m_lastError = window->lastError();
        delete window;
        if (!m_quiet) {
            QMessageBox::warning(m_window, tr("Fork into the engine"), m_lastError);
        }
        return nullptr;
    }
    window->setWindowTitle(tr("Fork of %1 — Rebalance Lab").arg(title()));
    if (show) {
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->resize(m_window->size());
        window->show();
    }
    return window;
}

} // namespace Rblab

#include "moc_livecontroller.cpp"
