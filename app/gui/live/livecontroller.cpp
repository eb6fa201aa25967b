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
    m_fork->setToolTip(tr("Open compare mode on the newest poll: the same group from this moment "
                          "(holds and offsets as the clients report them) under the strategies "
                          "and settings you choose"));
    m_backToLive->setText(tr("&Back to live"));
    m_backToLive->setToolTip(tr("Show each poll again as it arrives"));
}

void LiveController::updateActions()
{
    const bool live = m_controller->isLive() && m_session;
    m_fork->setEnabled(live && m_session->world()->pollCount() > 0);
    m_backToLive->setVisible(live && !m_controller->isPlaying());
    m_backToLive->setEnabled(live && !m_controller->isPlaying());
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
    LiveSession *session = m_session;
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
    session->start();
    return session;
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
        if (m_controller->isLive() && !m_controller->isPlaying()) {
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
    const MqadminImport imported = world->latest().toScenario(
        tr("%1 at %2")
            .arg(world->group(),
                QDateTime::fromMSecsSinceEpoch(world->latest().takenAtMs)
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
            const Remoting::ClientView *client = world->latest().client(c.id);
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
        const double rate = world->produceRate(topic.name);
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
