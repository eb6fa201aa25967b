// SPDX-License-Identifier: Apache-2.0
#include "strategy/plugindialog.h"

#include <allocation/strategyregistry.h>

#include <QDialogButtonBox>
#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Rblab {

PluginDialog::PluginDialog(const StrategyRegistry &registry, QWidget *parent)
    : QDialog(parent), m_registry(registry)
{
    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_tree = new QTreeWidget(this);
    m_tree->setRootIsDecorated(false);
    m_tree->setWordWrap(true);
    m_tree->header()->setStretchLastSection(true);
    layout->addWidget(m_tree);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(900, 420);
    populate();
}

int PluginDialog::loadedCount() const
{
    return int(m_registry.strategies().size());
}

int PluginDialog::failedCount() const
{
    return int(m_registry.failures().size());
}

void PluginDialog::populate()
{
    setWindowTitle(tr("Strategy plugins"));
    m_summary->setText(tr("%n strategy plugin(s) loaded.", nullptr, loadedCount())
        + QLatin1Char(' ')
        + (failedCount() > 0 ? tr("%n file(s) could not be loaded; hover a row for the reason.",
               nullptr, failedCount())
                             : tr("No plugin file failed.")));
    m_tree->clear();
    m_tree->setHeaderLabels(
        { tr("Strategy"), tr("State"), tr("Version"), tr("File"), tr("Details") });
    const QIcon ok = style()->standardIcon(QStyle::SP_DialogApplyButton);
    const QIcon failed = style()->standardIcon(QStyle::SP_MessageBoxCritical);
    for (const PluginRecord &record : m_registry.records()) {
        auto *item = new QTreeWidgetItem(m_tree);
        item->setText(0,
            record.metadata.name.isEmpty() ? QFileInfo(record.file).fileName()
                                           : record.metadata.name);
        item->setIcon(0, record.loaded() ? ok : failed);
        item->setText(1, record.loaded() ? tr("loaded") : pluginStateName(record.state));
        item->setText(2, record.metadata.version);
        item->setText(3,
            record.file.startsWith(QLatin1Char(':')) ? tr("built in")
                                                     : QFileInfo(record.file).fileName());
        item->setToolTip(3, record.file);
        const QString details
            = record.loaded() ? record.metadata.description.text(QLocale().name()) : record.error;
        item->setText(4, details);
        item->setToolTip(4, details);
        item->setToolTip(0, record.loaded() ? record.metadata.rocketMqClass : record.error);
        if (!record.loaded()) {
            for (int column = 0; column < 5; ++column) {
                item->setForeground(column, QColor(200, 30, 30));
            }
        }
    }
    for (int column = 0; column < 4; ++column) {
        m_tree->resizeColumnToContents(column);
    }
}

void PluginDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        populate();
    }
    QDialog::changeEvent(event);
}

} // namespace Rblab

#include "moc_plugindialog.cpp"
