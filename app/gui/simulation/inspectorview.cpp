// SPDX-License-Identifier: Apache-2.0
#include "simulation/inspectorview.h"

#include "teaching/assignmentexplanation.h"
#include "teaching/flowcontroltext.h"
#include "guitext.h"
#include "observed/observedworld.h"
#include "teaching/ringdiagram.h"
#include "simulation/simulationcontroller.h"

#include <liveworld.h>

#include <QClipboard>
#include <QDateTime>
#include <QGuiApplication>

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

namespace Rblab {

namespace {

constexpr qint64 kRefreshMs = 250;
// The newest lines of a consumer shown (a day of logs can hold thousands of its lines).
constexpr int kMaxSourceLines = 200;
constexpr int kSourceRole = Qt::UserRole + 1;

QString lineKind(const LogRecord &r)
{
    switch (r.kind) {
    case LogRecord::Kind::Result:
        return InspectorView::tr("rebalanced result changed: %1 of %2 queues, cidAllSize=%3")
            .arg(r.queues.size())
            .arg(r.mqAllSize)
            .arg(r.cidAllSize);
    case LogRecord::Kind::AddQueue:
        return InspectorView::tr("add a new mq %1/%2")
            .arg(r.queues.value(0).brokerName)
            .arg(r.queues.value(0).queueId);
    case LogRecord::Kind::RemoveQueue:
        return InspectorView::tr("remove unnecessary mq %1/%2")
            .arg(r.queues.value(0).brokerName)
            .arg(r.queues.value(0).queueId);
    case LogRecord::Kind::Notify:
        return InspectorView::tr("broker's notification from %1").arg(r.brokerAddress);
    case LogRecord::Kind::FlowCount:
    case LogRecord::Kind::FlowSize:
    case LogRecord::Kind::FlowSpan:
        return InspectorView::tr("flow control on %1/%2 (flowControlTimes=%3)")
            .arg(r.queues.value(0).brokerName)
            .arg(r.queues.value(0).queueId)
            .arg(r.flowControlTimes);
    case LogRecord::Kind::Dropped:
        return InspectorView::tr("pull request dropped");
    case LogRecord::Kind::StartOk:
        return InspectorView::tr("start OK");
    case LogRecord::Kind::ShutdownOk:
        return InspectorView::tr("shutdown OK");
    case LogRecord::Kind::Unregistered:
        //: A client log line: the consumer's shutdown unregistered it from a broker.
        return InspectorView::tr("unregistered from a broker (shutting down)");
    case LogRecord::Kind::LockFailed:
        //: A client log line: an orderly consumer could not lock a queue it was given.
        return InspectorView::tr("add a new mq %1/%2 failed: lock failed")
            .arg(r.queues.value(0).brokerName)
            .arg(r.queues.value(0).queueId);
    case LogRecord::Kind::StartBeginning:
        return r.broadcasting ? InspectorView::tr("start beginning (BROADCASTING)")
                              : InspectorView::tr("start beginning (CLUSTERING)");
    case LogRecord::Kind::ClientCreated:
        break;
    }
    return QString();
}

} // namespace

InspectorView::InspectorView(const SimulationController &controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    layout->addWidget(m_title);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    // The names sized to their contents, but never past kNameShare of the width: sized to
    // contents alone, a long name at 200 % (a holding, "Explain this assignment") pushed the
    // value column off-screen. The values take the rest; what does not fit is elided, and every
    // cell's tooltip has it whole. A divider the user drags stays where it was put.
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setTextElideMode(Qt::ElideRight);
    m_tree->viewport()->installEventFilter(this);
    // Only a drag of the divider is the user's: the header resizes sections itself too.
    m_tree->header()->viewport()->installEventFilter(this);
    connect(m_tree->header(), &QHeaderView::sectionResized, this, [this](int section) {
        if (section == 0 && m_headerPressed && !m_fittingColumns) {
            m_nameColumnByUser = true;
        }
    });
    connect(m_tree, &QTreeWidget::itemExpanded, this, [this] { fitColumns(); });
    layout->addWidget(m_tree);
    m_ring = new RingDiagram(this);
    layout->addWidget(m_ring);
    connect(&controller, &SimulationController::frameUpdated, this, [this] {
        if (!m_lastRefresh.isValid() || m_lastRefresh.elapsed() >= kRefreshMs) {
            refresh();
        }
    });
    connect(&controller, &SimulationController::runStarted, this,
        [this] { setSelection(Selection()); });
    // A log line's place is for finding it in the file: one click copies "file:line".
    connect(m_tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        const QString source = item->data(0, kSourceRole).toString();
        if (!source.isEmpty()) {
            m_copied = source;
            QGuiApplication::clipboard()->setText(source);
            item->setToolTip(1, tr("Copied %1").arg(source));
        }
    });
    refresh();
}

