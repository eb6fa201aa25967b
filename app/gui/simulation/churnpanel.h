// SPDX-License-Identifier: Apache-2.0
// Random churn and production, by hand.
#pragma once

#include <scenario/scenario.h>

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace Rblab {

/*!
    Turns the engine's random churn on and off and sets how often it strikes (the scenario's
    churn spec is the template: its weights and bounds stay), and changes a topic's produce rate
    (a setProduceRate command). A change of the churn is asked for with churnChanged, which the
    window sends as a setChurn command at the current time, so a saved session replays it; the
    panel then follows what the run reports (setLiveChurn), scripted changes included. Adding a
   consumer is the "Add consumer" action's job; the panel shows its button so everything that
   changes the world by hand sits together.
*/
class ChurnPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ChurnPanel(QWidget *parent = nullptr);

    void setScenario(const Scenario &scenario);
    void setAddConsumerAction(QAction *action);
    bool isChurnOn() const;
    void setChurnOn(bool on);
    //! The churn as the panel's fields set it (nullopt when off).
    std::optional<ChurnSpec> churn() const;
    //! The churn the run has now: shown, unless it is what the panel already shows.
    void setLiveChurn(const std::optional<ChurnSpec> &churn);

signals:
    void churnChanged(const std::optional<Rblab::ChurnSpec> &churn);
    void commandRequested(const Rblab::ScenarioEvent &command);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void emitChurn();
    void showChurn(bool on);
    void applyProduceRate();

    ChurnSpec m_template;
    std::optional<ChurnSpec> m_live; //!< what the run last reported
    std::optional<ChurnSpec> m_requested; //!< what the panel last asked for
    QGroupBox *m_churnBox = nullptr;
    QCheckBox *m_churnOn = nullptr;
    QLabel *m_intervalLabel = nullptr;
    QDoubleSpinBox *m_interval = nullptr;
    QLabel *m_boundsLabel = nullptr;
    QSpinBox *m_min = nullptr;
    QSpinBox *m_max = nullptr;
    QLabel *m_weights = nullptr;
    QLabel *m_recorded = nullptr;
    QGroupBox *m_produceBox = nullptr;
    QComboBox *m_topic = nullptr;
    QSpinBox *m_rate = nullptr;
    QPushButton *m_applyRate = nullptr;
    QGroupBox *m_consumersBox = nullptr;
    QPushButton *m_add = nullptr;
    QList<TopicSpec> m_topics;
};

} // namespace Rblab
