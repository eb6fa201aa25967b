// SPDX-License-Identifier: Apache-2.0
// The strategy panel and its generated parameter form, on the real plugins.
#include <languagemanager.h>
#include <strategy/parameterform.h>
#include <strategy/strategypanel.h>

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
    void typedValuesSurviveALanguageSwitch();

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
        QCOMPARE(
            panel.form()->parameterCount(), int(m_registry.find(name)->metadata.parameters.size()));
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
    panel.setGroups({ QStringLiteral("demo_group") });
    panel.selectStrategy(QStringLiteral("CONSISTENT_HASH"));
    auto *edit
        = qobject_cast<QLineEdit *>(panel.form()->editor(QStringLiteral("virtualNodeCount")));
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
    panel.setGroups({ QStringLiteral("demo_group") });
    panel.selectStrategy(QStringLiteral("CONSISTENT_HASH"));
    auto *edit
        = qobject_cast<QLineEdit *>(panel.form()->editor(QStringLiteral("virtualNodeCount")));
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
    QCOMPARE(
        list.first().strategyParams.value(QStringLiteral("virtualNodeCount")).toLongLong(), 64);
}

void tst_StrategyPanel::rollingDeployMakesOneCommandPerConsumer()
{
    StrategyPanel panel(m_registry);
    panel.setGroups({ QStringLiteral("demo_group") });
    panel.selectStrategy(QStringLiteral("AVG_BY_CIRCLE"));
    QSignalSpy commands(&panel, &StrategyPanel::commandsRequested);
    QVERIFY(!panel.applyToSelection()); // nothing selected
    panel.setSelectedConsumers({ QStringLiteral("c1"), QStringLiteral("c2") });
    QVERIFY(panel.applyToSelection());
    const auto list = commands.first().first().value<QList<ScenarioEvent>>();
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.at(0).consumer, QStringLiteral("c1"));
    QCOMPARE(list.at(1).consumer, QStringLiteral("c2"));
}

void tst_StrategyPanel::typedValuesSurviveALanguageSwitch()
{
    // The form is rebuilt for the parameters' help in the new language; what the user typed
    // must not go with the old editors.
    LanguageManager languages;
    QVERIFY(languages.setLanguage(QStringLiteral("en")));
    StrategyPanel panel(m_registry);
    panel.setGroups({ QStringLiteral("demo_group") });
    panel.selectStrategy(QStringLiteral("CONSISTENT_HASH"));
    auto *edit
        = qobject_cast<QLineEdit *>(panel.form()->editor(QStringLiteral("virtualNodeCount")));
    QVERIFY(edit);
    const QString helpEn = edit->toolTip();
    QTest::keyClicks(edit, QStringLiteral("64"));

    QVERIFY(languages.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    edit = qobject_cast<QLineEdit *>(panel.form()->editor(QStringLiteral("virtualNodeCount")));
    QVERIFY(edit);
    QVERIFY2(edit->toolTip() != helpEn && edit->toolTip().contains(QStringLiteral("虚拟节点")),
        qPrintable(edit->toolTip()));
    QCOMPARE(edit->text(), QStringLiteral("64"));
    QCOMPARE(panel.selectedStrategy(), QStringLiteral("CONSISTENT_HASH"));

    // An invalid value stays too, refused as before.
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("-1"));
    QVERIFY(languages.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    edit = qobject_cast<QLineEdit *>(panel.form()->editor(QStringLiteral("virtualNodeCount")));
    QCOMPARE(edit->text(), QStringLiteral("-1"));
    QVERIFY(!panel.form()->isValid());
    QVERIFY(!panel.applyToGroup());

    // Another strategy starts from its own defaults.
    panel.selectStrategy(QStringLiteral("AVG"));
    panel.selectStrategy(QStringLiteral("CONSISTENT_HASH"));
    edit = qobject_cast<QLineEdit *>(panel.form()->editor(QStringLiteral("virtualNodeCount")));
    QCOMPARE(edit->text(), QString());
}

QTEST_MAIN(tst_StrategyPanel)
#include "tst_strategypanel.moc"
