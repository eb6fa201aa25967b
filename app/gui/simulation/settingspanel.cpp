// SPDX-License-Identifier: Apache-2.0
#include "simulation/settingspanel.h"

#include "guitext.h"

#include <settings/clientconfig.h>
#include <settings/scenarioduration.h>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace Rblab {

SettingsPanel::SettingsPanel(QWidget *parent) : QWidget(parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *content = new QWidget(scroll);
    auto *layout = new QVBoxLayout(content);
    QFont bold = font();
    bold.setBold(true);
    auto title = [&](QLabel *&label) {
        label = new QLabel(content);
        label->setFont(bold);
        label->setWordWrap(true);
    };

    // One grid for client and broker settings, so their editors line up in one column.
    auto *grid = new QGridLayout;
    grid->setColumnStretch(0, 1);
    title(m_clientTitle);
    grid->addWidget(m_clientTitle, grid->rowCount(), 0, 1, 3);
    addRows(grid, ClientConfig::specs(), false);
    m_applyClient = new QPushButton(content);
    grid->addWidget(m_applyClient, grid->rowCount(), 0, 1, 3, Qt::AlignRight);
    grid->setRowMinimumHeight(grid->rowCount(), 8);
    title(m_groupTitle);
    grid->addWidget(m_groupTitle, grid->rowCount() + 1, 0, 1, 3);
    addRows(grid, GroupConfig::specs(), false, true);
    grid->setRowMinimumHeight(grid->rowCount(), 8);
    title(m_brokerTitle);
    grid->addWidget(m_brokerTitle, grid->rowCount() + 1, 0, 1, 3);
    addRows(grid, BrokerConfig::specs(), true);
    m_applyBroker = new QPushButton(content);
    grid->addWidget(m_applyBroker, grid->rowCount(), 0, 1, 3, Qt::AlignRight);
    layout->addLayout(grid);

    // The profile decides how the consumers are built: unlike the settings above it cannot
    // change under a running world, so it sits apart with a button that says it restarts.
    title(m_profileTitle);
    layout->addSpacing(8);
    layout->addWidget(m_profileTitle);
    auto *profileRow = new QHBoxLayout;
    m_profile = new QComboBox(content);
    m_profile->addItem(QStringLiteral("5.x"), int(Profile::V5));
    m_profile->addItem(QStringLiteral("4.9"), int(Profile::V49));
    m_profileTitle->setBuddy(m_profile);
    m_applyProfile = new QPushButton(content);
    profileRow->addWidget(m_profile);
    profileRow->addStretch(1);
    profileRow->addWidget(m_applyProfile);
    layout->addLayout(profileRow);
    layout->addStretch(1);
    scroll->setWidget(content);
    outer->addWidget(scroll, 1);

    // Outside the scrolled part: what an Apply did, or what is wrong, is seen from any button.
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setContentsMargins(6, 2, 6, 4);
    outer->addWidget(m_message);

    connect(m_applyClient, &QPushButton::clicked, this, &SettingsPanel::applyClient);
    connect(m_applyBroker, &QPushButton::clicked, this, &SettingsPanel::applyBroker);
    connect(m_applyProfile, &QPushButton::clicked, this, &SettingsPanel::applyProfile);
    connect(m_profile, &QComboBox::currentIndexChanged, this, &SettingsPanel::validate);
    retranslate();
}

