// SPDX-License-Identifier: Apache-2.0
#include "strategy/strategypanel.h"

#include "strategy/parameterform.h"

#include <allocation/strategyregistry.h>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QSignalBlocker>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace Rblab {

StrategyPanel::StrategyPanel(const StrategyRegistry &registry, QWidget *parent)
    : QWidget(parent), m_registry(registry)
{
    auto *layout = new QVBoxLayout(this);
    m_currentLabel = new QLabel(this);
    m_currentLabel->setWordWrap(true);
    layout->addWidget(m_currentLabel);

    auto *groupRow = new QHBoxLayout;
    m_groupLabel = new QLabel(this);
    m_group = new QComboBox(this);
    m_groupLabel->setBuddy(m_group);
    groupRow->addWidget(m_groupLabel);
    groupRow->addWidget(m_group, 1);
    layout->addLayout(groupRow);
    connect(m_group, &QComboBox::currentIndexChanged, this, &StrategyPanel::showRunning);

    m_list = new QListWidget(this);
    m_list->setMaximumHeight(150);
    for (const PluginRecord *record : m_registry.strategies()) {
        auto *item = new QListWidgetItem(record->metadata.name, m_list);
        item->setData(Qt::UserRole, record->metadata.name);
    }
    layout->addWidget(m_list);

    m_description = new QLabel(this);
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::PlainText);
    m_description->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_description->setMinimumHeight(60);
    layout->addWidget(m_description);

    m_parametersTitle = new QLabel(this);
    QFont bold = m_parametersTitle->font();
    bold.setBold(true);
    m_parametersTitle->setFont(bold);
    layout->addWidget(m_parametersTitle);
    m_form = new ParameterForm(m_registry, this);
    layout->addWidget(m_form);

    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    layout->addWidget(m_message);

    auto *buttons = new QHBoxLayout;
    m_applyGroup = new QPushButton(this);
    m_applySelected = new QPushButton(this);
    buttons->addWidget(m_applyGroup);
    buttons->addWidget(m_applySelected);
    layout->addLayout(buttons);
    layout->addStretch(1);

    connect(m_list, &QListWidget::currentRowChanged, this, &StrategyPanel::updateDescription);
    connect(m_form, &ParameterForm::edited, this, &StrategyPanel::validate);
    connect(m_applyGroup, &QPushButton::clicked, this, &StrategyPanel::applyToGroup);
    connect(m_applySelected, &QPushButton::clicked, this, &StrategyPanel::applyToSelection);
    retranslate();
    if (m_list->count() > 0) {
        m_list->setCurrentRow(0);
    }
}

void StrategyPanel::retranslate()
{
    // LanguageManager sets the default locale before it switches catalogs.
    m_localeName = QLocale().name();
    m_groupLabel->setText(tr("Group:"));
    m_group->setToolTip(tr("The consumer group the strategy is deployed to"));
    m_list->setToolTip(tr("Every strategy the loaded plugins provide"));
    m_parametersTitle->setText(tr("Parameters"));
    m_applyGroup->setText(tr("Apply to group"));
    m_applyGroup->setToolTip(tr("Switch every consumer of the group to this strategy now"));
    m_applySelected->setText(tr("Apply to selected"));
    m_applySelected->setToolTip(
        tr("Rolling deploy: switch only the selected consumer; the others keep their strategy"));
    showRunning();
    updateDescription();
}

void StrategyPanel::setGroups(const QStringList &groups)
{
    // Called on every frame: only touch the combo box when the groups really changed.
    if (groups == m_groups) {
        return;
    }
    m_groups = groups;
    const QString current = m_group->currentText();
    m_group->clear();
    m_group->addItems(groups);
    m_group->setCurrentIndex(qMax(0, int(groups.indexOf(current))));
    m_group->setEnabled(groups.size() > 1);
}

void StrategyPanel::setRunningStrategies(const QHash<QString, QStringList> &byGroup)
{
    if (byGroup != m_running) {
        m_running = byGroup;
        showRunning();
    }
}

