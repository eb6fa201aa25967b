// SPDX-License-Identifier: Apache-2.0
// `rblab check-strategy` as a separate process: the seven built-in strategies conform, and each
// fixture that breaks a rule fails it with the right counterexample and exit code 1.
#include "rblabprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class tst_RblabCheckStrategy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void builtinsConform_data();
    void builtinsConform();
    void brokenRules_data();
    void brokenRules();
    void pluginFile();
    void rulesThatSawNoAnswerAreNotPassed();
    void failedTimingsAreNamed();
    void crashesAndHangsAreNamed();
    void usageErrors();

private:
    RblabProcess::Result run(const QStringList &arguments) const;
    std::unique_ptr<QTemporaryDir> m_home;
};

namespace {
const QString kRuleBreaking = QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/rulebreaking");

QJsonObject rule(const QJsonObject &root, const QString &prefix)
{
    for (const QJsonValue &r : root.value(QStringLiteral("rules")).toArray()) {
        if (r.toObject().value(QStringLiteral("rule")).toString().startsWith(prefix)) {
            return r.toObject();
        }
    }
    return {};
}
} // namespace

void tst_RblabCheckStrategy::initTestCase()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
}

RblabProcess::Result tst_RblabCheckStrategy::run(const QStringList &arguments) const
{
    return RblabProcess(m_home->path())
        .run(QStringList { QStringLiteral("check-strategy") } + arguments, QByteArray(), 120000);
}

void tst_RblabCheckStrategy::builtinsConform_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<bool>("partitions");
    QTest::newRow("AVG") << "AVG" << true;
    QTest::newRow("AVG_BY_CIRCLE") << "AVG_BY_CIRCLE" << true;
    QTest::newRow("CONSISTENT_HASH") << "CONSISTENT_HASH" << true;
    QTest::newRow("MACHINE_ROOM_NEARBY") << "MACHINE_ROOM_NEARBY" << true;
    QTest::newRow("BOUNDED_RENDEZVOUS") << "BOUNDED_RENDEZVOUS" << true;
    // CONFIG hands out its configured list whoever asks; MACHINE_ROOM only serves the consumers
    // of its rooms: neither partitions arbitrary queues, which is a property, not a rule.
    QTest::newRow("CONFIG") << "CONFIG" << false;
    QTest::newRow("MACHINE_ROOM") << "MACHINE_ROOM" << false;
}

void tst_RblabCheckStrategy::builtinsConform()
{
    QFETCH(QString, strategy);
    QFETCH(bool, partitions);
    const RblabProcess::Result r
        = run({ strategy, QStringLiteral("--quick"), QStringLiteral("--json") });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QJsonObject root = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(root.value(QStringLiteral("strategy")).toString(), strategy);
    QVERIFY(root.value(QStringLiteral("conforms")).toBool());
    QCOMPARE(rule(root, QStringLiteral("consumers with the same view"))
                 .value(QStringLiteral("passed"))
                 .toBool(),
        partitions);
    QCOMPARE(root.value(QStringLiteral("msPerCall")).toObject().size(), 2);
}

void tst_RblabCheckStrategy::brokenRules_data()
{
    QTest::addColumn<QString>("behaviour");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("counterexample");
    QTest::newRow("foreign queue") << "foreignQueue" << 1 << "returns only queues"
                                   << "SomeOtherTopic, brokerName=broker-x, queueId=7], which is "
                                      "not in mqAll";
    QTest::newRow("nondeterministic") << "nondeterministic" << 1 << "deterministic"
                                      << "from the same object";
    QTest::newRow("throws") << "throwOnNonAscii" << 1 << "answers RocketMQ's edge inputs"
                            << "non-ASCII topic, broker and client names: threw cannot handle "
                               "this client id";
    QTest::newRow("always an error")
        << "alwaysError" << 1 << "answers RocketMQ's edge inputs"
        << "none of the 9 inputs that RocketMQ's strategies allocate for was answered; the "
           "first: one queue, one consumer: IllegalStateException: not configured";
    QTest::newRow("overlap (a property)") << "overlap" << 0 << "consumers with the same view"
                                          << "is held by";
}

