// SPDX-License-Identifier: Apache-2.0
#include "compare/comparedialog.h"

#include "guitext.h"

#include <allocation/strategyregistry.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Rblab {

CompareDialog::CompareDialog(
    const StrategyRegistry &registry, const Scenario &scenario, SimTime now, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Compare from here"));
    setMinimumWidth(460); // the explanation reads in four lines, not eight
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Each pane replays this world (its seed and the commands given "
                                "so far) to %1, then the group runs the strategy of its pane "
                                "from there on. The first pane keeps the world as it runs.")
                                 .arg(GuiText::clock(now)),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    m_group = new QComboBox(this);
    for (const GroupSpec &g : scenario.groups) {
        m_group->addItem(g.name);
    }
    form->addRow(tr("Group"), m_group);
    const QStringList names = registry.strategyNames();
    for (int i = 0; i < 3; ++i) {
        auto *box = new QComboBox(this);
        if (i > 0) {
            box->addItem(tr("(none)"), QString());
        }
        for (const QString &name : names) {
            box->addItem(name, name);
        }
        connect(box, &QComboBox::currentIndexChanged, this, &CompareDialog::updateOk);
        form->addRow(tr("Variant %1").arg(i + 1), box);
        m_strategies.append(box);
    }
    layout->addLayout(form);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Compare"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    updateOk();
}

QString CompareDialog::group() const
{
    return m_group->currentText();
}

QList<Variant> CompareDialog::variants() const
{
    QList<Variant> list { Variant { tr("As it runs"), QString(), {}, {} } };
    for (const QComboBox *box : m_strategies) {
        const QString name = box->currentData().toString();
        if (!name.isEmpty()) {
            list.append(Variant { name, name, {}, {} });
        }
    }
    return list;
}

void CompareDialog::updateOk()
{
    m_ok->setEnabled(
        !m_strategies.first()->currentData().toString().isEmpty() && m_group->count() > 0);
}

} // namespace Rblab
