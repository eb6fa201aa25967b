// SPDX-License-Identifier: Apache-2.0
// Simulation › Run on a real RocketMQ…: the set-up dialog and the run's progress (issue 35).
#pragma once

#include <realrunplan.h>
#include <rocketmqhome.h>

#include <QDialog>
#include <QElapsedTimer>

#include <atomic>
#include <functional>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QThread;
class QTimer;

namespace Rblab {

/*!
    Where to run and what would be refused: the RocketMQ folder (ROCKETMQ_HOME or the last one
    used, QSettings "realRun/rocketmq"), a new output folder, and the plan of the current
    scenario (RealRunPlan::make, its refusals with the scenario file's lines). Start is enabled
    only for a plan without refusals, a RocketMQ folder RocketMqHome::find accepts and an empty
    or new output folder.
*/
class RealRunDialog : public QDialog
{
    Q_OBJECT

public:
    /*!
        `file` is the scenario's file (its lines name the refused events; empty when it has
        none) and `fileText` its content.
    */
    RealRunDialog(const Scenario &scenario, const QString &file, const QByteArray &fileText,
        QWidget *parent = nullptr);

    void setRocketMqFolder(const QString &dir);
    void setOutputFolder(const QString &dir);
    QString outputFolder() const;
    const RealRunPlan &plan() const { return m_plan; }
    const RocketMqHome &home() const { return m_home; }
    //! The refusals as the dialog lists them ("file:line: events[0] (…): why").
    QStringList refusalLines() const;
    QPushButton *startButton() const { return m_start; }
    //! What keeps Start disabled, in the language in use (empty when it may start).
    QString blocker() const { return m_blocker; }

    //! The RocketMQ folder to propose: the last one used, else ROCKETMQ_HOME.
    static QString defaultRocketMqFolder();

protected:
    void changeEvent(QEvent *event) override;

private:
    void update();
    void retranslate();

    Scenario m_scenario;
    QString m_file;
    QList<int> m_eventLines;
    QMap<QString, int> m_groupLines;
    RealRunPlan m_plan;
    RocketMqHome m_home;
    QString m_homeError;
    QString m_homeChecked;
    QString m_blocker;
    QLabel *m_intro = nullptr;
    QLabel *m_rocketmqLabel = nullptr;
    QLineEdit *m_rocketmq = nullptr;
    QPushButton *m_rocketmqBrowse = nullptr;
    QLabel *m_rocketmqState = nullptr;
    QLabel *m_outLabel = nullptr;
    QLineEdit *m_out = nullptr;
    QPushButton *m_outBrowse = nullptr;
    QLabel *m_planLabel = nullptr;
    QPlainTextEdit *m_planText = nullptr;
    QLabel *m_state = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_cancel = nullptr;
};

/*!
    A run on a real cluster in progress: `run` (RealRunner::run, blocking) on a worker thread,
    its progress lines as they come (post(), from any thread), the time since the start of
    `totalMs`, and Stop, which calls `stop` (RealRunner::requestStop) and waits for the run to
    stop what it started. Closing the dialog stops the run the same way: it closes only once
    `run` has returned, so no JVM is left running.
*/
class RealRunProgressDialog : public QDialog
{
    Q_OBJECT

public:
    explicit RealRunProgressDialog(qint64 totalMs, QWidget *parent = nullptr);
    ~RealRunProgressDialog() override;

    /*!
        Runs `run` on a worker thread and shows the dialog until it returns; its result.
        `stop` is called (on the GUI thread) by Stop and by closing the dialog.
    */
    bool runModal(std::function<bool()> run, std::function<void()> stop);
    //! Appends a progress line; from any thread.
    void post(const QString &line);
    QPushButton *stopButton() const { return m_stopButton; }
    QString text() const;
    bool stopRequested() const { return m_stopRequested; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void reject() override;

private:
    void requestStop();
    void tick();

    qint64 m_totalMs = 0;
    QElapsedTimer m_elapsed;
    QLabel *m_time = nullptr;
    QPlainTextEdit *m_lines = nullptr;
    QPushButton *m_stopButton = nullptr;
    QTimer *m_timer = nullptr;
    QThread *m_thread = nullptr;
    std::function<void()> m_stop;
    std::atomic_bool m_result { false };
    bool m_stopRequested = false;
    bool m_running = false;
};

} // namespace Rblab
