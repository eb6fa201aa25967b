// SPDX-License-Identifier: Apache-2.0
// The strategy panel and its generated parameter form, on the real plugins.
#include <parameterform.h>
#include <strategypanel.h>

#include <allocation/strategyregistry.h>

#include <QLineEdit>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

using namespace Rblab;

class tst_StrategyPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void listsEveryLoadedStrategy();
    void invalidParametersAreRefused_data();
    void invalidParametersAreRefused();
    void validParametersMakeCommands();
    void rollingDeployMakesOneCommandPerConsumer();

private:
    StrategyRegistry m_registry;
};

void tst_StrategyPanel::initTestCase()
{
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("CONSISTENT_HASH")));
}

void tst_StrategyPanel::listsEveryLoadedStrategy()
{
    StrategyPanel panel(m_registry);
    for (const QString &name : m_registry.strategyNames()) {
        panel.selectStrategy(name);
        QCOMPARE(panel.selectedStrategy(), name);
        QCOMPARE(panel.form()->parameterCount(), int(m_registry.find(name)->metadata.parameters.size()));
    }
}

void tst_StrategyPanel::invalidParametersAreRefused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("negative") << QStringLiteral("-1") << QStringLiteral("virtualNodeCount");
    QTest::newRow("too large") << QStringLiteral("10001") << QStringLiteral("10000");
    QTest::newRow("not a number") << QStringLiteral("ten") << QStringLiteral("number");
    QTest::newRow("fraction") << QStringLiteral("2.5") << QStringLiteral("virtualNodeCount");
}

void tst_StrategyPanel::invalidParametersAreRefused()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    StrategyPanel panel(m_registry);
    panel.setGroups({QStringLiteral("demo_group")});
    panel.selectStrategy(QStringLiteral("CONSISTENT_HASH"));
    auto *edit = qobject_cast<QLineEdit *>(panel.form()->editor(QStringLiteral("virtualNodeCount")));
    QVERIFY(edit);
    QSignalSpy commands(&panel, &StrategyPanel::commandsRequested);
    QTest::keyClicks(edit, text); // validated as it is typed
    QVERIFY(!panel.form()->isValid());
    QVERIFY2(panel.message().contains(expected), qPrintable(panel.message()));
    QVERIFY(!panel.applyToGroup());
    QCOMPARE(commands.count(), 0);
}

void tst_StrategyPanel::validParametersMakeCommands()
{
    StrategyPanel panel(m_registry);
    panel.setGroups({QStringLiteral("demo_group")});
    panel.selectStrategy(QStringLiteral("CONSISTENT_HASH"));
    auto *edit = qobject_cast<QLineEdit *>(panel.form()->editor(QStringLiteral("virtualNodeCount")));
    QTest::keyClicks(edit, QStringLiteral("64"));
    QVERIFY2(panel.form()->isValid(), qPrintable(panel.message()));
    QSignalSpy commands(&panel, &StrategyPanel::commandsRequested);
    QVERIFY(panel.applyToGroup());
    QCOMPARE(commands.count(), 1);
    const auto list = commands.first().first().value<QList<ScenarioEvent>>();
    QCOMPARE(list.size(), 1);
    QCOMPARE(list.first().action, ScenarioEvent::Action::SetStrategy);
    QCOMPARE(list.first().group, QStringLiteral("demo_group"));
    QVERIFY(list.first().consumer.isEmpty());
    QCOMPARE(list.first().strategy, QStringLiteral("CONSISTENT_HASH"));
    QCOMPARE(list.first().strategyParams.value(QStringLiteral("virtualNodeCount")).toLongLong(), 64);
}

void tst_StrategyPanel::rollingDeployMakesOneCommandPerConsumer()
{
    StrategyPanel panel(m_registry);
    panel.setGroups({QStringLiteral("demo_group")});
    panel.selectStrategy(QStringLiteral("AVG_BY_CIRCLE"));
    QSignalSpy commands(&panel, &StrategyPanel::commandsRequested);
    QVERIFY(!panel.applyToSelection()); // nothing selected
    panel.setSelectedConsumers({QStringLiteral("c1"), QStringLiteral("c2")});
    QVERIFY(panel.applyToSelection());
    const auto list = commands.first().first().value<QList<ScenarioEvent>>();
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.at(0).consumer, QStringLiteral("c1"));
    QCOMPARE(list.at(1).consumer, QStringLiteral("c2"));
}

QTEST_MAIN(tst_StrategyPanel)
#include "tst_strategypanel.moc"
