// SPDX-License-Identifier: Apache-2.0
// The strategy workbench in the real window on the real engine: Save checks, loads and deploys a
// JavaScript strategy (to the group, or as a rolling deploy); errors are marked at their line;
// a rebuilt native plugin is loaded from a private copy and offered, the old build running
// until it is deployed. With RBLAB_WORKBENCH_SCREENSHOTS=<folder> it also writes the window
// with the workbench in English and zh_CN (docs/screenshots/workbench-*.png).
#include <strategy/codeeditor.h>
#include <languagemanager.h>
#include <mainwindow.h>
#include <strategy/parameterform.h>
#include <simulation/simulationcontroller.h>
#include <strategy/strategypanel.h>
#include <strategy/strategyworkbench.h>

#include <allocation/strategyregistry.h>

#include <QComboBox>
#include <QDockWidget>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;

class tst_StrategyWorkbench : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void templatesAreBuiltIn();
    void saveChecksLoadsAndDeploysToTheGroup();
    void reloadedParametersRebuildTheForm();
    void rollingDeployToTheSelection();
    void errorsAreMarkedAtTheirLine_data();
    void errorsAreMarkedAtTheirLine();
    void rebuiltNativePluginIsOfferedThenDeployed();
    void screenshots();

private:
    QStringList strategiesOfConsumers() const;
    bool waitForStrategy(const QString &name, int consumers);

    StrategyRegistry m_registry;
    LanguageManager m_languages;
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    StrategyWorkbench *m_workbench = nullptr;
};

void tst_StrategyWorkbench::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("rebalance-lab-tests"));
    qputenv("RBLAB_JS_TIMEOUT_MS", "300");
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("AVG")));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
    QVERIFY(m_dir.isValid());
}

void tst_StrategyWorkbench::init()
{
    m_window = std::make_unique<MainWindow>(m_registry, m_languages);
    m_window->setQuiet(true);
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY2(m_window->openScenario(MainWindow::defaultScenarioPath()),
        qPrintable(m_window->lastError()));
    m_window->controller()->runTo(30 * kSecond);
    m_workbench = m_window->findChild<StrategyWorkbench *>();
    QVERIFY(m_workbench);
    auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("WorkbenchDock"));
    QVERIFY(dock);
    dock->raise();
}

void tst_StrategyWorkbench::cleanup()
{
    m_window.reset();
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

QStringList tst_StrategyWorkbench::strategiesOfConsumers() const
{
    QStringList names;
    for (const SnapshotConsumer &c : m_window->controller()->snapshot().consumers) {
        if (c.state == ConsumerState::Running) {
            names.append(c.strategy);
        }
    }
    return names;
}

bool tst_StrategyWorkbench::waitForStrategy(const QString &name, int consumers)
{
    SimulationController *controller = m_window->controller();
    return QTest::qWaitFor(
        [&] {
            controller->runTo(controller->now() + kSecond);
            return strategiesOfConsumers().count(name) == consumers;
        },
        5000);
}

void tst_StrategyWorkbench::templatesAreBuiltIn()
{
    QCOMPARE(StrategyWorkbench::templateFiles(),
        (QStringList { QStringLiteral("avg.js"), QStringLiteral("avgbycircle.js"),
            QStringLiteral("brokerspread.js") }));
    m_workbench->loadTemplate(QStringLiteral("avgbycircle.js"));
    QVERIFY(m_workbench->editor()->toPlainText().contains(QLatin1String("AVG_BY_CIRCLE_JS")));
    QVERIFY(m_workbench->filePath().isEmpty());
}

void tst_StrategyWorkbench::saveChecksLoadsAndDeploysToTheGroup()
{
    const int running = int(strategiesOfConsumers().size());
    QVERIFY(running >= 2);
    m_workbench->loadTemplate(QStringLiteral("avg.js"));
    m_workbench->setFilePath(m_dir.filePath(QStringLiteral("avg.js")));
    QVERIFY2(m_workbench->save(), qPrintable(m_workbench->message()));
    QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("avg.js"))));
    QVERIFY(m_registry.find(QStringLiteral("AVG_JS")));
    QVERIFY2(waitForStrategy(QStringLiteral("AVG_JS"), running),
        qPrintable(strategiesOfConsumers().join(QLatin1Char(','))));
    QVERIFY(m_workbench->message().contains(QLatin1String("Deployed to the group")));
}

