// SPDX-License-Identifier: Apache-2.0
// The line above the assignment view: the scenario's name and what it is about.
#pragma once

#include <scenario/scenario.h>

#include <QLabel>

namespace Rblab {

/*!
    The scenario's name in bold and the first sentence of its description in the interface
    language, elided to the banner's own width (known only once the window is laid out, so it
    elides again on every resize); the whole description is the tooltip, and the Scenario
    dock shows it in full. As wide as the centre whatever its text.
*/
class ScenarioBanner : public QLabel
{
    Q_OBJECT

public:
    explicit ScenarioBanner(QWidget *parent = nullptr);

    void setScenario(const Scenario &scenario);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void updateText();

    Scenario
        m_scenario; //!< a copy (implicitly shared lists): its name and description in any language
};

} // namespace Rblab
