// SPDX-License-Identifier: Apache-2.0
// The line above the assignment view: the scenario's name and what it is about.
#pragma once

#include <QLabel>
#include <QMap>

namespace Rblab {

struct Scenario;

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

    QString m_name;
    QMap<QString, QString> m_localizedName;
    QMap<QString, QString> m_description;
};

} // namespace Rblab