void SettingsPanel::addRows(
    QGridLayout *grid, const QList<SettingSpec> &specs, bool broker, bool group)
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (const SettingSpec &spec : specs) {
        Row row;
        row.spec = &spec;
        row.broker = broker;
        row.group = group;
        // The friendly name above RocketMQ's own, in a column of their own, so the panel fits a
        // dock beside the view (RocketMQ's names are long).
        auto *names = new QWidget(this);
        auto *stack = new QVBoxLayout(names);
        stack->setContentsMargins(0, 2, 0, 2);
        stack->setSpacing(0);
        row.name = new QLabel(names);
        row.name->setWordWrap(true);
        row.key = new QLabel(QString::fromLatin1(spec.key), names);
        QFont keyFont = mono;
        keyFont.setPointSizeF(font().pointSizeF() * 0.85);
        row.key->setFont(keyFont);
        row.key->setForegroundRole(QPalette::PlaceholderText);
        row.key->setTextInteractionFlags(Qt::TextSelectableByMouse);
        stack->addWidget(row.name);
        stack->addWidget(row.key);
        if (spec.kind == SettingSpec::Kind::Boolean) {
            auto *box = new QCheckBox(this);
            connect(box, &QCheckBox::toggled, this, &SettingsPanel::validate);
            row.editor = box;
        } else {
            auto *edit = new QLineEdit(this);
            edit->setMaximumWidth(100);
            connect(edit, &QLineEdit::textChanged, this, &SettingsPanel::validate);
            // Enter sends what is pending in this field's section, as its Apply button does
            // (which may be scrolled out of sight below the fields).
            connect(edit, &QLineEdit::returnPressed, this,
                broker ? &SettingsPanel::applyBroker : &SettingsPanel::applyClient);
            row.editor = edit;
        }
        row.editor->setObjectName(QString::fromLatin1(spec.key));
        row.editor->setEnabled(!group);
        row.unit = new QLabel(this);
        row.name->setBuddy(row.editor);
        const int r = grid->rowCount();
        grid->addWidget(names, r, 0);
        grid->addWidget(row.editor, r, 1);
        grid->addWidget(row.unit, r, 2);
        row.current = spec.defaultValue;
        m_rows.append(row);
        showValue(m_rows.last(), spec.defaultValue);
    }
}

void SettingsPanel::retranslate()
{
    m_clientTitle->setText(tr("Client (DefaultMQPushConsumer, ClientConfig): applies to the "
                              "group on Enter or Apply; edits not sent yet are marked"));
    m_groupTitle->setText(
        tr("Group on the brokers (SubscriptionGroupConfig): as the scenario sets it"));
    m_brokerTitle->setText(tr("Broker (BrokerConfig): applies to every broker on Enter or "
                              "Apply; edits not sent yet are marked"));
    m_profileTitle->setText(tr("Client behaviour profile: applies by restarting the run"));
    m_profile->setToolTip(tr("5.x: RocketMQ 5.2 and later; 4.9: the 4.9 client where they differ"));
    m_applyClient->setText(tr("Apply to group"));
    m_applyClient->setToolTip(
        tr("Send the changed client settings to every consumer of the group now (setClient)"));
    m_applyBroker->setText(tr("Apply to brokers"));
    m_applyBroker->setToolTip(
        tr("Send the changed broker settings to every broker now (setBroker); the run goes on"));
    m_applyProfile->setText(tr("Restart with this profile"));
    m_applyProfile->setToolTip(tr("The profile decides how consumers are built: the run starts "
                                  "again from 0:00, replaying your commands"));
    for (Row &row : m_rows) {
        const SettingSpec &spec = *row.spec;
        row.name->setText(QCoreApplication::translate("Rblab::Settings", spec.friendlyName));
        const QString help
            = tr("%1 (%2)\nDefault: %3\nAllowed: %4")
                  .arg(QString::fromLatin1(spec.key), QString::fromLatin1(spec.source),
                      spec.kind == SettingSpec::Kind::Duration ? formatDuration(spec.defaultValue)
                          : spec.kind == SettingSpec::Kind::Boolean
                          ? (spec.defaultValue ? tr("on") : tr("off"))
                          : QString::number(spec.defaultValue),
                      spec.rangeText());
        row.name->setToolTip(help);
        row.key->setToolTip(help);
        row.editor->setToolTip(help);
        row.unit->setText(GuiText::unitName(QString::fromLatin1(spec.unit)));
    }
    validate();
}

void SettingsPanel::showValue(Row &row, qint64 value)
{
    row.current = value;
    if (auto *box = qobject_cast<QCheckBox *>(row.editor)) {
        box->setChecked(value != 0);
    } else if (auto *edit = qobject_cast<QLineEdit *>(row.editor)) {
        edit->setText(row.spec->kind == SettingSpec::Kind::Duration ? formatDuration(value)
                                                                    : QString::number(value));
    }
}

