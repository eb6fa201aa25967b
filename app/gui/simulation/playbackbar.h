// SPDX-License-Identifier: Apache-2.0
// The clock and the speed control of the toolbar.
#pragma once

#include <QWidget>

class QLabel;
class QSlider;

namespace Rblab {

class SimulationController;

/*!
    Always shows the virtual clock (large, so a class can read it) and the playback speed, on a
    logarithmic slider from 0.1× to 1000×; when the engine cannot keep up, the speed it actually
    reaches is shown beside the requested one.
*/
class PlaybackBar : public QWidget
{
    Q_OBJECT

public:
    explicit PlaybackBar(SimulationController &controller, QWidget *parent = nullptr);

    //! Slider position ↔ speed: 0…400 covers 10^-1…10^3.
    static double speedForPosition(int position);
    static int positionForSpeed(double speed);
    QString clockText() const;
    QString speedText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateClock();
    void updateSpeed();
    void retranslate();

    SimulationController &m_controller;
    QLabel *m_clock = nullptr;
    QSlider *m_slider = nullptr;
    QLabel *m_speed = nullptr;
    QLabel *m_effective = nullptr;
};

} // namespace Rblab