void InspectorView::setSelection(const Selection &selection)
{
    m_selection = selection;
    refresh();
}

QTreeWidgetItem *InspectorView::add(
    const QString &name, const QString &value, QTreeWidgetItem *parent)
{
    auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
    item->setText(0, name);
    item->setText(1, value);
    item->setToolTip(0, name);
    item->setToolTip(1, value);
    return item;
}

void InspectorView::fitColumns()
{
    const int room = m_tree->viewport()->width();
    if (room <= 0 || m_nameColumnByUser) {
        return;
    }
    const int cap = qMax(m_tree->header()->minimumSectionSize(), int(room * kNameShare));
    m_fittingColumns = true;
    m_tree->resizeColumnToContents(0); // (indentation of the unfolded rows included)
    m_tree->header()->resizeSection(0, qMin(m_tree->header()->sectionSize(0), cap));
    m_fittingColumns = false;
}

bool InspectorView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_tree->viewport() && event->type() == QEvent::Resize) {
        fitColumns();
    } else if (watched == m_tree->header()->viewport()) {
        if (event->type() == QEvent::MouseButtonPress) {
            m_headerPressed = true;
        } else if (event->type() == QEvent::MouseButtonRelease) {
            m_headerPressed = false;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void InspectorView::refresh()
{
    m_lastRefresh.start();
    m_tree->setHeaderLabels({ tr("Property"), tr("Value") });
    // Keep which holdings the user expanded across refreshes.
    QSet<QString> expanded;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        if (m_tree->topLevelItem(i)->isExpanded()) {
            expanded.insert(m_tree->topLevelItem(i)->text(0));
        }
    }
    m_tree->setUpdatesEnabled(false);
    m_tree->clear();
    m_ring->setExplanation(AssignmentExplanation()); // addExplanation() sets it again
    const CatalogPtr catalog = m_controller.catalog();
    if (!catalog || m_selection.kind == Selection::Kind::None) {
        m_title->setText(tr("Select a consumer card or a queue tile to inspect it."));
    } else if (m_selection.isConsumer() && m_selection.index < catalog->consumers.size()) {
        showConsumer(m_selection.index);
    } else if (m_selection.isQueue() && m_selection.index < catalog->queues.size()) {
        showQueue(m_selection.index);
    }
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_tree->topLevelItem(i);
        if (item->childCount() > 0 && (expanded.contains(item->text(0)) || expanded.isEmpty())) {
            item->setExpanded(true);
        }
    }
    fitColumns();
    m_tree->setUpdatesEnabled(true);
}

