// SPDX-License-Identifier: Apache-2.0
// Every number about the selected consumer or queue.
#pragma once

#include "simulation/selection.h"

#include <model/snapshot.h>

#include <QElapsedTimer>
#include <QWidget>

#include <memory>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace Rblab {
namespace Remoting {
class LiveWorld;
}

class ObservedWorld;
class RingDiagram;
class SimulationController;

/*!
    Shows the selection's exact state from the newest frame: for a consumer its state, strategy,
    cache, flow-control holds, thresholds, last rebalance and each queue it holds (offsets, cache,
    pull state, lock); for a queue its offsets and lag on the broker, its owners with their
    process-queue state, and the last rebalance that moved it. Refreshed a few times a second,
    not every frame: numbers that change 60 times a second cannot be read.
*/
class InspectorView : public QWidget
{
    Q_OBJECT

public:
    explicit InspectorView(const SimulationController &controller, QWidget *parent = nullptr);

    void setSelection(const Selection &selection);
    Selection selection() const { return m_selection; }
    //! The value shown for a property (tests), by its visible name; empty when not shown.
    QString value(const QString &property) const;
    //! The ring drawing under the tree (shown for a CONSISTENT_HASH consumer).
    const RingDiagram *ringDiagram() const { return m_ring; }
    //! Scrolls "Explain this assignment" to the top of the tree (a screenshot's --select).
    void scrollToExplanation();
    void refresh();
    /*!
        The log lines behind what the inspector shows of a consumer of an observed world (its
        assignment changes, notifications, flow-control warnings, start and shutdown), up to
        now, as "file:line"; a click on one copies it. Empty for an engine run.
    */
    QStringList sourceLines() const;
    //! The last line copied by a click (tests).
    QString copiedLine() const { return m_copied; }

    //! The name column's widest share of the tree's width; the values always get the rest.
    static constexpr double kNameShare = 0.5;

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    //! The name column to its contents, at most kNameShare of the width (unless dragged).
    void fitColumns();
    void showConsumer(qint32 consumer);
    void showQueue(qint32 queue);
    //! "Explain this assignment": the lists the consumer's strategy saw and how it used them.
    void addExplanation(qint32 consumer);
    //! A consumer of imported logs: what the logs say, and the lines that say it.
    void showObservedConsumer(const ObservedWorld &world, qint32 consumer);
    //! A live or recorded group's client: what it said of itself at the poll on screen.
    void showLiveConsumer(const Remoting::LiveWorld &world, qint32 consumer);
    //! A row per queue `consumer` holds, with addHolding()'s rows below it.
    void addHoldingsOf(qint32 consumer, const SnapshotConsumer &sc);
    QTreeWidgetItem *add(
        const QString &name, const QString &value, QTreeWidgetItem *parent = nullptr);
    //! A process queue's details: offsets, cache against the owner's threshold, pull state, lock.
    void addHolding(
        const SnapshotHolding &holding, const SnapshotConsumer &owner, QTreeWidgetItem *parent);

    const SimulationController &m_controller;
    Selection m_selection;
    QLabel *m_title = nullptr;
    QTreeWidget *m_tree = nullptr;
    RingDiagram *m_ring = nullptr; //!< CONSISTENT_HASH's ring, under the tree
    QElapsedTimer m_lastRefresh;
    QString m_copied;
    bool m_fittingColumns = false;
    bool m_nameColumnByUser = false; //!< the user dragged the divider: keep it there
    bool m_headerPressed = false; //!< a mouse button is down on the header
};

} // namespace Rblab
