// SPDX-License-Identifier: Apache-2.0
#include "simulation/statustotals.h"

#include "assignment/assignmentview.h"
#include "guitext.h"
#include "simulation/simulationcontroller.h"

#include <QEvent>
#include <QFile>
#include <QPainter>

#include <unistd.h>
#include <QLocale>

namespace Rblab {

StatusTotals::StatusTotals(
    const SimulationController &controller, const AssignmentView &view, QWidget *parent)
    : QLabel(parent), m_controller(controller), m_view(view)
{
    setObjectName(QStringLiteral("StatusTotals"));
}

void StatusTotals::handleFrame()
{
    // With every frame the view paints: a throttle let the totals lag the picture by up to
    // 250 ms (a queue in the lane while the bar said "unassigned 0"). Formatting five numbers
    // is cheap, and QLabel does nothing when the text is the same.
    refresh();
}

qint64 StatusTotals::residentBytes()
{
    // statm: total, resident, shared, … in pages.
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly)) {
        return -1;
    }
    const QList<QByteArray> fields = statm.readLine().split(' ');
    bool ok = false;
    const qint64 pages = fields.size() > 1 ? fields.at(1).trimmed().toLongLong(&ok) : 0;
    return ok ? pages * qint64(sysconf(_SC_PAGESIZE)) : -1;
}

void StatusTotals::setGroup(qint32 group)
{
    if (group == m_group) {
        return;
    }
    m_group = group;
    refresh();
}

void StatusTotals::refresh()
{
    const Frame &frame = m_controller.lastFrame();
    if (m_group >= 0 && m_group == frame.totalsGroup && frame.catalog
        && m_group < frame.catalog->groups.size()) {
        // One group's figures, as the report's "groups" has them: its own moves, duplicates
        // and queue-seconds (the unassigned and double-owned counts of the view are the run's).
        // Until the frame with this group's totals comes (the worker computes only the group
        // asked for), the run's are shown.
        const SnapshotTotals &g = frame.groupTotals;
        if (g.pop) {
            // A POP group moves no queue and orphans none: what comes twice are redeliveries
            // (RocketMQ's word: revived checkpoints consumed again, reconsumeTimes > 0).
            setSteadyText(tr("%1: redelivered %2 · revived %3 · in flight %4 · invisible %5")
                              .arg(frame.catalog->groups.at(m_group).name,
                                  GuiText::count(g.popRedelivered), GuiText::count(g.popRevived),
                                  GuiText::count(g.popInFlight), GuiText::count(g.popInvisible)));
            // The line first: it is cut with "…" when the bar has less room.
            setToolTip(m_line + QLatin1Char('\n')
                + tr("Group %1 (POP): produced %2, delivered %3, lost %4; popped %5, acked "
                     "%6, revived %7, redelivered %8; duplicates (delivered − unique) %9")
                      .arg(frame.catalog->groups.at(m_group).name, GuiText::count(g.produced),
                          GuiText::count(g.delivered), GuiText::count(g.lost),
                          GuiText::count(g.popPopped), GuiText::count(g.popAcked),
                          GuiText::count(g.popRevived), GuiText::count(g.popRedelivered),
                          GuiText::count(g.duplicates)));
            return;
        }
        setSteadyText(tr("%1: rebalances %2 · owner changes %3 · duplicates %4 · orphaned %5 s · "
                         "double-owned %6 s")
                          .arg(frame.catalog->groups.at(m_group).name, GuiText::count(g.rebalances),
                              GuiText::count(g.queueMoves), GuiText::count(g.duplicates),
                              QLocale().toString(g.orphanedQueueSeconds, 'f', 1),
                              QLocale().toString(g.doubleOwnedQueueSeconds, 'f', 1)));
        setToolTip(m_line + QLatin1Char('\n')
            + tr("Group %1: produced %2, delivered %3, lost %4; flow-control holds: count "
                 "%5, size %6, span %7; broker push-backs: SYSTEM_BUSY %8, FLOW_CONTROL %9")
                  .arg(frame.catalog->groups.at(m_group).name, GuiText::count(g.produced),
                      GuiText::count(g.delivered), GuiText::count(g.lost),
                      GuiText::count(g.flowControl[0]), GuiText::count(g.flowControl[1]),
                      GuiText::count(g.flowControl[2]), GuiText::count(g.brokerFlowControl[0]),
                      GuiText::count(g.brokerFlowControl[1])));
        return;
    }
    const SnapshotTotals &t = m_controller.snapshot().totals;
    // Neither client logs nor a live group's polls see each delivery: no duplicates count.
    const bool observed = m_controller.isReadOnly();
    // A world of POP groups only: its second deliveries are redeliveries, and are named so.
    const bool allPop = frame.catalog && frame.catalog->everyGroupPops();
    QString text
        = (allPop ? tr("Rebalances %1 · owner changes %2 · redelivered %3 · unassigned %4 · "
                       "double-owned %5")
                  : tr("Rebalances %1 · owner changes %2 · duplicates %3 · unassigned %4 · "
                       "double-owned %5"))
              .arg(GuiText::count(t.rebalances), GuiText::count(t.queueMoves),
                  // Client logs record no deliveries: "—", never a 0 (issue 37 item 5).
                  observed ? GuiText::unmeasured()
                           : GuiText::count(allPop ? t.popRedelivered : t.duplicates),
                  GuiText::queuesAndRetry(m_view.unassignedCount(), m_view.unassignedRetryCount()),
                  GuiText::queuesAndRetry(
                      m_view.doubleOwnedCount(), m_view.doubleOwnedRetryCount()));
    if (!m_memoryRead.isValid() || m_memoryRead.elapsed() >= 1000) {
        m_memoryRead.start();
        m_resident = residentBytes();
    }
    const qint64 mib = 1024 * 1024;
    if (m_resident >= kShowMemoryMiB * mib) {
        text += tr(" · memory %1 MiB").arg(GuiText::count(m_resident / mib));
    }
    setSteadyText(text);
    QString tip
        = tr("Produced %1, delivered %2, lost %3; flow-control holds: count %4, size %5, span %6")
              .arg(GuiText::count(t.produced), GuiText::count(t.delivered), GuiText::count(t.lost),
                  GuiText::count(t.flowControl[0]), GuiText::count(t.flowControl[1]),
                  GuiText::count(t.flowControl[2]));
    if (m_controller.isObserved()) {
        tip = GuiText::unmeasuredWhy();
    } else if (m_controller.isLive()) {
        tip = GuiText::unmeasuredLiveWhy();
    }
    if (t.pop) {
        tip += tr("; POP: revived %1, redelivered %2")
                   .arg(GuiText::count(t.popRevived), GuiText::count(t.popRedelivered));
    }
    if (t.brokerFlowControl[0] + t.brokerFlowControl[1] > 0) {
        tip += tr("; broker push-backs: SYSTEM_BUSY %1, FLOW_CONTROL %2")
                   .arg(GuiText::count(t.brokerFlowControl[0]),
                       GuiText::count(t.brokerFlowControl[1]));
    }
    if (m_resident >= 0) {
        tip += QLatin1Char('\n')
            + tr("Memory: %1 MiB resident").arg(GuiText::count(m_resident / mib));
    }
    tip += QLatin1Char('\n')
        + tr("Chart history: %1 of %2 samples kept (the last 10 minutes whole, older ones "
             "thinned, departed consumers folded), %3 KiB")
              .arg(GuiText::count(frame.samples.size()), GuiText::count(frame.samplesTaken),
                  GuiText::count(frame.historyBytes / 1024));
    setToolTip(m_line + QLatin1Char('\n') + tip);
}