void InspectorView::showConsumer(qint32 c)
{
    const Catalog &cat = *m_controller.catalog();
    const WorldSnapshot &snap = m_controller.snapshot();
    if (c >= snap.consumers.size()) {
        return;
    }
    if (const auto observed = m_controller.observedWorld()) {
        showObservedConsumer(*observed, c);
        return;
    }
    if (const auto live = m_controller.liveWorld()) {
        showLiveConsumer(*live, c);
        return;
    }
    const ConsumerInfo &info = cat.consumers.at(c);
    const SnapshotConsumer &sc = snap.consumers.at(c);
    m_title->setText(tr("Consumer %1").arg(info.name));
    add(tr("Client id"), info.id);
    add(tr("Group"), info.group);
    if (!info.instanceName.isEmpty()) {
        // One MQClientInstance for every consumer of the process (same client id and
        // instanceName): shared rebalance, pull and heartbeat threads.
        add(tr("Client instance"), info.instanceName);
        QStringList mates;
        for (qint32 mate : cat.instanceMates(c)) {
            //: A consumer sharing the client instance: %1 its name, %2 its group.
            mates.append(
                tr("%1 (%2)").arg(cat.consumers.at(mate).name, cat.consumers.at(mate).group));
        }
        add(tr("Shared with"),
            mates.isEmpty() ? tr("no other consumer") : mates.join(QStringLiteral(", ")));
    }
    add(tr("State"), GuiText::stateName(sc.state, sc.slowed));
    add(tr("Strategy"), sc.strategy);
    add(tr("Consume time"), GuiText::consumeTime(sc));
    add(tr("Queues held"), QString::number(sc.queueCount));
    add(tr("Cached"),
        tr("%1 messages, %2").arg(GuiText::count(sc.cachedCount), GuiText::bytes(sc.cachedBytes)));
    add(tr("Delivered"), GuiText::count(sc.delivered));
    if (sc.pop) {
        add(tr("POP queues"), QString::number(sc.popQueues));
        add(tr("In flight (popped, not acked)"), GuiText::count(sc.popInFlight));
        add(tr("Invisible on the brokers"), GuiText::count(sc.popInvisible));
        add(tr("Acked"), GuiText::count(sc.popAcked));
        add(tr("Revived (not acked in time)"), GuiText::count(sc.popRevived));
        add(tr("Redelivered"), GuiText::count(sc.popRedelivered));
    }
    add(tr("Flow-control holds"),
        tr("count %1, size %2, span %3")
            .arg(GuiText::count(sc.flowControl[0]), GuiText::count(sc.flowControl[1]),
                GuiText::count(sc.flowControl[2])));
    add(tr("Busy consume threads"),
        tr("%1 (%2 tasks queued)").arg(sc.busyWorkers).arg(sc.queuedTasks));
    add(tr("pullThresholdForQueue"), GuiText::count(sc.pullThresholdForQueue));
    add(tr("pullThresholdSizeForQueue"), tr("%1 MiB").arg(sc.pullThresholdSizeForQueue));
    add(tr("consumeConcurrentlyMaxSpan"), GuiText::count(sc.consumeConcurrentlyMaxSpan));
    add(tr("Last rebalance"),
        sc.lastRebalanceAt >= 0 ? tr("%1 (%2 rounds changed something)")
                                      .arg(GuiText::clock(sc.lastRebalanceAt))
                                      .arg(sc.rebalanceCount)
                                : tr("never"));
    for (const ConsumerView &view : sc.views) {
        QTreeWidgetItem *v = add(tr("Its view of %1").arg(cat.topics.value(view.topic)),
            view.at >= 0 ? tr("at %1: %2 consumers, %3 queues, from %4")
                               .arg(GuiText::clock(view.at))
                               .arg(view.cidAll.size())
                               .arg(view.queueCount)
                               .arg(cat.brokers.value(view.fromBroker, QStringLiteral("—")))
                         : tr("not computed yet"));
        for (const QString &cid : view.cidAll) {
            add(QString(), cid, v);
        }
    }
    addExplanation(c);
    addHoldingsOf(c, sc);
}

