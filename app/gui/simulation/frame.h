// SPDX-License-Identifier: Apache-2.0
// What the worker hands the interface after each time slice.
#pragma once

#include <scenario/scenario.h>
#include <model/catalog.h>
#include <run/samplehistory.h>
#include <model/simevent.h>
#include <model/snapshot.h>

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace Rblab {

/*!
    The run's catalog (Simulation::catalog): append-only in the engine, so a new Catalog is made
    only when it grows (a join, a new route); views compare the pointer to know when to lay out
    again.
*/
using CatalogPtr = std::shared_ptr<const Catalog>;

//! What a pause-on-event watches for (the timeline bar's "Pause on" menu).
enum class PauseKind : quint8 {
    Rebalance, //!< a rebalance round that moved queues
    DoubleOwnership, //!< a queue starts being held by two live consumers
    FlowControl, //!< a queue's pulls start being held back
    ConsumerState, //!< a consumer starts, joins, stops, is killed, freezes, thaws, …
};
using PauseKinds = QList<PauseKind>;

/*!
    One published picture of the run: the snapshot, and what happened since the last frame the
    interface took. Events and samples accumulate in the buffer until the interface takes them,
    so none is lost when painting is slower than the engine.
*/
struct Frame
{
    quint64 generation = 0; //!< bumped by every load and restart
    CatalogPtr catalog;
    WorldSnapshot snapshot;
    /*!
        The group whose totals the status bar shows (SimulationController::setTotalsGroup), or -1
        for the world's; only that group's Simulation::groupTotals are computed (each is a scan of
        the run's queues), and only when the run has more than one group.
    */
    qint32 totalsGroup = -1;
    SnapshotTotals groupTotals; //!< of totalsGroup, when it is 0 or more
    QList<SimEvent> newEvents;
    /*!
        The engine's window of samples as it is now (SampleHistory: recent ones whole, older ones
        thinned, departed consumers' rows folded): an implicitly shared list of immutable
        samples, so handing it over copies pointers, not rows, and the interface keeps no second
        history of its own. SampleHistory::expand(sample, departures) gives a sample's every row.
    */
    QList<SamplePtr> samples;
    QList<SampleHistory::Departure> departures;
    quint64 historyRevision = 0; //!< changes when more than the end changed (thinning, rewind)
    qint64 historyBytes = 0; //!< what the window holds (SampleHistory::memoryBytes)
    qint64 samplesTaken = 0; //!< samples this branch appended, thinned ones included
    //! The world's settings as they are now: the scenario's, with every setBroker and group-wide
    //! setClient applied so far (scripted or given by the user). The engine keeps no accessor
    //! for them, so the worker folds the commands it knows were applied.
    QVariantMap brokerSettings;
    QMap<QString, QVariantMap> clientSettings; //!< group name → ClientConfig overrides
    std::optional<ChurnSpec> churn; //!< the random churn running now
    /*!
        The worker went back (or jumped) to another moment of the run: the interface keeps the
        events it holds up to `keptUntil` and takes newEvents (all later) after them; `samples`
        is the window of the moment shown.
    */
    bool rewound = false;
    SimTime keptUntil = -1;
    SimTime reached = 0; //!< the furthest time the run's current branch has been run to
    //! A pause-on-event stopped the run: the PauseKind, else -1.
    int pausedOn = -1;
    double effectiveSpeed = 0; //!< virtual ms per wall ms achieved lately
    bool playing = false;
    bool valid = false;
};

} // namespace Rblab