void StatusTotals::setSteadyText(const QString &text)
{
    if (text == m_line) {
        return;
    }
    m_line = text;
    // The hint grows in steps and shrinks again when clearly too wide (a language switch): a new
    // hint lays the window out again, a new text only repaints this widget.
    const int needed = fontMetrics().horizontalAdvance(text) + 2 * margin() + 4;
    if (needed > m_hintWidth || needed < m_hintWidth - 120) {
        m_hintWidth = needed + 40;
        updateGeometry();
    }
    const int height = lineHeight();
    if (minimumHeight() != height || maximumHeight() != height) {
        setFixedHeight(height);
    }
    update();
}

int StatusTotals::lineHeight() const
{
    const QMargins m = contentsMargins();
    return fontMetrics().height() + 2 * margin() + m.top() + m.bottom();
}

QSize StatusTotals::sizeHint() const
{
    return QSize(m_hintWidth, lineHeight());
}

QSize StatusTotals::minimumSizeHint() const
{
    // Room for the start of the line ("Rebalances 7 · queue…"): the window can be narrower than
    // the whole line at presenter zoom.
    return QSize(qMin(m_hintWidth, 12 * fontMetrics().averageCharWidth()), lineHeight());
}

void StatusTotals::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setPen(palette().color(foregroundRole()));
    const QRect r = contentsRect().adjusted(margin(), 0, -margin(), 0);
    painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter,
        fontMetrics().elidedText(m_line, Qt::ElideRight, r.width()));
}

void StatusTotals::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        // Measured again in the new language or font.
        m_line.clear();
        m_hintWidth = 0;
        updateGeometry();
        refresh();
    }
}

} // namespace Rblab

#include "moc_statustotals.cpp"
