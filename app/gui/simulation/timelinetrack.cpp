// SPDX-License-Identifier: Apache-2.0
#include "simulation/timelinetrack.h"

#include "guitext.h"
#include "simulation/simulationcontroller.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace Rblab {

namespace {

constexpr int kMargin = 8; // room for the cursor's knob at both ends

QColor laneColor(TimelineTrack::Lane lane)
{
    switch (lane) {
    case TimelineTrack::Rebalance:
        return QColor(0x3b, 0x82, 0xf6);
    case TimelineTrack::Started:
        return QColor(0x16, 0xa3, 0x4a);
    case TimelineTrack::Stopped:
        return QColor(0x6b, 0x72, 0x80);
    case TimelineTrack::Killed:
        return QColor(0xdc, 0x26, 0x26);
    case TimelineTrack::Frozen:
        return QColor(0x8b, 0x5c, 0xf6);
    case TimelineTrack::FlowControl:
        return QColor(0xf5, 0x9e, 0x0b);
    case TimelineTrack::LaneCount:
        break;
    }
    return Qt::gray;
}

/*!
    The lane an event is marked in, or -1 when it gets no marker. In imported logs an inferred
    kill is a client that fell silent: a kill or a hang, the logs cannot tell, and the bundled
    incident's lesson is that it was a hang; it is marked with the hangs, never in red.
*/
int laneOf(SimEvent::Type type, bool readOnly)
{
    if (readOnly && type == SimEvent::Type::Kill) {
        return TimelineTrack::Frozen;
    }
    switch (type) {
    case SimEvent::Type::Rebalance:
        return TimelineTrack::Rebalance;
    case SimEvent::Type::Join:
    case SimEvent::Type::Started:
    case SimEvent::Type::Unfreeze:
    case SimEvent::Type::Resume:
    case SimEvent::Type::Heal:
        return TimelineTrack::Started;
    case SimEvent::Type::Shutdown:
    case SimEvent::Type::Pause:
        return TimelineTrack::Stopped;
    case SimEvent::Type::Kill:
    case SimEvent::Type::BrokerDown:
        return TimelineTrack::Killed;
    case SimEvent::Type::Freeze:
    case SimEvent::Type::Partition:
        return TimelineTrack::Frozen;
    case SimEvent::Type::FlowControlOn:
        return TimelineTrack::FlowControl;
    default:
        return -1;
    }
}

} // namespace

TimelineTrack::TimelineTrack(SimulationController &controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    setObjectName(QStringLiteral("TimelineTrack"));
    setMouseTracking(true);
    setCursor(Qt::PointingHandCursor);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(&controller, &SimulationController::runStarted, this, &TimelineTrack::reset);
    connect(&controller, &SimulationController::frameUpdated, this, [this] {
        collect();
        update();
    });
    connect(&controller, &SimulationController::branched, this,
        [this] { dropAfter(m_controller.now()); });
}

QSize TimelineTrack::sizeHint() const
{
    return { 600, fontMetrics().height() + 30 };
}

QSize TimelineTrack::minimumSizeHint() const
{
    return { 160, fontMetrics().height() + 30 };
}

SimTime TimelineTrack::span() const
{
    return std::max<SimTime>({ kMinute, m_controller.reached(), m_controller.scenario().duration });
}

SimTime TimelineTrack::timeAt(int x) const
{
    const int w = qMax(1, width() - 2 * kMargin);
    const double f = qBound(0.0, double(x - kMargin) / double(w), 1.0);
    return qMin(SimTime(f * double(span()) + 0.5), m_controller.reached());
}

int TimelineTrack::xOf(SimTime t) const
{
    const int w = qMax(1, width() - 2 * kMargin);
    return kMargin + int(double(t) / double(span()) * double(w) + 0.5);
}

void TimelineTrack::reset()
{
    m_markers.clear();
    m_doubleOwned.clear();
    m_orphaned.clear();
    m_eventsUntil = -1;
    m_samplesUntil = -1;
    update();
}

void TimelineTrack::dropAfter(SimTime t)
{
    // A new branch: what the old one had after its first command is no longer this run.
    m_markers.erase(std::remove_if(m_markers.begin(), m_markers.end(),
                        [t](const Marker &m) { return m.t > t; }),
        m_markers.end());
    for (QList<Period> *periods : { &m_doubleOwned, &m_orphaned }) {
        while (!periods->isEmpty() && periods->constLast().from > t) {
            periods->removeLast();
        }
        if (!periods->isEmpty()) {
            periods->last().to = qMin(periods->constLast().to, t);
        }
    }
    m_eventsUntil = qMin(m_eventsUntil, t);
    m_samplesUntil = qMin(m_samplesUntil, t);
    update();
}

void TimelineTrack::extend(QList<Period> &periods, bool on, SimTime t, SimTime step)
{
    if (!on) {
        return;
    }
    if (!periods.isEmpty() && periods.constLast().to >= t - step) {
        periods.last().to = t;
    } else {
        periods.append({ t, t });
    }
}

