// SPDX-License-Identifier: Apache-2.0
// "Compare from here…": which group, and which strategies to try from now on.
#pragma once

#include <report/variant.h>
#include <sim/simtime.h>

#include <QDialog>

class QComboBox;

namespace Rblab {

class StrategyRegistry;

/*!
    Asks what to compare when the running world is forked: the group that changes and one to
    three strategies it could have used from now on. The first pane always keeps the world as
    it runs, so every variant is seen beside what would have happened anyway.
*/
class CompareDialog : public QDialog
{
    Q_OBJECT

public:
    CompareDialog(const StrategyRegistry &registry, const Scenario &scenario, SimTime now,
        QWidget *parent = nullptr);

    QString group() const;
    //! The reference pane ("as it runs", no strategy) and the chosen strategies.
    QList<Variant> variants() const;

private:
    void updateOk();

    QComboBox *m_group = nullptr;
    QList<QComboBox *> m_strategies;
    QPushButton *m_ok = nullptr;
};

} // namespace Rblab