void tst_RblabCheckStrategy::brokenRules()
{
    QFETCH(QString, behaviour);
    QFETCH(int, exitCode);
    QFETCH(QString, rule);
    QFETCH(QString, counterexample);
    const RblabProcess::Result r
        = run({ QStringLiteral("FIXTURE_RULE_BREAKING"), QStringLiteral("--param"),
            QStringLiteral("behaviour=") + behaviour, QStringLiteral("--plugin-dir"), kRuleBreaking,
            QStringLiteral("--quick"), QStringLiteral("--json") });
    QVERIFY2(r.finished && r.exitCode == exitCode, qPrintable(r.describe()));
    const QJsonObject verdict = ::rule(QJsonDocument::fromJson(r.out).object(), rule);
    QVERIFY2(!verdict.isEmpty(), qPrintable(rule));
    QVERIFY(!verdict.value(QStringLiteral("passed")).toBool());
    QVERIFY2(verdict.value(QStringLiteral("counterexample")).toString().contains(counterexample),
        qPrintable(verdict.value(QStringLiteral("counterexample")).toString()));
}

void tst_RblabCheckStrategy::pluginFile()
{
    // A plugin file outside every plugin folder, as an author checks a fresh build.
    const QString file = kRuleBreaking + QStringLiteral("/libfixture_rulebreaking.so");
    const RblabProcess::Result r = run({ file, QStringLiteral("--quick") });
    QVERIFY2(r.finished && r.exitCode == 1, qPrintable(r.describe()));
    QVERIFY2(r.out.contains("check-strategy FIXTURE_RULE_BREAKING"), r.out.constData());
    QVERIFY2(r.out.contains("FAIL  returns only queues it was given"), r.out.constData());
    QVERIFY(r.out.contains("Verdict: breaks a hard rule"));
}

void tst_RblabCheckStrategy::rulesThatSawNoAnswerAreNotPassed()
{
    // A strategy that answers nothing used to read "PASS … (0 calls)" for the rules about
    // answers, and get figures scored from its empty answers.
    const QStringList args { QStringLiteral("FIXTURE_RULE_BREAKING"), QStringLiteral("--param"),
        QStringLiteral("behaviour=alwaysError"), QStringLiteral("--plugin-dir"), kRuleBreaking,
        QStringLiteral("--quick") };
    RblabProcess::Result r = run(args);
    QVERIFY2(r.finished && r.exitCode == 1, qPrintable(r.describe()));
    QVERIFY2(r.out.contains("  ----  returns only queues it was given, each once (not checked: "
                            "no call returned an answer)"),
        r.out.constData());
    QVERIFY2(!r.out.contains("(0 calls)"), r.out.constData());
    QVERIFY2(r.out.contains("  ?     a consumer not in the list gets nothing (not checked"),
        r.out.constData());
    QVERIFY2(r.out.contains("  not scored: the generated traces stopped at an error: "
                            "IllegalStateException: not configured"),
        r.out.constData());
    QVERIFY2(!r.out.contains("idle consumers"), r.out.constData());
    QVERIFY(r.out.contains("Verdict: breaks a hard rule"));
    r = run(args + QStringList { QStringLiteral("--json") });
    const QJsonObject root = QJsonDocument::fromJson(r.out).object();
    const QJsonObject given = rule(root, QStringLiteral("returns only queues"));
    QCOMPARE(given.value(QStringLiteral("calls")).toInt(), 0);
    QCOMPARE(given.value(QStringLiteral("checked")).toBool(true), false);
    QCOMPARE(rule(root, QStringLiteral("answers RocketMQ's edge inputs"))
                 .value(QStringLiteral("checked"))
                 .toBool(),
        true);
    QCOMPARE(root.value(QStringLiteral("conforms")).toBool(true), false);
}

