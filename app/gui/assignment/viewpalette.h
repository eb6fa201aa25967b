// SPDX-License-Identifier: Apache-2.0
// Colours of the assignment view, derived from the widget palette (light or dark).
#pragma once

#include <model/simevent.h>
#include <model/snapshot.h>

#include <QColor>
#include <QList>
#include <QPalette>

namespace Rblab {

/*!
    Every colour the assignment view and its legend use, computed once per palette change. Broker
    hues are spread around the colour wheel and kept apart from the warning colours (amber, red,
    magenta) so that flow control and double ownership never look like a broker.
*/
struct ViewPalette
{
    bool dark = false;
    QColor background;
    QColor text;
    QColor mutedText;
    QColor cardBackground;
    QColor cardBorder;
    QColor laneBackground;
    QColor selection;
    QColor flash;
    QColor doubleOwned;
    QColor flowCount;
    QColor flowSize;
    QColor flowSpan;
    QColor fillBar;
    QColor fillBarBack;
    QColor threshold;

    static ViewPalette fromPalette(const QPalette &palette);

    QColor broker(int brokerIndex) const;
    QColor state(ConsumerState state, bool slowed) const;
    QColor flow(SimEvent::FlowCause cause) const;
    //! Cache pressure 0…1+ as a colour from calm to hot (the heat-map level of detail).
    QColor heat(double pressure) const;
};

} // namespace Rblab