void InspectorView::showObservedConsumer(const ObservedWorld &world, qint32 c)
{
    const Catalog &cat = *m_controller.catalog();
    const WorldSnapshot &snap = m_controller.snapshot();
    const ConsumerInfo &info = cat.consumers.at(c);
    const SnapshotConsumer &sc = snap.consumers.at(c);
    m_title->setText(tr("Consumer %1 (from its logs)").arg(info.name));
    add(tr("Client id"), info.id);
    add(tr("Group"), info.group);
    // The logs show a client falling silent, not a kill (issue 37 item 5).
    const QString silent = world.silentSince().value(c);
    add(tr("State"),
        sc.state == ConsumerState::Killed && !silent.isEmpty()
            ? GuiText::silentSince(silent)
            : GuiText::stateName(sc.state, false));
    add(tr("Strategy"), sc.strategy);
    add(tr("Queues held"), QString::number(sc.queueCount));
    add(tr("Last rebalance"),
        sc.lastRebalanceAt >= 0 ? tr("%1 (%2 rounds changed something)")
                                      .arg(GuiText::clock(sc.lastRebalanceAt))
                                      .arg(sc.rebalanceCount)
                                : tr("never"));
    const QList<LogImporter::SourceLine> all = world.linesOf(c);
    QList<const LogImporter::SourceLine *> shown;
    const qint64 until = world.origin() + snap.now;
    for (const LogImporter::SourceLine &line : all) {
        if (line.record.time > until) {
            break;
        }
        shown.append(&line);
    }
    // A client logs its view only when its allocation changes (RebalanceImpl): the last one.
    for (auto it = shown.crbegin(); it != shown.crend(); ++it) {
        if ((*it)->record.kind == LogRecord::Kind::Result) {
            add(tr("Logged view"),
                tr("at %1: cidAllSize=%2, mqAllSize=%3")
                    .arg(GuiText::clock((*it)->record.time - world.origin()))
                    .arg((*it)->record.cidAllSize)
                    .arg((*it)->record.mqAllSize));
            break;
        }
    }
    for (const SnapshotHolding &h : snap.holdings) {
        if (h.consumer == c) {
            add(cat.queueLabel(h.queue),
                h.flowControl == SimEvent::FlowCause::None
                    ? tr("claimed since %1").arg(GuiText::clock(h.createdAt))
                    : tr("claimed since %1, flow control logged (%2)")
                          .arg(GuiText::clock(h.createdAt), GuiText::flowCauseName(h.flowControl)));
        }
    }
    QTreeWidgetItem *lines
        = add(tr("Log lines"), tr("%1 up to now (click one to copy its place)").arg(shown.size()));
    const qsizetype first = qMax<qsizetype>(0, shown.size() - kMaxSourceLines);
    for (qsizetype i = first; i < shown.size(); ++i) {
        const LogImporter::SourceLine &line = *shown.at(i);
        const QString source = QStringLiteral("%1:%2").arg(line.file).arg(line.line);
        QTreeWidgetItem *item = add(source,
            tr("%1 %2").arg(
                GuiText::clock(line.record.time - world.origin()), lineKind(line.record)),
            lines);
        item->setData(0, kSourceRole, source);
        item->setToolTip(0, tr("Click to copy %1").arg(source));
    }
}

void InspectorView::showLiveConsumer(const Remoting::LiveWorld &world, qint32 c)
{
    using Remoting::LiveWorld;
    const Catalog &cat = *m_controller.catalog();
    const WorldSnapshot &snap = m_controller.snapshot();
    const ConsumerInfo &info = cat.consumers.at(c);
    const SnapshotConsumer &sc = snap.consumers.at(c);
    // Only what the client reported (GET_CONSUMER_RUNNING_INFO) and the brokers' offsets: no
    // delivered count, no hold count, no busy threads, none of which a poll can see.
    m_title->setText(tr("Consumer %1 (as it reports itself)").arg(info.name));
    add(tr("Client id"), info.id);
    add(tr("Group"), info.group);
    const QList<LiveWorld::ClientNote> notes = world.notesAt(snap.now);
    const LiveWorld::ClientNote note = notes.value(c);
    const QString since
        = QDateTime::fromMSecsSinceEpoch(note.sinceMs).toString(QStringLiteral("HH:mm:ss"));
    switch (note.state) {
    case LiveWorld::ClientState::Answering:
        //: A live client's state: it answered the poll taken at %1 (clock time).
        add(tr("State"), tr("running (answered the poll of %1)").arg(since));
        break;
    case LiveWorld::ClientState::NotAnswering:
        add(tr("State"), tr("not answering since %1").arg(since))->setToolTip(1, note.reason);
        if (!note.reason.isEmpty()) {
            add(tr("Why"), note.reason);
        }
        break;
    case LiveWorld::ClientState::Left:
        add(tr("State"), tr("left the group (last seen %1)").arg(since));
        break;
    case LiveWorld::ClientState::Absent:
        add(tr("State"), tr("not seen yet"));
        break;
    }
    add(tr("Strategy"), sc.strategy.isEmpty() ? GuiText::unmeasured() : sc.strategy);
    // A client that does not answer keeps the table it last reported.
    const bool lastReported = note.state == LiveWorld::ClientState::NotAnswering;
    add(tr("Queues held"),
        lastReported ? tr("%1 (as it last reported)").arg(sc.queueCount)
                     : QString::number(sc.queueCount));
    add(tr("Cached"),
        tr("%1 messages, %2").arg(GuiText::count(sc.cachedCount), GuiText::bytes(sc.cachedBytes)));
    add(tr("pullThresholdForQueue"), GuiText::count(sc.pullThresholdForQueue));
    add(tr("pullThresholdSizeForQueue"), tr("%1 MiB").arg(sc.pullThresholdSizeForQueue));
    add(tr("consumeConcurrentlyMaxSpan"), GuiText::count(sc.consumeConcurrentlyMaxSpan));
    // Its last change seen between two polls; one before the watch began cannot be seen.
    SimTime lastMove = -1;
    int moves = 0;
    for (const SimEvent &e : m_controller.events()) {
        if (e.type == SimEvent::Type::Rebalance && e.consumer == c && e.t <= snap.now) {
            lastMove = e.t;
            ++moves;
        }
    }
    add(tr("Last change of its queues"),
        lastMove >= 0 ? tr("%1 (%n change(s) seen)", nullptr, moves).arg(GuiText::clock(lastMove))
                      : tr("none since the watch began"));
    addHoldingsOf(c, sc);
}