void tst_RblabCheckStrategy::failedTimingsAreNamed()
{
    // A strategy that conforms on the checked inputs but refuses a call of the timing (it asks
    // for every consumer of the group) gets no time per call: "not timed" with the refusal, and
    // null in JSON, not a figure measured on error answers.
    const QStringList args { QStringLiteral("FIXTURE_RULE_BREAKING"), QStringLiteral("--param"),
        QStringLiteral("behaviour=refuseSecondOfMany"), QStringLiteral("--plugin-dir"),
        kRuleBreaking, QStringLiteral("--quick") };
    RblabProcess::Result r = run(args);
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    QVERIFY2(r.out.contains("  time per call at 1,000 queues × 100 consumers: not timed, the "
                            "call failed: IndexOutOfBoundsException: Index 1 out of bounds\n"),
        r.out.constData());
    QVERIFY2(r.out.contains("  time per call at 10,000 queues × 1,000 consumers: not timed, the "
                            "call failed: IndexOutOfBoundsException: Index 1 out of bounds\n"),
        r.out.constData());
    QVERIFY2(!r.out.contains(" ms\n"), r.out.constData());
    QVERIFY(r.out.contains("Verdict: conforms to the hard rules"));
    r = run(args + QStringList { QStringLiteral("--json") });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QJsonObject timing
        = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("msPerCall")).toObject();
    QCOMPARE(timing.keys(),
        QStringList({ QStringLiteral("1,000 queues × 100 consumers"),
            QStringLiteral("10,000 queues × 1,000 consumers") }));
    for (const QJsonValue &ms : timing) {
        QVERIFY(ms.isNull());
    }
}

void tst_RblabCheckStrategy::crashesAndHangsAreNamed()
{
    // A call that never returns is ended by --call-timeout, naming the strategy and the case.
    RblabProcess::Result r = run({ QStringLiteral("FIXTURE_RULE_BREAKING"),
        QStringLiteral("--param"), QStringLiteral("behaviour=loopOnNonAscii"),
        QStringLiteral("--plugin-dir"), kRuleBreaking, QStringLiteral("--call-timeout"),
        QStringLiteral("500"), QStringLiteral("--quick") });
    QVERIFY2(r.finished && r.exitCode == 3, qPrintable(r.describe()));
    QVERIFY2(r.err.contains("longer than --call-timeout 500 ms while running strategy "
                            "FIXTURE_RULE_BREAKING")
            && r.err.contains("case: non-ASCII topic, broker and client names"),
        r.err.constData());
    // A plugin whose factory crashes the process is named too (the fixture of tst_rblabio).
    r = run({ QStringLiteral("FIXTURE_MISBEHAVING"), QStringLiteral("--param"),
        QStringLiteral("action=segv"), QStringLiteral("--plugin-dir"),
        QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/misbehaving"), QStringLiteral("--quick") });
    QVERIFY2(r.finished && r.exitCode != 0, qPrintable(r.describe()));
    QVERIFY2(r.err.contains("SIGSEGV while running strategy FIXTURE_MISBEHAVING")
            && r.err.contains("making the strategy"),
        r.err.constData());
}

void tst_RblabCheckStrategy::usageErrors()
{
    RblabProcess::Result r = run({});
    QCOMPARE(r.exitCode, 2);
    r = run({ QStringLiteral("NOPE") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("no strategy \"NOPE\""), r.err.constData());
    r = run({ QStringLiteral("/nonexistent/libx.so") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("no such file"), r.err.constData());
    r = run({ QStringLiteral("CONSISTENT_HASH"), QStringLiteral("--param"),
        QStringLiteral("virtualNodeCount=-3") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("virtualNodeCount"), r.err.constData());
}

QTEST_GUILESS_MAIN(tst_RblabCheckStrategy)
#include "tst_rblabcheckstrategy.moc"
