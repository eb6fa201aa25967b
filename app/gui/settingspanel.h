// SPDX-License-Identifier: Apache-2.0
// Client and broker settings, generated from the engine's setting tables.
#pragma once

#include <model/settingspec.h>
#include <scenario/scenario.h>

#include <QList>
#include <QWidget>

class QComboBox;
class QGridLayout;
class QLabel;
class QPushButton;

namespace Rblab {

/*!
    One row per SettingSpec of ClientConfig::specs() and BrokerConfig::specs(): the friendly name
    in the interface language, RocketMQ's own name beside it (what an engineer searches for), an
    editor that checks RocketMQ's allowed range as you type, and the unit. Client settings apply
    at once to the whole group (a setClient command); broker settings and the client profile are
    part of the world, so they apply by restarting the run.
*/
class SettingsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SettingsPanel(QWidget *parent = nullptr);

    //! Shows the values of a scenario (its first group's client settings and its broker's).
    void setScenario(const Scenario &scenario);
    //! The text typed for a setting (tests), by RocketMQ name.
    QWidget *editor(const QString &key) const;
    //! The client settings that differ from what the group runs now; empty when invalid.
    QVariantMap changedClientSettings(QString *error = nullptr) const;

signals:
    void clientSettingsRequested(const Rblab::ScenarioEvent &command);
    void brokerSettingsRequested(const QVariantMap &broker, Rblab::Profile profile);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Row
    {
        const SettingSpec *spec = nullptr;
        bool broker = false;
        QLabel *name = nullptr;
        QLabel *key = nullptr;
        QWidget *editor = nullptr;
        QLabel *unit = nullptr;
        qint64 current = 0;
    };
    void addRows(QGridLayout *grid, const QList<SettingSpec> &specs, bool broker);
    void retranslate();
    void showValue(Row &row, qint64 value);
    std::optional<qint64> rowValue(const Row &row, QString *error) const;
    void validate();
    void applyClient();
    void applyBroker();

    QString m_group;
    QLabel *m_clientTitle = nullptr;
    QLabel *m_brokerTitle = nullptr;
    QLabel *m_profileLabel = nullptr;
    QComboBox *m_profile = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_applyClient = nullptr;
    QPushButton *m_applyBroker = nullptr;
    QList<Row> m_rows;
    Profile m_currentProfile = Profile::V5;
};

} // namespace Rblab
