// SPDX-License-Identifier: Apache-2.0
#include "assignment/viewpalette.h"

#include <QtMath>

namespace Rblab {

ViewPalette ViewPalette::fromPalette(const QPalette &palette)
{
    ViewPalette p;
    const QColor window = palette.color(QPalette::Window);
    p.dark = window.lightnessF() < 0.5;
    p.background = palette.color(QPalette::Base);
    p.text = palette.color(QPalette::WindowText);
    // Secondary text is a blend of text and background, so it reads on any palette (a theme's
    // placeholder colour may be tuned for line edits, not for a dark canvas).
    const auto blend = [](const QColor &a, const QColor &b, double t) {
        return QColor::fromRgbF(a.redF() * (1 - t) + b.redF() * t,
            a.greenF() * (1 - t) + b.greenF() * t, a.blueF() * (1 - t) + b.blueF() * t);
    };
    p.mutedText = blend(p.text, p.background, 0.42);
    p.cardBackground = p.dark ? window.lighter(125) : QColor(250, 250, 252);
    p.cardBorder = p.dark ? QColor(110, 110, 120) : QColor(170, 172, 180);
    p.laneBackground = p.dark ? QColor(70, 40, 40) : QColor(255, 238, 235);
    p.selection = palette.color(QPalette::Highlight);
    p.flash = p.dark ? QColor(255, 230, 120) : QColor(255, 196, 0);
    p.doubleOwned = QColor(220, 30, 40);
    p.flowCount = QColor(245, 160, 0);
    p.flowSize = QColor(215, 40, 30);
    p.flowSpan = QColor(190, 40, 200);
    p.fillBar = p.dark ? QColor(220, 220, 225) : QColor(40, 44, 52);
    p.fillBarBack = p.dark ? QColor(0, 0, 0, 90) : QColor(255, 255, 255, 150);
    p.threshold = p.dark ? QColor(255, 255, 255) : QColor(0, 0, 0);
    return p;
}

QColor ViewPalette::broker(int brokerIndex) const
{
    // Hues chosen away from amber (40°), red (0°) and magenta (300°), the warning colours.
    static const int hues[] = { 205, 140, 265, 175, 100, 230, 155, 190 };
    const int n = int(sizeof(hues) / sizeof(hues[0]));
    const int i = brokerIndex < 0 ? 0 : brokerIndex;
    const int hue = hues[i % n];
    const int round = i / n;
    const int saturation = dark ? 120 : 110 - 20 * (round % 2);
    const int value = dark ? 150 - 15 * (round % 3) : 235 - 15 * (round % 3);
    return QColor::fromHsv(hue, saturation, value);
}

QColor ViewPalette::state(ConsumerState s, bool slowed) const
{
    switch (s) {
    case ConsumerState::Absent:
        return mutedText;
    case ConsumerState::Starting:
        return QColor(120, 200, 120);
    case ConsumerState::Running:
        return slowed ? QColor(230, 140, 20) : QColor(40, 170, 80);
    case ConsumerState::Paused:
        return QColor(60, 130, 230);
    case ConsumerState::Frozen:
        return QColor(40, 190, 220);
    case ConsumerState::Partitioned:
        return QColor(150, 90, 220);
    case ConsumerState::Killed:
        return QColor(220, 40, 40);
    case ConsumerState::Shutdown:
        return QColor(130, 130, 130);
    case ConsumerState::ShuttingDown:
        return QColor(170, 140, 100);
    }
    return text;
}

QColor ViewPalette::flow(SimEvent::FlowCause cause) const
{
    switch (cause) {
    case SimEvent::FlowCause::None:
        return QColor();
    case SimEvent::FlowCause::Count:
    case SimEvent::FlowCause::TopicCount:
        return flowCount;
    case SimEvent::FlowCause::Size:
    case SimEvent::FlowCause::TopicSize:
        return flowSize;
    case SimEvent::FlowCause::Span:
        return flowSpan;
    case SimEvent::FlowCause::SystemBusy:
        return QColor(30, 110, 220);
    case SimEvent::FlowCause::BrokerFlowControl:
        return QColor(0, 150, 130);
    }
    return QColor();
}

QColor ViewPalette::heat(double pressure) const
{
    const double p = qBound(0.0, pressure, 1.0);
    // Green (120°) through yellow to red (0°); dark palettes get a darker value.
    const int hue = int(120.0 * (1.0 - p));
    return QColor::fromHsv(hue, 60 + int(170 * p), dark ? 170 : 225);
}

} // namespace Rblab
