// SPDX-License-Identifier: Apache-2.0
// A plain record of a run: what a report or a CSV export is written from.
#pragma once

#include "scenario/scenario.h"
#include "model/catalog.h"
#include "model/simevent.h"
#include "model/snapshot.h"

#include <rblab/rblab_global.h>

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace Rblab {

class Simulation;

/*!
    Everything a report says about a run, as values: the catalog, the final state, the events
    and a source of the samples. The samples are not held here but visited in order (a run of a
    day has 86,400 of them: the CLI streams them from its spool, the app from the thinned window
    it keeps), so writing a report never needs the whole history in memory at once.

    A record taken from a live Simulation (of()) reads its samples from it: it must not outlive
    the Simulation, and the Simulation must not run while the samples are visited.
*/
struct RBLAB_ENGINE_EXPORT RunRecord
{
    using SampleVisitor = std::function<void(const Sample &)>;
    using EventVisitor = std::function<void(const SimEvent &)>;

    QString scenario; //!< the scenario's name
    quint64 seed = 0;
    Profile profile = Profile::V5;
    SimTime sampleInterval = 0;

    Catalog catalog;

    WorldSnapshot final; //!< the state when the record was taken (totals included)
    //! Simulation::groupTotals of every group of the catalog, in its order (empty: not known).
    QList<SnapshotTotals> groupTotals;
    /*!
        Calls its argument with every published event in order; false if they cannot be read
        back. Not set: no events. Like the samples, the events are visited, not held: the CLI's
        run keeps them in a spool (issue 12).
    */
    std::function<bool(const EventVisitor &)> events;
    //! Calls its argument with every sample in order; false if they cannot be read back.
    std::function<bool(const SampleVisitor &)> samples;

    //! The record of `simulation` as it is now, its samples from whichever store keeps them.
    static RunRecord of(Simulation &simulation);
};

} // namespace Rblab
