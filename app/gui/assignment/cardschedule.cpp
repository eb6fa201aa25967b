// SPDX-License-Identifier: Apache-2.0
#include "assignment/cardschedule.h"

#include <scenario/topicnames.h>

#include <QHash>

namespace Rblab {

qint64 CardSchedule::secondsToNext(const SnapshotConsumer &consumer, SimTime now)
{
    // A frozen host runs nothing: its wait has no end it will keep.
    if (!isAlive(consumer.state) || consumer.state == ConsumerState::Frozen
        || consumer.nextRebalanceAt < 0) {
        return -1;
    }
    const SimTime left = consumer.nextRebalanceAt - now;
    return left <= 0 ? 0 : (left + 999) / 1000;
}

CardSchedule::View CardSchedule::ownView(const Catalog &catalog, const SnapshotConsumer &consumer)
{
    for (const ConsumerView &v : consumer.views) {
        if (v.at < 0 || v.topic < 0 || v.topic >= catalog.topics.size()
            || TopicNames::isRetryTopic(catalog.topics.at(v.topic))) {
            continue;
        }
        return View { qint32(v.cidAll.size()), v.queueCount };
    }
    return View();
}

CardSchedule::View CardSchedule::commonView(
    const Catalog &catalog, const WorldSnapshot &snapshot, qint32 group)
{
    QHash<quint64, int> votes;
    View best;
    int bestVotes = 0;
    const qsizetype n = qMin(snapshot.consumers.size(), catalog.consumers.size());
    for (qsizetype i = 0; i < n; ++i) {
        const SnapshotConsumer &sc = snapshot.consumers.at(i);
        if (catalog.consumers.at(i).groupIndex != group || !isAlive(sc.state)) {
            continue;
        }
        const View v = ownView(catalog, sc);
        if (v.consumers < 0) {
            continue;
        }
        const int count = ++votes[(quint64(quint32(v.consumers)) << 32) | quint32(v.queues)];
        if (count > bestVotes || (count == bestVotes && v.consumers > best.consumers)) {
            best = v;
            bestVotes = count;
        }
    }
    return best;
}

QString CardSchedule::countdownText(qint64 seconds, bool alive)
{
    if (seconds > 0) {
        return tr("next rebalance in %1 s").arg(seconds);
    }
    return alive ? tr("rebalancing now") : QString();
}

QString CardSchedule::viewText(const View &view)
{
    if (view.consumers < 0) {
        return QString();
    }
    return tr("sees %1 consumers · %2 queues").arg(view.consumers).arg(view.queues);
}

QString CardSchedule::shortCountdownText(qint64 seconds, bool alive)
{
    if (seconds > 0) {
        return tr("⟳ %1 s").arg(seconds);
    }
    return alive ? tr("⟳ now") : QString();
}

QString CardSchedule::shortViewText(const View &view)
{
    if (view.consumers < 0) {
        return QString();
    }
    return tr("%1 consumers · %2 queues").arg(view.consumers).arg(view.queues);
}

} // namespace Rblab

namespace Rblab {

QString CardSchedule::tinyViewText(const View &view)
{
    if (view.consumers < 0) {
        return QString();
    }
    //: A card's own view at its narrowest: consumers and queues it computed with.
    return tr("%1 c · %2 q").arg(view.consumers).arg(view.queues);
}

QString CardSchedule::consumersText(const View &view)
{
    if (view.consumers < 0) {
        return QString();
    }
    return tr("%1 consumers").arg(view.consumers);
}

} // namespace Rblab