QStringList InspectorView::sourceLines() const
{
    QStringList out;
    QTreeWidgetItemIterator it(m_tree);
    for (; *it; ++it) {
        const QString source = (*it)->data(0, kSourceRole).toString();
        if (!source.isEmpty()) {
            out.append(source);
        }
    }
    return out;
}

void InspectorView::addExplanation(qint32 c)
{
    const Catalog &cat = *m_controller.catalog();
    const AssignmentExplanation e = AssignmentExplanation::of(cat, m_controller.snapshot(), c);
    m_ring->setExplanation(e);
    if (e.kind == AssignmentExplanation::Kind::None) {
        return;
    }
    const auto labels = [&cat](const QList<qint32> &queues) {
        QStringList out;
        for (qint32 q : queues) {
            out.append(cat.queueLabel(q));
        }
        return out.join(QStringLiteral(", "));
    };
    QTreeWidgetItem *top = add(tr("Explain this assignment"),
        tr("%1 on %2 at %3").arg(e.strategy, e.topic, GuiText::clock(e.at)));
    QTreeWidgetItem *cids
        = add(tr("cidAll (sorted)"), tr("%1 consumers").arg(e.cidAll.size()), top);
    for (qsizetype i = 0; i < e.cidAll.size(); ++i) {
        add(QString::number(i),
            e.cidAll.at(i) == e.currentCid ? tr("%1 ← this consumer").arg(e.cidAll.at(i))
                                           : e.cidAll.at(i),
            cids);
    }
    QTreeWidgetItem *mqs = add(tr("mqAll (sorted)"), tr("%1 queues").arg(e.mqAll.size()), top);
    for (qsizetype i = 0; i < e.mqAll.size(); ++i) {
        add(QString::number(i), cat.queueLabel(e.mqAll.at(i)), mqs);
    }
    const qsizetype m = e.mqAll.size();
    const qsizetype n = e.cidAll.size();
    if (e.kind == AssignmentExplanation::Kind::Averagely) {
        // AllocateMessageQueueAveragely.allocate, in its own variable names.
        add(tr("index"), QString::number(e.index), top);
        add(tr("mod"), QStringLiteral("%1 % %2 = %3").arg(m).arg(n).arg(e.mod), top);
        add(tr("averageSize"),
            m <= n ? QStringLiteral("%1 ≤ %2 → 1").arg(m).arg(n)
                : e.mod > 0 && e.index < e.mod
                ? QStringLiteral("%1 / %2 + 1 = %3").arg(m).arg(n).arg(e.averageSize)
                : QStringLiteral("%1 / %2 = %3").arg(m).arg(n).arg(e.averageSize),
            top);
        add(tr("startIndex"),
            e.mod > 0 && e.index < e.mod
                ? QStringLiteral("%1 × %2 = %3").arg(e.index).arg(e.averageSize).arg(e.startIndex)
                : QStringLiteral("%1 × %2 + %3 = %4")
                      .arg(e.index)
                      .arg(e.averageSize)
                      .arg(e.mod)
                      .arg(e.startIndex),
            top);
        add(tr("range"),
            QStringLiteral("min(%1, %2 − %3) = %4")
                .arg(e.averageSize)
                .arg(m)
                .arg(e.startIndex)
                .arg(e.range),
            top);
        add(tr("mqAll[startIndex … startIndex + range − 1]"), labels(e.computed), top);
    } else if (e.kind == AssignmentExplanation::Kind::ByCircle) {
        add(tr("index"), QString::number(e.index), top);
        add(tr("every %1th queue from index").arg(n), labels(e.computed), top);
    } else if (e.kind == AssignmentExplanation::Kind::ConsistentHash) {
        // ConsistentHashRouter's ring (MD5Hash: the first four bytes of MD5, big-endian).
        const auto hex
            = [](quint32 h) { return QStringLiteral("0x%1").arg(h, 8, 16, QLatin1Char('0')); };
        add(tr("virtualNodeCount"), QString::number(e.virtualNodeCount), top);
        QTreeWidgetItem *ring = add(tr("Ring"),
            tr("%1 virtual nodes · MD5 of \"<client id>-<i>\"").arg(e.ring.size()), top);
        for (const AssignmentExplanation::RingNode &node : e.ring) {
            add(hex(node.hash),
                QStringLiteral("%1-%2").arg(e.cidAll.value(node.owner)).arg(node.replica), ring);
        }
        QTreeWidgetItem *pos = add(tr("Queues on the ring"),
            tr("%1 queues · MD5 of MessageQueue.toString()").arg(e.positions.size()), top);
        pos->setExpanded(true); // the answer to "why these queues": open from the start
        for (const AssignmentExplanation::QueueOnRing &p : e.positions) {
            const AssignmentExplanation::RingNode node = e.ring.value(p.node);
            // "broker-a/3": the topic is the explanation's, and the dock is narrow.
            const QueueInfo &q = cat.queues.at(p.queue);
            add(QStringLiteral("%1/%2").arg(q.brokerName).arg(q.queueId),
                // The queue's hash, then the first virtual node at or after it: "<owner>-<i>".
                p.node < 0                  ? tr("%1 → empty ring: no owner").arg(hex(p.hash))
                    : node.owner == e.index ? tr("%1 → %2-%3 at %4 ← this consumer")
                                                  .arg(hex(p.hash), e.cidAll.value(node.owner))
                                                  .arg(node.replica)
                                                  .arg(hex(node.hash))
                                            : tr("%1 → %2-%3 at %4")
                                                  .arg(hex(p.hash), e.cidAll.value(node.owner))
                                                  .arg(node.replica)
                                                  .arg(hex(node.hash)),
                pos);
        }
        add(tr("Landing on its nodes"), labels(e.computed), top);
    }
    add(tr("The strategy's answer"), labels(e.allocated), top);
}

