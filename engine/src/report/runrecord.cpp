// SPDX-License-Identifier: Apache-2.0
#include "report/runrecord.h"

#include "run/simulation.h"

namespace Rblab {

RunRecord RunRecord::of(Simulation &sim)
{
    RunRecord record;
    record.scenario = sim.scenario().name;
    record.seed = sim.seed();
    record.profile = sim.scenario().profile;
    record.sampleInterval = sim.sampleInterval();
    record.catalog = sim.catalog();
    record.final = sim.snapshot();
    for (qint32 g = 0; g < qint32(record.catalog.groups.size()); ++g) {
        record.groupTotals.append(sim.groupTotals(g));
    }
    const Simulation *source = &sim;
    record.events = [source](const EventVisitor &visit) {
        // Spooled first (Recording::Spool), then those the World still holds.
        if (const EventSpool *spool = source->eventSpool(); spool && !spool->forEach(visit)) {
            return false;
        }
        for (const SimEvent &event : source->events()) {
            visit(event);
        }
        return true;
    };
    record.samples = [source](const SampleVisitor &visit) {
        if (const SampleSpool *spool = source->spool()) {
            return spool->forEach(visit);
        }
        if (const SampleHistory *history = source->history()) {
            // Stored folded: every consumer's row comes back for the writer.
            for (const SamplePtr &sample : history->samples()) {
                visit(SampleHistory::expand(*sample, history->departures()));
            }
            return true;
        }
        for (const Sample &sample : source->samples()) {
            visit(sample);
        }
        return true;
    };
    return record;
}

} // namespace Rblab
