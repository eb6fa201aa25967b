// SPDX-License-Identifier: Apache-2.0
// Choose a strategy, set its parameters, deploy it to the group or to chosen consumers.
#pragma once

#include <scenario/scenario.h>

#include <QHash>
#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;

namespace Rblab {

class ParameterForm;
class StrategyRegistry;

/*!
    Lists every loaded strategy with its description (in the interface language when the plugin
    provides one), generates the parameter form from the plugin's schema, and turns "Apply" into
    setStrategy commands: one for the whole group, or one per selected consumer (a rolling
    deploy, which is how mixed groups and their double-owned queues happen in production).
    Invalid parameters are refused with the engine's own message.
*/
class StrategyPanel : public QWidget
{
    Q_OBJECT

public:
    explicit StrategyPanel(const StrategyRegistry &registry, QWidget *parent = nullptr);

    void setGroups(const QStringList &groups);
    //! What each group's live consumers run now (group → distinct strategy names, sorted); the
    //! panel shows the entry of the group chosen in its group box.
    void setRunningStrategies(const QHash<QString, QStringList> &byGroup);
    //! The "Now running" line as shown.
    QString runningText() const;
    //! Consumers (by handle) that "Apply to selected" deploys to.
    void setSelectedConsumers(const QStringList &consumers);
    void setLocaleName(const QString &localeName);
    void selectStrategy(const QString &name);
    //! Lists the registry's strategies again (a strategy file saved, a plugin rebuilt), keeping
    //! the selection, and rebuilds the form from the schema now in service.
    void reloadStrategies();
    QString selectedStrategy() const;
    ParameterForm *form() const { return m_form; }
    QString message() const;

    //! Both return false (and show why) when the parameters are invalid.
    bool applyToGroup();
    bool applyToSelection();

signals:
    void commandsRequested(const QList<Rblab::ScenarioEvent> &commands);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void showRunning();
    void updateDescription();
    void validate();
    bool apply(const QStringList &consumers);

    const StrategyRegistry &m_registry;
    QString m_localeName;
    QStringList m_selected;
    QStringList m_groups;
    QHash<QString, QStringList> m_running;
    QLabel *m_currentLabel = nullptr;
    QLabel *m_groupLabel = nullptr;
    QComboBox *m_group = nullptr;
    QListWidget *m_list = nullptr;
    QLabel *m_description = nullptr;
    QLabel *m_parametersTitle = nullptr;
    ParameterForm *m_form = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_applyGroup = nullptr;
    QPushButton *m_applySelected = nullptr;
};

} // namespace Rblab
