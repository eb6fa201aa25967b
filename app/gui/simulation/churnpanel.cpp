// SPDX-License-Identifier: Apache-2.0
#include "simulation/churnpanel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace Rblab {

ChurnPanel::ChurnPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);

    m_churnBox = new QGroupBox(this);
    auto *churn = new QFormLayout(m_churnBox);
    m_churnOn = new QCheckBox(m_churnBox);
    churn->addRow(m_churnOn);
    m_intervalLabel = new QLabel(m_churnBox);
    m_interval = new QDoubleSpinBox(m_churnBox);
    m_interval->setRange(1, 3600);
    m_interval->setDecimals(0);
    m_interval->setValue(45);
    m_intervalLabel->setBuddy(m_interval);
    churn->addRow(m_intervalLabel, m_interval);
    m_boundsLabel = new QLabel(m_churnBox);
    auto *bounds = new QHBoxLayout;
    m_min = new QSpinBox(m_churnBox);
    m_max = new QSpinBox(m_churnBox);
    m_min->setRange(0, 128);
    m_max->setRange(1, 128);
    bounds->addWidget(m_min);
    bounds->addWidget(new QLabel(QStringLiteral("–"), m_churnBox));
    bounds->addWidget(m_max);
    churn->addRow(m_boundsLabel, bounds);
    m_weights = new QLabel(m_churnBox);
    m_weights->setWordWrap(true);
    churn->addRow(m_weights);
    layout->addWidget(m_churnBox);
    // Under the box, not in its form layout: a wrapped label in a QFormLayout inside a group
    // box is given one line's height and cut off.
    m_recorded = new QLabel(this);
    m_recorded->setWordWrap(true);
    m_recorded->setForegroundRole(QPalette::PlaceholderText);
    m_recorded->setContentsMargins(4, 0, 4, 4);
    layout->addWidget(m_recorded);

    m_produceBox = new QGroupBox(this);
    auto *produce = new QFormLayout(m_produceBox);
    m_topic = new QComboBox(m_produceBox);
    produce->addRow(m_topic);
    auto *rateRow = new QHBoxLayout;
    m_rate = new QSpinBox(m_produceBox);
    m_rate->setRange(0, 10000000);
    m_rate->setSingleStep(100);
    m_rate->setGroupSeparatorShown(true);
    m_applyRate = new QPushButton(m_produceBox);
    rateRow->addWidget(m_rate, 1);
    rateRow->addWidget(m_applyRate);
    produce->addRow(rateRow);
    layout->addWidget(m_produceBox);

    m_consumersBox = new QGroupBox(this);
    auto *consumers = new QVBoxLayout(m_consumersBox);
    m_add = new QPushButton(m_consumersBox);
    consumers->addWidget(m_add);
    layout->addWidget(m_consumersBox);
    layout->addStretch(1);

    connect(m_churnOn, &QCheckBox::toggled, this, &ChurnPanel::emitChurn);
    connect(m_interval, &QDoubleSpinBox::editingFinished, this, &ChurnPanel::emitChurn);
    connect(m_min, &QSpinBox::editingFinished, this, &ChurnPanel::emitChurn);
    connect(m_max, &QSpinBox::editingFinished, this, &ChurnPanel::emitChurn);
    connect(m_applyRate, &QPushButton::clicked, this, &ChurnPanel::applyProduceRate);
    connect(m_topic, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0 && i < m_topics.size()) {
            m_rate->setValue(int(m_topics.at(i).produceRate));
        }
    });
    retranslate();
}

void ChurnPanel::retranslate()
{
    m_churnBox->setTitle(tr("Random churn"));
    m_churnOn->setText(tr("On"));
    m_churnOn->setToolTip(
        tr("Consumers join, shut down, crash, freeze… at random, as in production"));
    m_intervalLabel->setText(tr("Mean interval"));
    m_interval->setSuffix(tr(" s"));
    m_interval->setToolTip(
        tr("Average time between two random changes (exponentially distributed)"));
    m_boundsLabel->setText(tr("Live consumers"));
    m_min->setToolTip(tr("Churn never takes the group below this many live consumers"));
    m_max->setToolTip(tr("Churn never takes the group above this many live consumers"));
    QStringList weights;
    for (const auto &w : std::as_const(m_template.actions)) {
        weights.append(QStringLiteral("%1 %2").arg(w.first).arg(w.second));
    }
    m_weights->setText(tr("Actions and weights: %1").arg(weights.join(QStringLiteral(", "))));
    m_recorded->setText(
        tr("Each change is recorded at the current time (setChurn): a saved session replays it."));
    m_produceBox->setTitle(tr("Production"));
    m_topic->setToolTip(tr("The topic whose produce rate to change"));
    m_rate->setSuffix(tr(" msg/s"));
    m_rate->setToolTip(tr("Messages per second produced to the whole topic"));
    m_applyRate->setText(tr("Apply"));
    m_applyRate->setToolTip(tr("Change the produce rate now (setProduceRate)"));
    m_consumersBox->setTitle(tr("Consumers"));
    if (QAction *action = m_add->property("action").value<QAction *>()) {
        m_add->setText(action->text());
        m_add->setToolTip(action->toolTip());
    }
}