void tst_StrategyWorkbench::reloadedParametersRebuildTheForm()
{
    // A save that keeps the strategy's name but declares another parameter: the strategy panel's
    // form shows the new schema (it used to keep the old rows, whose specs the reload freed).
    auto *form = m_window->findChild<ParameterForm *>();
    QVERIFY(form);
    m_workbench->loadTemplate(QStringLiteral("brokerspread.js"));
    m_workbench->setFilePath(m_dir.filePath(QStringLiteral("brokerspread.js")));
    QVERIFY2(m_workbench->save(), qPrintable(m_workbench->message()));
    auto *panel = m_window->findChild<StrategyPanel *>();
    QVERIFY(panel);
    panel->selectStrategy(QStringLiteral("BROKER_SPREAD_JS"));
    QCOMPARE(form->findChildren<QComboBox *>().size(), 1); // deal
    QCOMPARE(form->findChildren<QLineEdit *>().size(), 0);
    QString text = m_workbench->editor()->toPlainText();
    const QString extra = QStringLiteral(
        "        },\n        {\n            name: \"spare\",\n            type: \"int\",\n"
        "            default: 0,\n            min: 0,\n            max: 9,\n"
        "            description: \"unused\"\n        }\n    ]");
    const qsizetype end = text.indexOf(QLatin1String("        }\n    ]"));
    QVERIFY(end > 0);
    text.replace(end, QStringLiteral("        }\n    ]").size(), extra);
    m_workbench->editor()->setPlainText(text);
    QVERIFY2(m_workbench->save(), qPrintable(m_workbench->message()));
    QCOMPARE(form->findChildren<QComboBox *>().size(), 1);
    QCOMPARE(form->findChildren<QLineEdit *>().size(), 1); // spare
    QVERIFY(form->isValid());
}

void tst_StrategyWorkbench::rollingDeployToTheSelection()
{
    // The strategy panel's selection is what "the selected consumers" means.
    auto *panel = m_window->findChild<StrategyPanel *>();
    QVERIFY(panel);
    const QStringList before = strategiesOfConsumers();
    QVERIFY(before.size() >= 2);
    const QString first
        = m_window->controller()->catalog()->consumers.first().name; // a running consumer's handle
    panel->setSelectedConsumers({ first });
    m_workbench->loadTemplate(QStringLiteral("avgbycircle.js"));
    m_workbench->setFilePath(m_dir.filePath(QStringLiteral("avgbycircle.js")));
    const QList<QComboBox *> boxes = m_workbench->findChildren<QComboBox *>();
    boxes.last()->setCurrentIndex(1); // the selected consumers
    QVERIFY2(m_workbench->save(), qPrintable(m_workbench->message()));
    QVERIFY2(waitForStrategy(QStringLiteral("AVG_BY_CIRCLE_JS"), 1),
        qPrintable(strategiesOfConsumers().join(QLatin1Char(','))));
    QCOMPARE(strategiesOfConsumers().size(), before.size());
}

void tst_StrategyWorkbench::errorsAreMarkedAtTheirLine_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    const QString head = QStringLiteral(
        "var strategy = { Name: \"MARKED_JS\", Version: \"1\", ApiVersion: \"1.1\" };\n");
    QTest::newRow("syntax error") << head
            + QStringLiteral("function allocate() {\n  return 1 +;\n}\n")
                                  << 3 << "SyntaxError";
    QTest::newRow("throws") << head
            + QStringLiteral("function allocate(g, cid, mqAll, cidAll) {\n"
                             "  var x;\n"
                             "  return x.length;\n"
                             "}\n")
                            << 4 << "TypeError";
    QTest::newRow("loops") << head
            + QStringLiteral("function allocate(g, cid, mqAll, cidAll) {\n"
                             "  for (;;) {}\n"
                             "}\n")
                           << 3 << "time limit of 300 ms"; // the loop's line (issue 37 item 8)
    QTest::newRow("foreign queues") << head
            + QStringLiteral("function allocate(g, cid, mqAll, cidAll) {\n"
                             "  return [{ topic: 'x', brokerName: 'y', queueId: 0 }];\n"
                             "}\n") << 0
                                    << "returns only queues it was given";
}

