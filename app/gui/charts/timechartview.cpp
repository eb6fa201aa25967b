// SPDX-License-Identifier: Apache-2.0
#include "charts/timechartview.h"

#include <QChart>
#include <QValueAxis>
#include <QWheelEvent>

#include <cmath>

namespace Rblab {

TimeChartView::TimeChartView(QChart *chart, QWidget *parent) : QChartView(chart, parent)
{
    setRenderHint(QPainter::Antialiasing, true);
    setRubberBand(QChartView::NoRubberBand);
    setDragMode(QGraphicsView::NoDrag);
}

double TimeChartView::secondsPerPixel() const
{
    const auto axes = chart()->axes(Qt::Horizontal);
    const auto *axis = axes.isEmpty() ? nullptr : qobject_cast<QValueAxis *>(axes.first());
    const double width = chart()->plotArea().width();
    if (!axis || width <= 0) {
        return 0;
    }
    return (axis->max() - axis->min()) / width;
}

void TimeChartView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        return;
    }
    const QPointF value = chart()->mapToValue(event->position());
    emit zoomRequested(std::pow(0.8, steps), value.x());
    event->accept();
}

void TimeChartView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        m_dragging = true;
        m_lastPos = event->position();
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void TimeChartView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragging) {
        const double dx = event->position().x() - m_lastPos.x();
        m_lastPos = event->position();
        if (dx != 0) {
            emit panRequested(-dx * secondsPerPixel());
        }
        event->accept();
        return;
    }
    QChartView::mouseMoveEvent(event);
}

void TimeChartView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragging && event->button() == Qt::LeftButton) {
        m_dragging = false;
        unsetCursor();
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

void TimeChartView::mouseDoubleClickEvent(QMouseEvent *event)
{
    emit followRequested();
    event->accept();
}

} // namespace Rblab

#include "moc_timechartview.cpp"