void ChurnPanel::setAddConsumerAction(QAction *action)
{
    m_add->setProperty("action", QVariant::fromValue(action));
    m_add->setIcon(action->icon());
    connect(m_add, &QPushButton::clicked, action, &QAction::trigger);
    connect(action, &QAction::changed, this, [this, action] {
        m_add->setEnabled(action->isEnabled());
        m_add->setText(action->text());
        m_add->setToolTip(action->toolTip());
    });
    retranslate();
}

void ChurnPanel::setScenario(const Scenario &scenario)
{
    if (scenario.churn) {
        m_template = *scenario.churn;
    } else {
        m_template = ChurnSpec();
        m_template.group = scenario.groups.isEmpty() ? QString() : scenario.groups.first().name;
        m_template.actions = { { QStringLiteral("join"), 3 }, { QStringLiteral("shutdown"), 2 },
            { QStringLiteral("kill"), 1 }, { QStringLiteral("freeze"), 1 } };
    }
    m_live = scenario.churn;
    m_requested = scenario.churn;
    showChurn(scenario.churn.has_value());
    m_topics = scenario.topics;
    {
        const QSignalBlocker block(m_topic);
        m_topic->clear();
        for (const TopicSpec &t : scenario.topics) {
            m_topic->addItem(t.name);
        }
    }
    if (!m_topics.isEmpty()) {
        m_rate->setValue(int(m_topics.first().produceRate));
    }
    m_churnBox->setEnabled(!m_template.group.isEmpty());
    retranslate();
}

bool ChurnPanel::isChurnOn() const
{
    return m_churnOn->isChecked();
}

void ChurnPanel::setChurnOn(bool on)
{
    m_churnOn->setChecked(on);
}

std::optional<ChurnSpec> ChurnPanel::churn() const
{
    if (!m_churnOn->isChecked()) {
        return std::nullopt;
    }
    ChurnSpec spec = m_template;
    spec.meanInterval = SimTime(m_interval->value() * 1000.0);
    spec.minConsumers = m_min->value();
    spec.maxConsumers = qMax(m_min->value(), m_max->value());
    return spec;
}

void ChurnPanel::showChurn(bool on)
{
    const QSignalBlocker blockOn(m_churnOn);
    const QSignalBlocker blockInterval(m_interval);
    const QSignalBlocker blockMin(m_min);
    const QSignalBlocker blockMax(m_max);
    m_churnOn->setChecked(on);
    m_interval->setValue(double(m_template.meanInterval) / 1000.0);
    m_min->setValue(m_template.minConsumers);
    m_max->setValue(m_template.maxConsumers);
}

void ChurnPanel::setLiveChurn(const std::optional<ChurnSpec> &churn)
{
    if (churn == m_live) {
        return;
    }
    // Frames published before a request still carry the old churn: only a change counts.
    m_live = churn;
    m_requested = churn;
    if (churn) {
        m_template = *churn;
    }
    showChurn(churn.has_value());
    retranslate(); // the weights line
}

void ChurnPanel::emitChurn()
{
    const std::optional<ChurnSpec> wanted = churn();
    // Leaving a field without changing it is no command: a saved session stays free of no-ops.
    if (wanted == m_requested) {
        return;
    }
    m_requested = wanted;
    emit churnChanged(wanted);
}

void ChurnPanel::applyProduceRate()
{
    if (m_topic->currentIndex() < 0) {
        return;
    }
    ScenarioEvent command;
    command.action = ScenarioEvent::Action::SetProduceRate;
    command.topic = m_topic->currentText();
    command.rate = m_rate->value();
    m_topics[m_topic->currentIndex()].produceRate = command.rate;
    emit commandRequested(command);
}

void ChurnPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_churnpanel.cpp"