void tst_StrategyWorkbench::errorsAreMarkedAtTheirLine()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(QString, message);
    m_workbench->setFilePath(m_dir.filePath(QStringLiteral("marked.js")));
    m_workbench->editor()->setPlainText(text);
    QVERIFY(!m_workbench->save());
    QVERIFY2(m_workbench->message().startsWith(QLatin1String("Saved, not loaded: ")),
        qPrintable(m_workbench->message()));
    QVERIFY2(m_workbench->message().contains(message), qPrintable(m_workbench->message()));
    QCOMPARE(m_workbench->editor()->errorLine(), line);
    // Nothing of it went into service.
    QVERIFY(!m_registry.find(QStringLiteral("MARKED_JS")));
}

void tst_StrategyWorkbench::rebuiltNativePluginIsOfferedThenDeployed()
{
    // A plugin folder of its own, watched: a changed library is loaded from a private copy.
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString source = QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/good/libfixture_good.so");
    const QString plugin = folder.filePath(QStringLiteral("libfixture_good.so"));
    QVERIFY(QFile::copy(source, plugin));
    m_registry.loadFrom(folder.path());
    const PluginRecord *running = nullptr;
    for (const PluginRecord &r : m_registry.records()) {
        if (r.file == plugin) {
            running = &r;
        }
    }
    QVERIFY(running && running->loaded());
    const QString name = running->metadata.name;
    AllocationStrategyFactory *oldFactory = running->factory;
    m_workbench->watchPluginFolders({ folder.path() });

    // A new build: the watcher compares modification times, so the copy is stamped later than
    // the first one instead of waiting for the clock to tick past it.
    const QDateTime firstBuilt = QFileInfo(plugin).lastModified();
    QVERIFY(QFile::remove(plugin));
    QVERIFY(QFile::copy(source, plugin));
    {
        QFile rebuilt(plugin);
        QVERIFY(rebuilt.open(QIODevice::ReadWrite));
        QVERIFY(rebuilt.setFileTime(firstBuilt.addSecs(2), QFileDevice::FileModificationTime));
    }
    QVERIFY2(QTest::qWaitFor([&] { return m_workbench->offeredBuilds().contains(name); }, 5000),
        qPrintable(m_workbench->message()));
    // Offered, not yet in service: the old build keeps making the strategies.
    QCOMPARE(m_registry.find(name)->factory, oldFactory);
    QVERIFY(m_workbench->deployNewBuild(name) || !m_workbench->message().isEmpty());
    QVERIFY(m_registry.find(name)->factory != oldFactory);
    QCOMPARE(m_registry.find(name)->file, plugin);
    QVERIFY(!m_workbench->offeredBuilds().contains(name));
}

void tst_StrategyWorkbench::screenshots()
{
    const QString out = qEnvironmentVariable("RBLAB_WORKBENCH_SCREENSHOTS");
    if (out.isEmpty()) {
        QSKIP("set RBLAB_WORKBENCH_SCREENSHOTS to a folder to write the screenshots");
    }
    m_workbench->loadTemplate(QStringLiteral("brokerspread.js"));
    m_workbench->setFilePath(m_dir.filePath(QStringLiteral("brokerspread.js")));
    QVERIFY2(m_workbench->save(), qPrintable(m_workbench->message()));
    m_window->controller()->runTo(m_window->controller()->now() + 20 * kSecond);
    const QString good = m_workbench->editor()->toPlainText();
    for (const QString &language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        QVERIFY(m_languages.setLanguage(language));
        // An edit with a mistake, saved in this language: the message and the marker.
        QString text = good;
        text.replace(QStringLiteral("var n = queues.length;"),
            QStringLiteral("var n = queues.count;\n    n.toFixed();"));
        m_workbench->editor()->setPlainText(text);
        QVERIFY(!m_workbench->save());
        QVERIFY(m_workbench->editor()->errorLine() > 0);
        QTest::qWait(200);
        QVERIFY(m_window->grab().save(QStringLiteral("%1/workbench-%2.png").arg(out, language)));
    }
}

QTEST_MAIN(tst_StrategyWorkbench)
#include "tst_strategyworkbench.moc"