void InspectorView::addHoldingsOf(qint32 c, const SnapshotConsumer &sc)
{
    const Catalog &cat = *m_controller.catalog();
    for (const SnapshotHolding &h : m_controller.snapshot().holdings) {
        if (h.consumer != c) {
            continue;
        }
        QTreeWidgetItem *q = add(cat.queueLabel(h.queue),
            tr("%1 cached, next offset %2")
                .arg(GuiText::count(h.cachedCount), GuiText::count(h.nextOffset)));
        addHolding(h, sc, q);
    }
}

void InspectorView::addHolding(
    const SnapshotHolding &h, const SnapshotConsumer &owner, QTreeWidgetItem *parent)
{
    add(tr("Next pull offset"), GuiText::count(h.nextOffset), parent);
    add(tr("Consumed offset"), GuiText::count(h.consumedOffset), parent);
    add(tr("Cache"),
        tr("%1 of %2 messages, %3, span %4")
            .arg(GuiText::count(h.cachedCount), GuiText::count(owner.pullThresholdForQueue),
                GuiText::bytes(h.cachedBytes), GuiText::count(h.maxSpan)),
        parent);
    add(tr("Pull state"),
        h.flowControl == SimEvent::FlowCause::None
            ? tr("pulling (last pull %1)").arg(GuiText::clock(h.lastPullAt))
            : tr("held back: %1").arg(GuiText::flowCauseName(h.flowControl)),
        parent);
    if (h.flowControl != SimEvent::FlowCause::None) {
        add(tr("Why"), FlowControlText::sentence(h, owner), parent);
        // RocketMQ's WARN line, from the event that started this hold (a live client's hold
        // is seen in its figures, not in a log line: none).
        // (Looked for among the latest events only: a refresh must stay cheap.)
        const QList<SimEvent> &events = m_controller.events();
        const qsizetype oldest
            = m_controller.isLive() ? events.size() : qMax<qsizetype>(0, events.size() - 20000);
        for (qsizetype i = events.size() - 1; i >= oldest; --i) {
            const SimEvent &e = events.at(i);
            if (e.type == SimEvent::Type::FlowControlOn && e.queue == h.queue
                && e.consumer == h.consumer) {
                add(tr("RocketMQ logs"),
                    FlowControlText::rocketmqWarning(e, *m_controller.catalog()), parent);
                break;
            }
        }
    }
    add(tr("Lock"), h.locked ? tr("locked") : tr("not locked"), parent);
    add(tr("Held since"),
        m_controller.isLive() && h.createdAt == 0 ? tr("the first poll, or before")
                                                  : GuiText::clock(h.createdAt),
        parent);
    if (h.dropped) {
        add(tr("Dropped"), tr("waiting to be removed"), parent);
    }
}

