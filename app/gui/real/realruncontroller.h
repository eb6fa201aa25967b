// SPDX-License-Identifier: Apache-2.0
// File › Open a real run… and Simulation › Run on a real RocketMQ… (issue 35).
#pragma once

#include "real/realfigurestable.h"

#include <import/logimporter.h>
#include <scenario/scenario.h>

#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QWidget;

namespace Rblab {

class CompareWindow;
class ObservedWorld;
class StrategyRegistry;

/*!
    A real run (the folder `rblab real-run` writes) in the app. open(): its scenario.json,
    real-run.json (origin, RocketMQ version) and the consumers' rocketmq_client.log files, which
    the import path reads into an observed world (the window shows it, as File › Import client
    logs does); then compare mode with the real run beside the engine playing the run's scenario
    (profile 4.9 for a 4.x RocketMQ, else 5.x, as `rblab compare --real`), on one clock from the
    run's origin, and the "Real vs engine" figures tab (RealFiguresTable) computed off the GUI
    thread. runOnReal(): RealRunDialog, then RealRunner on a worker thread behind
    RealRunProgressDialog, and open() on the folder it wrote.
*/
class RealRunController : public QObject
{
    Q_OBJECT

public:
    //! What the window gives: the scenario now shown, and its file ("" when it has none).
    using CurrentScenario = std::function<std::pair<Scenario, QString>()>;
    /*!
        Reads the logs (a folder or files) and shows them in the window; the world, or null
        with `error`. The window's import path (ImportController::importFiles).
    */
    using ImportLogs = std::function<std::shared_ptr<const ObservedWorld>(
        const QStringList &files, const LogImporter::Options &options, QString *error)>;

    RealRunController(const StrategyRegistry &registry, QWidget *window, CurrentScenario current,
        ImportLogs importLogs);

    QAction *openAction() const { return m_open; }
    QAction *runAction() const { return m_run; }

    /*!
        Opens the real run in `dir`: the observed world in the window and the compare window
        (shown unless `show` is false: the caller owns it then). Null with lastError().
    */
    CompareWindow *open(const QString &dir, bool show = true);
    //! The figures tab of the last compare window open() made.
    RealFiguresTable *figuresTable() const { return m_table; }
    //! Asks for a run's folder, then open().
    void openFolder();
    //! Simulation › Run on a real RocketMQ….
    void runOnReal();

    void setQuiet(bool quiet) { m_quiet = quiet; }
    QString lastError() const { return m_lastError; }
    void retranslate();

    /*!
        The zone the run's clients printed their times in, in minutes east of UTC: their first
        timestamp ("2026-12-06 23:54:13,039") against the run's origin (epoch ms), rounded to a
        quarter of an hour (the clients start within seconds of the origin). nullopt when no
        line has a timestamp.
    */
    static std::optional<int> zoneOf(const QString &logFile, qint64 origin);

private:
    void fail(const QString &error);

    const StrategyRegistry &m_registry;
    QWidget *m_window;
    CurrentScenario m_current;
    ImportLogs m_importLogs;
    QAction *m_open = nullptr;
    QAction *m_run = nullptr;
    QPointer<RealFiguresTable> m_table;
    QString m_lastError;
    bool m_quiet = false;
};

} // namespace Rblab
