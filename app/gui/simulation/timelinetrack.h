// SPDX-License-Identifier: Apache-2.0
// The scrub track of the timeline bar: the run from 0 to its furthest point, with its markers.
#pragma once

#include <sim/simtime.h>

#include <QList>
#include <QWidget>

namespace Rblab {

class SimulationController;

/*!
    Paints the run's time axis, from 0 to the furthest time the current branch reached (or the
    scenario's duration, when longer), with what happened on it: rebalances, consumers joining,
    stopping, being killed, freezing and thawing, flow-control episodes, and the periods when
    queues were double-owned or orphaned. Markers are collected as events and samples arrive
    (each only once), for the whole branch, the part after a rewind included. A click or a drag
    asks for that moment (seekRequested); the cursor shows where the run is, or is going.
*/
class TimelineTrack : public QWidget
{
    Q_OBJECT

public:
    enum Lane { Rebalance, Started, Stopped, Killed, Frozen, FlowControl, LaneCount };
    struct Marker
    {
        SimTime t = 0;
        Lane lane = Rebalance;
    };
    struct Period
    {
        SimTime from = 0;
        SimTime to = 0;
    };

    explicit TimelineTrack(SimulationController &controller, QWidget *parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    //! The right end of the axis.
    SimTime span() const;
    //! x (in this widget) ↔ time.
    SimTime timeAt(int x) const;
    int xOf(SimTime t) const;
    const QList<Marker> &markers() const { return m_markers; }
    const QList<Period> &doubleOwned() const { return m_doubleOwned; }
    const QList<Period> &orphaned() const { return m_orphaned; }
    bool isDragging() const { return m_dragging; }

signals:
    void seekRequested(Rblab::SimTime t);
    void dragStarted();
    void dragFinished();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    void reset();
    void collect();
    void dropAfter(SimTime t);
    static void extend(QList<Period> &periods, bool on, SimTime t, SimTime step);

    SimulationController &m_controller;
    QList<Marker> m_markers;
    QList<Period> m_doubleOwned;
    QList<Period> m_orphaned;
    SimTime m_eventsUntil = -1; //!< markers cover the events up to here
    SimTime m_samplesUntil = -1;
    bool m_dragging = false;
};

} // namespace Rblab
