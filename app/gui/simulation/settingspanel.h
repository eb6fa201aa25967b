// SPDX-License-Identifier: Apache-2.0
// Client and broker settings, generated from the engine's setting tables.
#pragma once

#include <settings/settingspec.h>
#include <scenario/scenario.h>

#include <QList>
#include <QWidget>

class QComboBox;
class QGridLayout;
class QLabel;
class QPushButton;

namespace Rblab {

/*!
    One row per SettingSpec of ClientConfig::specs(), GroupConfig::specs() and
    BrokerConfig::specs(), each under its owner: the friendly name
    in the interface language, RocketMQ's own name beside it (what an engineer searches for), an
    editor that checks RocketMQ's allowed range as you type, and the unit. Client settings apply
    to the whole group (a setClient command) and broker settings to every broker (a setBroker
    command) when Enter is pressed in one of their fields or their Apply button is clicked;
    until then the edited fields are marked and counted under the panel. Both are recorded, so a
   saved session replays them. Only the client behaviour profile is part of how the world is built,
   so it applies by restarting the run. The group's own broker-side settings
   (SubscriptionGroupConfig) are shown as the scenario sets them (the group's fields), read-only: no
   command changes them during a run. The values shown follow the run (setLiveValues), except those
   the user is editing.
*/
class SettingsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SettingsPanel(QWidget *parent = nullptr);

    //! Shows the values of a scenario (its first group's client settings and its broker's).
    void setScenario(const Scenario &scenario);
    //! The editor of a client or broker setting (tests), by RocketMQ name.
    QWidget *editor(const QString &key) const;
    //! The (read-only) editor of a group setting (tests), by RocketMQ name.
    QWidget *groupEditor(const QString &key) const;
    //! The client settings that differ from what the group runs now; empty when invalid.
    QVariantMap changedClientSettings(QString *error = nullptr) const;
    //! The broker settings that differ from what the brokers run now; empty when invalid.
    QVariantMap changedBrokerSettings(QString *error = nullptr) const;
    //! Edited fields not sent yet (each marked, and counted under the panel).
    int pendingClientCount() const { return m_pendingClient; }
    int pendingBrokerCount() const { return m_pendingBroker; }
    //! The line under the panel: an error, the pending edits, or what was sent.
    QString message() const;
    /*!
        The settings the run has now (the scenario's, with the commands applied so far), by
        RocketMQ name. A field the user has changed and not applied keeps what they typed.
    */
    void setLiveValues(const QVariantMap &broker, const QVariantMap &client);

    void applyClient();
    void applyBroker();
    void applyProfile();

signals:
    void clientSettingsRequested(const Rblab::ScenarioEvent &command);
    void brokerSettingsRequested(const Rblab::ScenarioEvent &command);
    void profileRequested(Rblab::Profile profile);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Row
    {
        const SettingSpec *spec = nullptr;
        bool broker = false;
        bool group = false; //!< SubscriptionGroupConfig: shown, not edited
        QLabel *name = nullptr;
        QLabel *key = nullptr;
        QWidget *editor = nullptr;
        QLabel *unit = nullptr;
        qint64 current = 0;
    };
    void addRows(
        QGridLayout *grid, const QList<SettingSpec> &specs, bool broker, bool group = false);
    void retranslate();
    void showValue(Row &row, qint64 value);
    std::optional<qint64> rowValue(const Row &row, QString *error) const;
    QVariantMap changedSettings(bool broker, QString *error) const;
    void validate();
    void showMessage(const QString &text, bool error);

    QString m_group;
    QLabel *m_clientTitle = nullptr;
    QLabel *m_groupTitle = nullptr;
    QLabel *m_brokerTitle = nullptr;
    QLabel *m_profileTitle = nullptr;
    QComboBox *m_profile = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_applyClient = nullptr;
    QPushButton *m_applyBroker = nullptr;
    QPushButton *m_applyProfile = nullptr;
    QList<Row> m_rows;
    QVariantMap m_liveBroker;
    QVariantMap m_liveClient;
    Profile m_currentProfile = Profile::V5;
    bool m_messageIsError = false;
    bool m_messagePending = false; //!< the message lists pending edits
    int m_pendingClient = 0;
    int m_pendingBroker = 0;
};

} // namespace Rblab