void SettingsPanel::setScenario(const Scenario &scenario)
{
    m_group = scenario.groups.isEmpty() ? QString() : scenario.groups.first().name;
    const QVariantMap client
        = scenario.groups.isEmpty() ? QVariantMap() : scenario.groups.first().client;
    // The group's SubscriptionGroupConfig flag is a field of the group, not a client setting.
    QVariantMap groupSettings;
    if (!scenario.groups.isEmpty()) {
        groupSettings.insert(QStringLiteral("notifyConsumerIdsChangedEnable"),
            scenario.groups.first().notifyConsumerIdsChangedEnable);
    }
    for (Row &row : m_rows) {
        showValue(row,
            row.spec->valueIn(row.group ? groupSettings
                    : row.broker        ? scenario.broker
                                        : client));
    }
    m_liveBroker = scenario.broker;
    m_liveClient = client;
    m_currentProfile = scenario.profile;
    m_profile->setCurrentIndex(scenario.profile == Profile::V49 ? 1 : 0);
    validate();
}

void SettingsPanel::setLiveValues(const QVariantMap &broker, const QVariantMap &client)
{
    if (broker == m_liveBroker && client == m_liveClient) {
        return; // called on every frame; settings change rarely
    }
    m_liveBroker = broker;
    m_liveClient = client;
    for (Row &row : m_rows) {
        if (row.group) {
            continue; // no command changes them
        }
        const qint64 value = row.spec->valueIn(row.broker ? broker : client);
        if (value == row.current) {
            continue;
        }
        // A field still showing the old value follows the run; one the user changed keeps it.
        const std::optional<qint64> shown = rowValue(row, nullptr);
        if (shown && *shown == row.current) {
            showValue(row, value);
        } else {
            row.current = value;
        }
    }
    validate();
}

QWidget *SettingsPanel::editor(const QString &key) const
{
    for (const Row &row : m_rows) {
        if (!row.group && key == QLatin1String(row.spec->key)) {
            return row.editor;
        }
    }
    return nullptr;
}

QWidget *SettingsPanel::groupEditor(const QString &key) const
{
    for (const Row &row : m_rows) {
        if (row.group && key == QLatin1String(row.spec->key)) {
            return row.editor;
        }
    }
    return nullptr;
}

std::optional<qint64> SettingsPanel::rowValue(const Row &row, QString *error) const
{
    const SettingSpec &spec = *row.spec;
    if (auto *box = qobject_cast<QCheckBox *>(row.editor)) {
        return box->isChecked() ? 1 : 0;
    }
    const auto *edit = qobject_cast<QLineEdit *>(row.editor);
    const QString text = edit->text().trimmed();
    std::optional<qint64> value;
    if (spec.kind == SettingSpec::Kind::Duration) {
        bool isNumber = false;
        const qint64 ms = text.toLongLong(&isNumber);
        if (isNumber) {
            value = ms;
        } else if (const auto parsed = ScenarioDuration::parse(text);
                   parsed && parsed->wholeMilliseconds) {
            value = *parsed->wholeMilliseconds;
        }
    } else {
        bool ok = false;
        const qint64 n = text.toLongLong(&ok);
        if (ok) {
            value = n;
        }
    }
    if (!value || !spec.accepts(*value)) {
        if (error && error->isEmpty()) {
            *error = tr("%1 (%2) must be %3, got \"%4\"")
                         .arg(QCoreApplication::translate("Rblab::Settings", spec.friendlyName),
                             QString::fromLatin1(spec.key), spec.rangeText(), text);
        }
        return std::nullopt;
    }
    return value;
}

