// SPDX-License-Identifier: Apache-2.0
#include "assignmentexplanation.h"

#include <algorithm>

namespace Rblab {

AssignmentExplanation AssignmentExplanation::of(
    const Catalog &catalog, const WorldSnapshot &snapshot, qint32 consumer, qint32 topic)
{
    AssignmentExplanation e;
    if (consumer < 0 || consumer >= snapshot.consumers.size()
        || consumer >= catalog.consumers.size()) {
        return e;
    }
    const SnapshotConsumer &sc = snapshot.consumers.at(consumer);
    const ConsumerView *view = nullptr;
    for (const ConsumerView &v : sc.views) {
        const bool retry = v.topic >= 0 && v.topic < catalog.topics.size()
            && catalog.topics.at(v.topic).startsWith(QLatin1String("%RETRY%"));
        if ((topic >= 0 && v.topic == topic) || (topic < 0 && !retry && !v.mqAll.isEmpty())) {
            view = &v;
            break;
        }
    }
    if (!view || view->mqAll.isEmpty() || view->cidAll.isEmpty()) {
        return e;
    }
    e.strategy = view->strategy;
    e.topic = view->topic >= 0 && view->topic < catalog.topics.size()
        ? catalog.topics.at(view->topic)
        : QString();
    e.at = view->at;
    e.currentCid = catalog.consumers.at(consumer).id;
    e.cidAll = view->cidAll;
    e.mqAll = view->mqAll;
    e.allocated = view->allocated;
    e.index = int(e.cidAll.indexOf(e.currentCid));
    const int mqs = int(e.mqAll.size());
    const int cids = int(e.cidAll.size());
    if (e.strategy == QLatin1String("AVG") && e.index >= 0) {
        // AllocateMessageQueueAveragely.allocate, step by step.
        e.kind = Kind::Averagely;
        e.mod = mqs % cids;
        e.averageSize
            = mqs <= cids ? 1 : (e.mod > 0 && e.index < e.mod ? mqs / cids + 1 : mqs / cids);
        e.startIndex = (e.mod > 0 && e.index < e.mod) ? e.index * e.averageSize
                                                      : e.index * e.averageSize + e.mod;
        e.range = std::min(e.averageSize, mqs - e.startIndex);
        for (int i = 0; i < e.range; ++i) {
            e.computed.append(e.mqAll.at((e.startIndex + i) % mqs));
        }
    } else if (e.strategy == QLatin1String("AVG_BY_CIRCLE") && e.index >= 0) {
        // AllocateMessageQueueAveragelyByCircle.allocate: i % cidAll.size() == index.
        e.kind = Kind::ByCircle;
        for (int i = e.index; i < mqs; i += cids) {
            e.computed.append(e.mqAll.at(i));
        }
    } else {
        e.kind = Kind::Other;
    }
    return e;
}

} // namespace Rblab