void TimelineTrack::collect()
{
    // The branch's history is what the controller keeps up to now plus what lies ahead of it.
    // A live group's "left the group" is a Kill event too: shut down, killed or cut off, the
    // brokers cannot tell; it is marked as imported logs mark a client that fell silent.
    const bool readOnly = m_controller.isReadOnly();
    for (const QList<SimEvent> *list : { &m_controller.events(), &m_controller.eventsAhead() }) {
        auto it = std::partition_point(list->cbegin(), list->cend(),
            [this](const SimEvent &e) { return e.t <= m_eventsUntil; });
        for (; it != list->cend(); ++it) {
            const int lane = laneOf(it->type, readOnly);
            if (lane >= 0) {
                m_markers.append({ it->t, Lane(lane) });
            }
            m_eventsUntil = it->t;
        }
    }
    const SimTime step = m_controller.sampleInterval();
    // The engine's window is whole at its end, which is all that is new here: the periods of
    // what lies before were taken when it was new (and a rewind keeps them, as the branch has
    // them ahead). Imported logs are known whole at once.
    const QList<SamplePtr> &samples = m_controller.knownSamples();
    auto it = std::partition_point(samples.cbegin(), samples.cend(),
        [this](const SamplePtr &s) { return s->t <= m_samplesUntil; });
    for (; it != samples.cend(); ++it) {
        const Sample &s = **it;
        extend(m_doubleOwned, s.doubleOwnedQueues > 0, s.t, step);
        extend(m_orphaned, s.orphanedQueues > 0, s.t, step);
        m_samplesUntil = s.t;
    }
}

void TimelineTrack::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QPalette &pal = palette();
    const int h = height();
    const QRect axis(kMargin, 3, width() - 2 * kMargin, h - 6);
    p.fillRect(axis, pal.color(QPalette::Base));
    // What has been run on this branch, darker than what has not.
    const int reachedX = xOf(m_controller.reached());
    p.fillRect(QRect(axis.left(), axis.top(), reachedX - axis.left(), axis.height()),
        pal.color(QPalette::AlternateBase));
    // Periods: double-owned queues (top band), orphaned queues (below it).
    const int band = qMax(3, axis.height() / 6);
    for (const Period &period : m_doubleOwned) {
        p.fillRect(QRect(QPoint(xOf(period.from), axis.top()),
                       QPoint(qMax(xOf(period.from) + 1, xOf(period.to)), axis.top() + band - 1)),
            QColor(0xdc, 0x26, 0x26, 170));
    }
    for (const Period &period : m_orphaned) {
        p.fillRect(
            QRect(QPoint(xOf(period.from), axis.top() + band),
                QPoint(qMax(xOf(period.from) + 1, xOf(period.to)), axis.top() + 2 * band - 1)),
            QColor(0xea, 0xb3, 0x08, 170));
    }
    // Event markers: one lane each below the bands, one pixel column per marker.
    const int lanesTop = axis.top() + 2 * band + 1;
    const int laneHeight = qMax(2, (axis.bottom() - lanesTop) / int(LaneCount));
    for (const Marker &m : m_markers) {
        const int x = xOf(m.t);
        const int y = lanesTop + int(m.lane) * laneHeight;
        p.fillRect(QRect(x, y, m.lane == FlowControl ? 1 : 2, laneHeight), laneColor(m.lane));
    }
    p.setPen(pal.color(QPalette::Mid));
    p.setBrush(Qt::NoBrush);
    p.drawRect(axis.adjusted(0, 0, -1, -1));
    // The cursor: where the run is, or where it is going.
    const SimTime target = m_controller.seekTarget();
    const int x = xOf(target >= 0 ? target : m_controller.now());
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(pal.color(QPalette::Highlight), 2));
    p.drawLine(x, 1, x, h - 2);
    p.setBrush(pal.color(QPalette::Highlight));
    p.drawEllipse(QPoint(x, 3), 4, 4);
}

void TimelineTrack::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_dragging = true;
    emit dragStarted();
    emit seekRequested(timeAt(event->position().toPoint().x()));
    update();
}

void TimelineTrack::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragging) {
        emit seekRequested(timeAt(event->position().toPoint().x()));
        update();
    }
}

void TimelineTrack::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragging && event->button() == Qt::LeftButton) {
        m_dragging = false;
        emit seekRequested(timeAt(event->position().toPoint().x()));
        emit dragFinished();
        update();
    }
}

bool TimelineTrack::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const SimTime t = timeAt(help->pos().x());
        // Imported logs show a client falling silent, never a kill (issue 37 item 5); a live
        // group's polls show clients leaving or not answering, marked the same way.
        const QString live = tr("<b>%1</b>: click or drag to see the polls at this moment.<br>"
                                "Bands: queues double-owned (red), orphaned (yellow). Marks: "
                                "queue moves (blue), clients joined or answering again (green), "
                                "clients that left or stopped answering (violet), flow control "
                                "(orange).");
        QToolTip::showText(help->globalPos(),
            (m_controller.isLive() ? live
                    : m_controller.isObserved()
                    ? tr("<b>%1</b>: click or drag to see the logs at this moment.<br>Bands: "
                         "queues double-owned (red), orphaned (yellow). Marks: rebalances "
                         "(blue), clients started (green), shut down (grey), fallen silent "
                         "with no shutdown, hung or killed (violet), flow control logged "
                         "(orange).")
                    : tr("<b>%1</b>: click or drag to see the run at this moment.<br>Bands: "
                         "queues double-owned (red), orphaned (yellow). Marks: rebalances "
                         "(blue), consumers started or thawed (green), shut down (grey), killed "
                         "(red), frozen (violet), flow control (orange)."))
                .arg(GuiText::clock(t)),
            this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace Rblab

#include "moc_timelinetrack.cpp"
