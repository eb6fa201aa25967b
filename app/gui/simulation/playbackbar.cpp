// SPDX-License-Identifier: Apache-2.0
#include "simulation/playbackbar.h"

#include "guitext.h"
#include "simulation/simulationcontroller.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>

#include <cmath>

namespace Rblab {

namespace {

// Speeds the slider snaps to, so that 1×, 10×, 100× are easy to hit.
constexpr double kNiceSpeeds[] = { 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000 };

} // namespace

PlaybackBar::PlaybackBar(SimulationController &controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 0, 6, 0);
    m_clock = new QLabel(this);
    QFont clockFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    clockFont.setPointSizeF(font().pointSizeF() * 1.5);
    clockFont.setBold(true);
    m_clock->setFont(clockFont);
    // A fixed size: a QLabel whose text changes lays the whole window out again unless its
    // size cannot change, and the clock changes with every frame (a fifth of the idle cost).
    m_clock->setFixedSize(
        QFontMetrics(clockFont).horizontalAdvance(QStringLiteral("00:00.000")) + 8,
        m_clock->sizeHint().height());
    m_clock->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, 400);
    m_slider->setPageStep(100);
    m_slider->setMinimumWidth(140);
    m_slider->setMaximumWidth(220);
    m_speed = new QLabel(this);
    m_speed->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("1,000×")) + 6);
    m_effective = new QLabel(this);
    layout->addWidget(m_clock);
    layout->addSpacing(10);
    layout->addWidget(m_slider);
    layout->addWidget(m_speed);
    layout->addWidget(m_effective);

    m_slider->setValue(positionForSpeed(controller.speed()));
    connect(m_slider, &QSlider::valueChanged, this,
        [this](int position) { m_controller.setSpeed(speedForPosition(position)); });
    connect(&controller, &SimulationController::speedChanged, this, [this](double speed) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(positionForSpeed(speed));
        updateSpeed();
    });
    connect(&controller, &SimulationController::frameUpdated, this, [this] {
        updateClock();
        updateSpeed();
    });
    connect(&controller, &SimulationController::playingChanged, this, &PlaybackBar::updateSpeed);
    retranslate();
}

double PlaybackBar::speedForPosition(int position)
{
    const double raw = std::pow(10.0, position / 100.0 - 1.0);
    double best = kNiceSpeeds[0];
    for (double nice : kNiceSpeeds) {
        if (std::abs(std::log10(nice) - std::log10(raw))
            < std::abs(std::log10(best) - std::log10(raw))) {
            best = nice;
        }
    }
    return best;
}

int PlaybackBar::positionForSpeed(double speed)
{
    return int(std::lround((std::log10(qBound(0.1, speed, 1000.0)) + 1.0) * 100.0));
}

QString PlaybackBar::clockText() const
{
    return m_clock->text();
}

QString PlaybackBar::speedText() const
{
    return m_speed->text();
}

void PlaybackBar::updateClock()
{
    m_clock->setText(GuiText::clock(m_controller.now()));
}

void PlaybackBar::updateSpeed()
{
    m_speed->setText(GuiText::speed(m_controller.speed()));
    const double effective = m_controller.effectiveSpeed();
    // Only when clearly behind: small jitter around the target is not news.
    if (m_controller.isPlaying() && effective > 0 && effective < m_controller.speed() * 0.85) {
        m_effective->setText(tr("(reaching %1)").arg(GuiText::speed(effective)));
        m_effective->setToolTip(tr(
            "The engine cannot keep up with the requested speed; this is the speed it reaches."));
    } else {
        m_effective->clear();
    }
}

void PlaybackBar::retranslate()
{
    m_clock->setToolTip(
        tr("Virtual time since the start of the run (minutes:seconds.milliseconds)"));
    m_slider->setToolTip(
        tr("Playback speed: virtual time per wall-clock time, from 0.1× to 1000×"));
    m_speed->setToolTip(m_slider->toolTip());
    updateClock();
    updateSpeed();
}

void PlaybackBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_playbackbar.cpp"
