// SPDX-License-Identifier: Apache-2.0
// The churn a user applies by hand: add a consumer, and act on the selected one.
#pragma once

#include "simulation/frame.h"

#include <QObject>

class QAction;
class QMenu;

namespace Rblab {

/*!
    The consumer actions of the menu, the toolbar and the card's context menu, and the commands
    they make: join a new consumer; shut down, kill, freeze, partition, pause or slow down the
    selected one; and undo the reversible ones (unfreeze, heal, resume, restore speed). Each
    action is enabled only when it makes sense for the consumer's state, so the menus teach what
    can happen to a consumer in which state.
*/
class ConsumerActions : public QObject
{
    Q_OBJECT

public:
    enum Kind {
        Add,
        Shutdown,
        Kill,
        Freeze,
        Unfreeze,
        Partition,
        Heal,
        Pause,
        Resume,
        Slow,
        RestoreSpeed,
        KindCount
    };

    explicit ConsumerActions(QObject *parent = nullptr);

    QAction *action(Kind kind) const { return m_actions.at(kind); }
    QList<QAction *> actions() const { return m_actions; }
    //! The menu for a consumer's card.
    void fillMenu(QMenu *menu) const;

    void setScenario(const Scenario &scenario);
    //! The newest catalog and snapshot: enables the actions for the selected consumer's state.
    void setState(const CatalogPtr &catalog, const WorldSnapshot &snapshot);
    void setSelectedConsumer(qint32 consumer);
    qint32 selectedConsumer() const { return m_consumer; }
    void retranslate();

    //! The command an action makes for the selected consumer (a join for Add).
    std::optional<ScenarioEvent> command(Kind kind) const;

signals:
    void commandRequested(const Rblab::ScenarioEvent &command);

private:
    void trigger(Kind kind);
    void updateEnabled();

    QList<QAction *> m_actions;
    Scenario m_scenario;
    CatalogPtr m_catalog;
    WorldSnapshot m_snapshot;
    qint32 m_consumer = -1;
    int m_joined = 0;
};

} // namespace Rblab
