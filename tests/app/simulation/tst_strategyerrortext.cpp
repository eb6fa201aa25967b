// SPDX-License-Identifier: Apache-2.0
// Issue 37 item 7: a strategy's error is recorded in English (reports read the same in every
// language) and shown in the interface's language, in the event log too, before and after a
// language switch.
#include <allocation/strategyregistry.h>
#include <languagemanager.h>
#include <scenario/scenarioreader.h>
#include <simulation/eventlogmodel.h>
#include <simulation/simulationcontroller.h>
#include <simulation/strategyerrortext.h>

#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;

class tst_StrategyErrorText : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void translated_data();
    void translated();
    void eventLogFollowsTheLanguage();

private:
    StrategyRegistry m_registry;
    LanguageManager m_languages;
    QTemporaryDir m_dir;
};

void tst_StrategyErrorText::initTestCase()
{
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("AVG")));
    QVERIFY(m_dir.isValid());
}

void tst_StrategyErrorText::cleanupTestCase()
{
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

void tst_StrategyErrorText::translated_data()
{
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("chinese");
    QTest::newRow("interrupted, inside the plugin's frame")
        << "strategy LOOP_JS threw an exception: interrupted: the call ran longer than the time "
           "limit of 300 ms (/tmp/a b/loop.js:41)"
        << "策略 LOOP_JS 抛出异常：已中断：调用超过了 300 毫秒的时间上限（/tmp/a b/loop.js:41）";
    QTest::newRow("bad answer")
        << "strategy BAD_JS threw an exception: bad answer: allocate must return an array of "
           "queues, it returned 42 (/x/bad.js:2)"
        << "策略 BAD_JS 抛出异常：错误的返回值：allocate 必须返回队列数组，实际返回了 "
           "42（/x/bad.js:2）";
    QTest::newRow("a JavaScript error stays the engine's")
        << "strategy T_JS threw an exception: TypeError: Cannot read property 'q' of null (/x.js:4)"
        << "策略 T_JS 抛出异常：TypeError: Cannot read property 'q' of null (/x.js:4)";
    QTest::newRow("RocketMQ's empty list")
        << "IllegalArgumentException: mqAll is null or mqAll empty"
        << "IllegalArgumentException：mqAll 为 null 或为空";
    QTest::newRow("a foreign queue")
        << "AVG returned MessageQueue [topic=t, brokerName=b, queueId=9], which it was not given"
        << "AVG 返回了 MessageQueue [topic=t, brokerName=b, queueId=9]，但它并未得到这个队列";
    QTest::newRow("a name with a placeholder is a name")
        << "strategy %2_JS threw an exception: threw %1"
        << "策略 %2_JS 抛出异常：抛出了 %1";
    QTest::newRow("unknown text") << "something else entirely"
                                  << "something else entirely";
}

void tst_StrategyErrorText::translated()
{
    QFETCH(QString, english);
    QFETCH(QString, chinese);
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
    QCOMPARE(StrategyErrorText::translated(english), english);
    QVERIFY(m_languages.setLanguage(QStringLiteral("zh_CN")));
    QCOMPARE(StrategyErrorText::translated(english), chinese);
}

void tst_StrategyErrorText::eventLogFollowsTheLanguage()
{
    // Every group on a JavaScript strategy that answers a number: one error per consumer.
    QSaveFile script(m_dir.filePath(QStringLiteral("bad.js")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(
        "var strategy = { Name: \"BAD_ANSWER_JS\", Version: \"1\", ApiVersion: \"1.1\" };\n"
        "function allocate() { return 42; }\n");
    QVERIFY(script.commit());
    QVERIFY(m_registry.reloadScript(script.fileName()).loaded());
    // Made in Chinese: the record is English all the same.
    QVERIFY(m_languages.setLanguage(QStringLiteral("zh_CN")));
    ScenarioReadResult read = ScenarioReader::readFile(
        QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/default.json"), &m_registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    Scenario s = *read.scenario;
    for (GroupSpec &g : s.groups) {
        g.strategy = QStringLiteral("BAD_ANSWER_JS");
        for (auto &c : g.consumers) {
            c.strategy.reset();
        }
    }
    SimulationController controller(m_registry);
    controller.load(s);
    controller.runTo(30 * kSecond);
    int row = -1;
    for (qsizetype i = 0; i < controller.events().size() && row < 0; ++i) {
        if (controller.events().at(i).type == SimEvent::Type::StrategyError) {
            row = int(i);
        }
    }
    QVERIFY(row >= 0);
    const QString english = QStringLiteral("strategy BAD_ANSWER_JS threw an exception: bad answer: "
                                           "allocate must return an array of queues, it returned "
                                           "42 (%1:2)")
                                .arg(script.fileName());
    QCOMPARE(controller.events().at(row).detail, english);
    EventLogModel model(controller);
    model.reset();
    const QModelIndex detail = model.index(row, EventLogModel::DetailColumn);
    QCOMPARE(model.data(detail, Qt::DisplayRole).toString(),
        QStringLiteral("策略 BAD_ANSWER_JS 抛出异常：错误的返回值：allocate 必须返回队列数组，"
                       "实际返回了 42（%1:2）")
            .arg(script.fileName()));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
    QCOMPARE(model.data(detail, Qt::DisplayRole).toString(), english);
}

QTEST_MAIN(tst_StrategyErrorText)
#include "tst_strategyerrortext.moc"