void SettingsPanel::validate()
{
    if (!m_message) {
        return; // still being built
    }
    QString error;
    int pendingClient = 0;
    int pendingBroker = 0;
    for (const Row &row : std::as_const(m_rows)) {
        QString rowError;
        const std::optional<qint64> value = rowValue(row, &rowError);
        const bool ok = value.has_value();
        // An edit the run does not have yet is marked (amber), so nobody takes the panel for
        // the run's state; it stays marked until Enter or Apply sends it.
        const bool pending = ok && !row.group && *value != row.current;
        row.editor->setProperty("pending", pending);
        (row.broker ? pendingBroker : pendingClient) += pending ? 1 : 0;
        if (auto *edit = qobject_cast<QLineEdit *>(row.editor)) {
            edit->setStyleSheet(!ok ? QStringLiteral("QLineEdit { border: 2px solid #d22; }")
                    : pending       ? QStringLiteral("QLineEdit { border: 2px solid #e0a000; }")
                                    : QString());
        } else {
            row.editor->setStyleSheet(pending
                    ? QStringLiteral("QCheckBox { border: 2px solid #e0a000; padding: 1px; }")
                    : QString());
        }
        if (!ok && error.isEmpty()) {
            error = rowError;
        }
    }
    m_pendingClient = pendingClient;
    m_pendingBroker = pendingBroker;
    // Below the scrolled part, always in sight: a problem first, then what is not sent yet, then
    // a confirmation ("Sent 2 settings"), which stays until the next edit.
    if (!error.isEmpty()) {
        showMessage(error, true);
    } else if (pendingClient + pendingBroker > 0) {
        QStringList parts;
        if (pendingClient > 0) {
            parts.append(
                tr("%n client setting(s) not sent to %1 yet", nullptr, pendingClient).arg(m_group));
        }
        if (pendingBroker > 0) {
            parts.append(tr("%n broker setting(s) not sent yet", nullptr, pendingBroker));
        }
        showMessage(
            tr("%1: press Enter in a field or Apply.").arg(parts.join(QStringLiteral("; "))),
            false);
        m_messagePending = true;
    } else if (m_messageIsError || m_messagePending) {
        showMessage(QString(), false);
    }
    m_applyClient->setEnabled(error.isEmpty() && !m_group.isEmpty());
    m_applyBroker->setEnabled(error.isEmpty());
    m_applyProfile->setEnabled(Profile(m_profile->currentData().toInt()) != m_currentProfile);
}

QVariantMap SettingsPanel::changedSettings(bool broker, QString *error) const
{
    QVariantMap changed;
    for (const Row &row : m_rows) {
        if (row.broker != broker || row.group) {
            continue;
        }
        const auto value = rowValue(row, error);
        if (!value) {
            return QVariantMap();
        }
        if (*value != row.current) {
            // Typed as a scenario file writes them: booleans as booleans.
            const QString key = QString::fromLatin1(row.spec->key);
            if (row.spec->kind == SettingSpec::Kind::Boolean) {
                changed.insert(key, *value != 0);
            } else {
                changed.insert(key, *value);
            }
        }
    }
    return changed;
}

QVariantMap SettingsPanel::changedClientSettings(QString *error) const
{
    return changedSettings(false, error);
}

QVariantMap SettingsPanel::changedBrokerSettings(QString *error) const
{
    return changedSettings(true, error);
}

void SettingsPanel::showMessage(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: #d22;") : QString());
    m_messageIsError = error;
    m_messagePending = false;
}

QString SettingsPanel::message() const
{
    return m_message->text();
}

void SettingsPanel::applyClient()
{
    QString error;
    const QVariantMap changed = changedClientSettings(&error);
    if (!error.isEmpty()) {
        showMessage(error, true);
        return;
    }
    if (changed.isEmpty()) {
        showMessage(tr("No client setting was changed."), false);
        return;
    }
    ScenarioEvent command;
    command.action = ScenarioEvent::Action::SetClient;
    command.group = m_group;
    command.client = changed;
    for (Row &row : m_rows) {
        const auto it = changed.constFind(QString::fromLatin1(row.spec->key));
        if (!row.broker && it != changed.cend()) {
            row.current = it->toLongLong();
        }
    }
    validate(); // the sent fields are no longer pending
    showMessage(
        tr("Sent %n client setting(s) to %1.", nullptr, int(changed.size())).arg(m_group), false);
    emit clientSettingsRequested(command);
}

void SettingsPanel::applyBroker()
{
    QString error;
    const QVariantMap changed = changedBrokerSettings(&error);
    if (!error.isEmpty()) {
        showMessage(error, true);
        return;
    }
    if (changed.isEmpty()) {
        showMessage(tr("No broker setting was changed."), false);
        return;
    }
    ScenarioEvent command;
    command.action = ScenarioEvent::Action::SetBroker;
    command.settings = changed;
    for (Row &row : m_rows) {
        const auto it = changed.constFind(QString::fromLatin1(row.spec->key));
        if (row.broker && it != changed.cend()) {
            row.current = it->toLongLong();
        }
    }
    validate();
    showMessage(
        tr("Sent %n broker setting(s) to every broker.", nullptr, int(changed.size())), false);
    emit brokerSettingsRequested(command);
}

void SettingsPanel::applyProfile()
{
    const Profile profile = Profile(m_profile->currentData().toInt());
    if (profile == m_currentProfile) {
        return;
    }
    m_currentProfile = profile;
    validate();
    emit profileRequested(profile);
}

void SettingsPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_settingspanel.cpp"
