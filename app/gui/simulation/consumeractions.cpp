// SPDX-License-Identifier: Apache-2.0
#include "simulation/consumeractions.h"

#include "guitext.h"

#include <QAction>
#include <QIcon>
#include <QMenu>

#include <algorithm>

namespace Rblab {

namespace {

// A slowed consumer's listener takes this many times longer per message.
constexpr double kSlowFactor = 10.0;

} // namespace

ConsumerActions::ConsumerActions(QObject *parent) : QObject(parent)
{
    static const char *const icons[KindCount] = { "add-consumer", "shutdown", "kill", "freeze",
        "unfreeze", "partition", "heal", "pause-consumer", "resume", "slow", "restore-speed" };
    for (int k = 0; k < KindCount; ++k) {
        auto *action = new QAction(this);
        action->setIcon(QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(icons[k]))));
        connect(action, &QAction::triggered, this, [this, k] { trigger(Kind(k)); });
        m_actions.append(action);
    }
    m_actions[Add]->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_J));
    m_actions[Kill]->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_actions[Shutdown]->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_actions[Freeze]->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F));
    retranslate();
    updateEnabled();
}

void ConsumerActions::retranslate()
{
    struct Text
    {
        QString text;
        QString tip;
    };
    const Text texts[KindCount] = {
        { tr("&Add consumer"), tr("Start a new consumer in the group (join)") },
        { tr("&Shut down"),
            tr("Graceful shutdown: persist offsets, unregister, the broker notifies the others") },
        { tr("&Kill"),
            tr("The process dies: the broker sees the connection close; unpersisted offsets are "
               "lost") },
        { tr("&Freeze"),
            tr("The host hangs: no heartbeat, no pull; the broker only notices when the channel "
               "expires") },
        { tr("&Unfreeze"), tr("The frozen host runs again") },
        { tr("&Partition"),
            tr("Cut the network between the consumer and every broker; it keeps running") },
        { tr("&Heal"), tr("Restore the network of a partitioned consumer") },
        { tr("&Pause"), tr("DefaultMQPushConsumer.suspend(): stop pulling, keep the queues") },
        { tr("&Resume"), tr("DefaultMQPushConsumer.resume()") },
        { tr("S&low down"),
            tr("The listener takes ten times longer per message (cache fills, flow control)") },
        { tr("Restore &speed"), tr("The listener takes its original time per message again") },
    };
    for (int k = 0; k < KindCount; ++k) {
        GuiText::setActionTexts(m_actions[k], texts[k].text, texts[k].tip);
    }
}

void ConsumerActions::fillMenu(QMenu *menu) const
{
    for (int k = Shutdown; k < KindCount; ++k) {
        menu->addAction(m_actions.at(k));
        if (k == Kill || k == Heal || k == Resume) {
            menu->addSeparator();
        }
    }
}

void ConsumerActions::setScenario(const Scenario &scenario)
{
    m_scenario = scenario;
    m_joined = 0;
    updateEnabled();
}

void ConsumerActions::setState(const CatalogPtr &catalog, const WorldSnapshot &snapshot)
{
    m_catalog = catalog;
    m_snapshot = snapshot;
    updateEnabled();
}

void ConsumerActions::setSelectedConsumer(qint32 consumer)
{
    m_consumer = consumer;
    updateEnabled();
}

void ConsumerActions::updateEnabled()
{
    const bool hasGroup = !m_scenario.groups.isEmpty();
    m_actions[Add]->setEnabled(hasGroup);
    const bool valid = m_consumer >= 0 && m_consumer < m_snapshot.consumers.size();
    const SnapshotConsumer sc = valid ? m_snapshot.consumers.at(m_consumer) : SnapshotConsumer();
    const ConsumerState s = sc.state;
    const bool alive = valid && s != ConsumerState::Killed && s != ConsumerState::Shutdown
        && s != ConsumerState::Absent;
    m_actions[Shutdown]->setEnabled(alive);
    m_actions[Kill]->setEnabled(alive);
    m_actions[Freeze]->setEnabled(alive && s != ConsumerState::Frozen);
    m_actions[Unfreeze]->setEnabled(valid && s == ConsumerState::Frozen);
    m_actions[Partition]->setEnabled(alive && s != ConsumerState::Frozen);
    m_actions[Heal]->setEnabled(valid && s == ConsumerState::Partitioned);
    m_actions[Pause]->setEnabled(alive && s != ConsumerState::Paused && s != ConsumerState::Frozen);
    m_actions[Resume]->setEnabled(valid && s == ConsumerState::Paused);
    m_actions[Slow]->setEnabled(alive && !sc.slowed);
    m_actions[RestoreSpeed]->setEnabled(valid && sc.slowed && alive);
}

std::optional<ScenarioEvent> ConsumerActions::command(Kind kind) const
{
    ScenarioEvent e;
    if (kind == Add) {
        if (m_scenario.groups.isEmpty()) {
            return std::nullopt;
        }
        const GroupSpec &group = m_scenario.groups.first();
        // Ids in a range churn does not use, unique within the run.
        QString id;
        int n = m_joined;
        do {
            ++n;
            id = QStringLiteral("10.0.200.%1@%2").arg(n).arg(7000 + n);
        } while (m_catalog
            && std::any_of(m_catalog->consumers.begin(), m_catalog->consumers.end(),
                [&id](const ConsumerInfo &c) { return c.name == id || c.id == id; }));
        e.action = ScenarioEvent::Action::Join;
        e.group = group.name;
        e.joining.id = id;
        e.joining.consumeTime
            = group.consumers.isEmpty() ? ConsumeTime() : group.consumers.first().consumeTime;
        return e;
    }
    if (!m_catalog || m_consumer < 0 || m_consumer >= m_catalog->consumers.size()) {
        return std::nullopt;
    }
    e.consumer = m_catalog->consumers.at(m_consumer).name;
    switch (kind) {
    case Shutdown:
        e.action = ScenarioEvent::Action::Shutdown;
        break;
    case Kill:
        e.action = ScenarioEvent::Action::Kill;
        break;
    case Freeze:
        e.action = ScenarioEvent::Action::Freeze;
        break;
    case Unfreeze:
        e.action = ScenarioEvent::Action::Unfreeze;
        break;
    case Partition:
        e.action = ScenarioEvent::Action::Partition;
        break;
    case Heal:
        e.action = ScenarioEvent::Action::Heal;
        break;
    case Pause:
        e.action = ScenarioEvent::Action::Pause;
        break;
    case Resume:
        e.action = ScenarioEvent::Action::Resume;
        break;
    case Slow:
    case RestoreSpeed: {
        if (m_consumer >= m_snapshot.consumers.size()) {
            return std::nullopt;
        }
        // The engine knows the listener's time now and as declared (a consumer the churn
        // started, or one a scenario already slowed, included).
        const SnapshotConsumer &sc = m_snapshot.consumers.at(m_consumer);
        e.action = ScenarioEvent::Action::SetConsumeTime;
        if (kind == Slow) {
            ConsumeTime t = sc.consumeTime;
            t.meanMs *= kSlowFactor;
            t.p99Ms *= kSlowFactor;
            e.consumeTime = t;
        } else {
            e.consumeTime = sc.initialConsumeTime;
        }
        break;
    }
    default:
        return std::nullopt;
    }
    return e;
}

void ConsumerActions::trigger(Kind kind)
{
    const std::optional<ScenarioEvent> e = command(kind);
    if (!e) {
        return;
    }
    if (kind == Add) {
        ++m_joined;
    }
    emit commandRequested(*e);
}

} // namespace Rblab

#include "moc_consumeractions.cpp"