void InspectorView::showQueue(qint32 queue)
{
    const Catalog &cat = *m_controller.catalog();
    const WorldSnapshot &snap = m_controller.snapshot();
    if (queue >= snap.queues.size()) {
        return;
    }
    const QueueInfo &info = cat.queues.at(queue);
    const SnapshotQueue &sq = snap.queues.at(queue);
    m_title->setText(tr("Queue %1").arg(cat.queueLabel(queue)));
    add(tr("Topic"), info.topic);
    add(tr("Broker"), info.brokerName + (sq.brokerUp ? QString() : tr(" (down)")));
    add(tr("Queue id"), QString::number(info.queueId));
    const std::shared_ptr<const ObservedWorld> observed = m_controller.observedWorld();
    if (observed) {
        // Client logs record no offsets and no lag: "—" and why, never a 0.
        for (const QString &name : { tr("Broker offset"), tr("Committed offset"), tr("Lag") }) {
            add(name, GuiText::unmeasured())->setToolTip(1, GuiText::unmeasuredWhy());
        }
    } else {
        add(tr("Broker offset"), GuiText::count(sq.brokerOffset));
        add(tr("Committed offset"),
            sq.committedOffset < 0 ? tr("none yet") : GuiText::count(sq.committedOffset));
        add(tr("Lag"), GuiText::count(sq.lag));
    }
    add(tr("Owners"), tr("%1 alive, %2 running").arg(sq.owners).arg(sq.runningOwners));
    if (!sq.readable) {
        add(tr("Route"), tr("not in the name server's route"));
    }
    for (qint32 h = sq.firstHolding;
         h < sq.firstHolding + sq.holdingCount && h < snap.holdings.size(); ++h) {
        const SnapshotHolding &hold = snap.holdings.at(h);
        const SnapshotConsumer &owner = snap.consumers.value(hold.consumer);
        if (observed) {
            const QString silent = observed->silentSince().value(hold.consumer);
            QTreeWidgetItem *o = add(cat.consumerLabel(hold.consumer),
                owner.state == ConsumerState::Killed && !silent.isEmpty()
                    ? GuiText::silentSince(silent)
                    : GuiText::stateName(owner.state, owner.slowed));
            add(tr("Held since"), GuiText::clock(hold.createdAt), o);
            continue;
        }
        QTreeWidgetItem *o
            = add(cat.consumerLabel(hold.consumer), GuiText::stateName(owner.state, owner.slowed));
        addHolding(hold, owner, o);
    }
    // The last rebalance that gave this queue to someone.
    const QList<SimEvent> &events = m_controller.events();
    for (qsizetype i = events.size() - 1; i >= 0; --i) {
        const SimEvent &e = events.at(i);
        if (e.type == SimEvent::Type::Rebalance && e.added.contains(queue)) {
            add(tr("Last moved"),
                tr("%1 to %2").arg(GuiText::clock(e.t), cat.consumerLabel(e.consumer)));
            break;
        }
    }
}

QString InspectorView::value(const QString &property) const
{
    const auto items = m_tree->findItems(property, Qt::MatchExactly | Qt::MatchRecursive, 0);
    return items.isEmpty() ? QString() : items.first()->text(1);
}

void InspectorView::scrollToExplanation()
{
    const auto items = m_tree->findItems(tr("Explain this assignment"), Qt::MatchExactly, 0);
    if (!items.isEmpty()) {
        m_tree->scrollToItem(items.first(), QAbstractItemView::PositionAtTop);
    }
}

void InspectorView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        refresh();
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_inspectorview.cpp"
