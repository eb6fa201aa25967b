// SPDX-License-Identifier: Apache-2.0
// A chart view whose time axis the user pans and zooms with the mouse.
#pragma once

#include <QChartView>

namespace Rblab {

/*!
    A QChartView that turns the wheel into zooming the time axis around the cursor and a drag
    into panning it, and reports the wanted range instead of changing the axis itself: the
    ChartPanel keeps every chart on the same time range. A double click asks to follow the
    clock again.
*/
class TimeChartView : public QChartView
{
    Q_OBJECT

public:
    explicit TimeChartView(QChart *chart, QWidget *parent = nullptr);

signals:
    //! The user zoomed: scale the window by `factor` around time `anchor` (seconds).
    void zoomRequested(double factor, double anchor);
    //! The user dragged: move the window by `seconds`.
    void panRequested(double seconds);
    void followRequested();

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;

private:
    double secondsPerPixel() const;

    bool m_dragging = false;
    QPointF m_lastPos;
};

} // namespace Rblab