void StrategyPanel::showRunning()
{
    // The group in the box, not the whole world: two groups with one strategy each are not a
    // rolling deploy.
    const QStringList strategies = m_running.value(m_group->currentText());
    if (strategies.isEmpty()) {
        m_currentLabel->setText(tr("No run yet."));
    } else if (strategies.size() == 1) {
        m_currentLabel->setText(tr("Now running: %1").arg(strategies.first()));
    } else {
        m_currentLabel->setText(tr("Now running: mixed (rolling deploy): %1")
                                    .arg(strategies.join(QStringLiteral(", "))));
    }
}

QString StrategyPanel::runningText() const
{
    return m_currentLabel->text();
}

void StrategyPanel::setSelectedConsumers(const QStringList &consumers)
{
    if (consumers == m_selected) {
        return; // called on every frame
    }
    m_selected = consumers;
    validate();
}

void StrategyPanel::setLocaleName(const QString &localeName)
{
    m_localeName = localeName;
    updateDescription();
}

void StrategyPanel::selectStrategy(const QString &name)
{
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(Qt::UserRole).toString() == name) {
            m_list->setCurrentRow(i);
            return;
        }
    }
}

void StrategyPanel::reloadStrategies()
{
    const QString current = selectedStrategy();
    {
        const QSignalBlocker blocker(m_list);
        m_list->clear();
        for (const PluginRecord *record : m_registry.strategies()) {
            auto *item = new QListWidgetItem(record->metadata.name, m_list);
            item->setData(Qt::UserRole, record->metadata.name);
        }
    }
    selectStrategy(current);
    if (!m_list->currentItem() && m_list->count() > 0) {
        m_list->setCurrentRow(0);
    }
    updateDescription();
    // A reloaded strategy keeps its name but may declare other parameters.
    m_form->reload();
}

QString StrategyPanel::selectedStrategy() const
{
    const QListWidgetItem *item = m_list->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

void StrategyPanel::updateDescription()
{
    const QString name = selectedStrategy();
    const PluginRecord *record = m_registry.find(name);
    if (!record) {
        m_description->setText(
            m_registry.strategies().isEmpty() ? tr("No strategy plugin is loaded.") : QString());
        return;
    }
    QString text = record->metadata.description.text(m_localeName);
    if (!record->metadata.rocketMqClass.isEmpty()) {
        text += QStringLiteral("\n\n")
            + tr("RocketMQ: %1").arg(record->metadata.rocketMqClass.section(QLatin1Char('.'), -1));
    }
    m_description->setText(text);
    m_description->setToolTip(record->metadata.rocketMqClass);
    m_form->setStrategy(name, m_localeName);
    validate();
}

void StrategyPanel::validate()
{
    const QString error = m_form->message();
    QPalette pal = m_message->palette();
    if (error.isEmpty()) {
        m_message->setText(tr("Parameters are valid."));
        pal.setColor(QPalette::WindowText, palette().color(QPalette::PlaceholderText));
    } else {
        m_message->setText(error);
        pal.setColor(QPalette::WindowText, QColor(200, 30, 30));
    }
    m_message->setPalette(pal);
    m_applyGroup->setEnabled(error.isEmpty());
    m_applySelected->setEnabled(error.isEmpty() && !m_selected.isEmpty());
}

QString StrategyPanel::message() const
{
    return m_message->text();
}

bool StrategyPanel::applyToGroup()
{
    return apply({});
}

bool StrategyPanel::applyToSelection()
{
    if (m_selected.isEmpty()) {
        m_message->setText(tr("Select a consumer first."));
        return false;
    }
    return apply(m_selected);
}

bool StrategyPanel::apply(const QStringList &consumers)
{
    validate();
    QString parseError;
    const QVariantMap raw = m_form->rawValues(&parseError);
    if (!m_form->isValid() || m_group->currentText().isEmpty()) {
        if (m_group->currentText().isEmpty()) {
            m_message->setText(tr("No group to apply to."));
        }
        return false;
    }
    QList<ScenarioEvent> commands;
    ScenarioEvent command;
    command.action = ScenarioEvent::Action::SetStrategy;
    command.group = m_group->currentText();
    command.strategy = selectedStrategy();
    command.strategyParams = raw;
    if (consumers.isEmpty()) {
        commands.append(command);
    } else {
        for (const QString &consumer : consumers) {
            command.consumer = consumer;
            commands.append(command);
        }
    }
    emit commandsRequested(commands);
    return true;
}

void StrategyPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_strategypanel.cpp"
