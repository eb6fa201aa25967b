// SPDX-License-Identifier: Apache-2.0
// The settings tables (model/clientconfig): RocketMQ's defaults (spec §12), the ranges that
// DefaultMQPushConsumerImpl.checkConfig allows (§7.6), and the names scenario files use, for the
// client (DefaultMQPushConsumer, ClientConfig, system properties) and the broker.
#include <settings/clientconfig.h>

#include <QTest>

using namespace Rblab;

class tst_ClientConfig : public QObject
{
    Q_OBJECT

private slots:
    void clientDefaults_data();
    void clientDefaults();
    void clientRanges_data();
    void clientRanges();
    void everySettingReadsAndWrites();
    void brokerDefaults_data();
    void brokerDefaults();
    void brokerFlagsFromBooleans();
};

void tst_ClientConfig::clientDefaults_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<qint64>("value");
    const QList<QPair<const char *, qint64>> rows = {
        { "pullThresholdForQueue", 1000 },
        { "pullThresholdSizeForQueue", 100 },
        { "pullThresholdForTopic", -1 },
        { "pullThresholdSizeForTopic", -1 },
        { "consumeConcurrentlyMaxSpan", 2000 },
        { "pullBatchSize", 32 },
        { "pullInterval", 0 },
        { "consumeMessageBatchMaxSize", 1 },
        { "consumeThreadMin", 20 },
        { "maxReconsumeTimes", -1 },
        { "suspendCurrentQueueTimeMillis", 1000 },
        { "consumeTimeout", 15 }, // minutes
        { "pollNameServerInterval", 30000 },
        { "heartbeatBrokerInterval", 30000 },
        { "persistConsumerOffsetInterval", 5000 },
        { "pullTimeDelayMillsWhenException", 1000 },
        { "rebalanceWaitInterval", 20000 },
        { "rebalanceMinInterval", 1000 },
    };
    for (const auto &row : rows) {
        QTest::newRow(row.first) << QString::fromLatin1(row.first) << row.second;
    }
}

void tst_ClientConfig::clientDefaults()
{
    QFETCH(QString, key);
    QFETCH(qint64, value);
    QCOMPARE(ClientConfig().value(key), value);
    const SettingSpec *spec = ClientConfig::spec(key);
    QVERIFY(spec);
    QCOMPARE(spec->defaultValue, value);
    QVERIFY(spec->accepts(value));
}

void tst_ClientConfig::clientRanges_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<qint64>("minimum");
    QTest::addColumn<qint64>("maximum");
    QTest::addColumn<bool>("minusOneOff");
    // DefaultMQPushConsumerImpl.checkConfig.
    QTest::newRow("pullThresholdForQueue")
        << QStringLiteral("pullThresholdForQueue") << qint64(1) << qint64(65535) << false;
    QTest::newRow("pullThresholdSizeForQueue")
        << QStringLiteral("pullThresholdSizeForQueue") << qint64(1) << qint64(1024) << false;
    QTest::newRow("pullThresholdForTopic")
        << QStringLiteral("pullThresholdForTopic") << qint64(1) << qint64(6553500) << true;
    QTest::newRow("pullThresholdSizeForTopic")
        << QStringLiteral("pullThresholdSizeForTopic") << qint64(1) << qint64(102400) << true;
    QTest::newRow("consumeConcurrentlyMaxSpan")
        << QStringLiteral("consumeConcurrentlyMaxSpan") << qint64(1) << qint64(65535) << false;
    QTest::newRow("pullInterval") << QStringLiteral("pullInterval") << qint64(0) << qint64(65535)
                                  << false;
    QTest::newRow("consumeMessageBatchMaxSize")
        << QStringLiteral("consumeMessageBatchMaxSize") << qint64(1) << qint64(1024) << false;
    QTest::newRow("pullBatchSize")
        << QStringLiteral("pullBatchSize") << qint64(1) << qint64(1024) << false;
    QTest::newRow("consumeThreadMin")
        << QStringLiteral("consumeThreadMin") << qint64(1) << qint64(1000) << false;
    // ConsumeMessageOrderlyService clamps the suspend time to 10…30000.
    QTest::newRow("suspendCurrentQueueTimeMillis")
        << QStringLiteral("suspendCurrentQueueTimeMillis") << qint64(10) << qint64(30000) << false;
    // Minutes; the period of a scheduleAtFixedRate (0 throws), at most a week (the longest run).
    QTest::newRow("consumeTimeout")
        << QStringLiteral("consumeTimeout") << qint64(1) << qint64(10080) << false;
}

void tst_ClientConfig::clientRanges()
{
    QFETCH(QString, key);
    QFETCH(qint64, minimum);
    QFETCH(qint64, maximum);
    QFETCH(bool, minusOneOff);
    const SettingSpec *spec = ClientConfig::spec(key);
    QVERIFY(spec);
    QVERIFY(spec->accepts(minimum));
    QVERIFY(spec->accepts(maximum));
    if (minimum - 1 != -1) {
        QVERIFY(!spec->accepts(minimum - 1));
    }
    QVERIFY(!spec->accepts(maximum + 1));
    QCOMPARE(spec->accepts(-1), minusOneOff);
    QVERIFY(!spec->accepts(-2));
    QCOMPARE(spec->minusOneMeansOff, minusOneOff);
    QVERIFY(spec->rangeText().contains(QString::number(maximum))
        || spec->kind == SettingSpec::Kind::Duration);
}

void tst_ClientConfig::everySettingReadsAndWrites()
{
    // Every documented setting has a field, by its RocketMQ name, and nothing else is accepted.
    QCOMPARE(ClientConfig::specs().size(), 21);
    for (const SettingSpec &spec : ClientConfig::specs()) {
        ClientConfig c;
        const qint64 v = spec.maximum;
        QVERIFY2(c.setValue(spec.name(), v), spec.key);
        QCOMPARE(c.value(spec.name()), v);
        ClientConfig d;
        d.apply({ { spec.name(), QVariant::fromValue(spec.minimum) } });
        QCOMPARE(d.value(spec.name()), spec.minimum);
    }
    ClientConfig c;
    QVERIFY(!c.setValue(u"pullThresholdForQueues", 5));
    QVERIFY(!ClientConfig::spec(u"consumeThreadMax")); // never reached (§5.1): not a setting
    QCOMPARE(c.value(u"nonsense"), qint64(0));
}

void tst_ClientConfig::brokerDefaults_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<bool>("scenarioSetting");
    QTest::newRow("channelExpiredTimeout")
        << QStringLiteral("channelExpiredTimeout") << qint64(120000) << true;
    QTest::newRow("scanNotActiveChannelInterval")
        << QStringLiteral("scanNotActiveChannelInterval") << qint64(10000) << true;
    QTest::newRow("notifyConsumerIdsChangedEnable")
        << QStringLiteral("notifyConsumerIdsChangedEnable") << qint64(1) << true;
    QTest::newRow("longPollingEnable") << QStringLiteral("longPollingEnable") << qint64(1) << true;
    QTest::newRow("suspendTimeout") << QStringLiteral("suspendTimeout") << qint64(15000) << true;
    QTest::newRow("holdScanInterval") << QStringLiteral("holdScanInterval") << qint64(5000) << true;
    QTest::newRow("lockMaxLiveTime") << QStringLiteral("lockMaxLiveTime") << qint64(60000) << true;
    QTest::newRow("shortPollingTimeMills")
        << QStringLiteral("shortPollingTimeMills") << qint64(1000) << true;
    QTest::newRow("flushConsumerOffsetInterval")
        << QStringLiteral("flushConsumerOffsetInterval") << qint64(5000) << false;
}

void tst_ClientConfig::brokerDefaults()
{
    QFETCH(QString, key);
    QFETCH(qint64, value);
    QFETCH(bool, scenarioSetting);
    QCOMPARE(BrokerConfig().value(key), value);
    const SettingSpec *spec = BrokerConfig::spec(key);
    QCOMPARE(spec != nullptr, scenarioSetting);
    if (spec) {
        QCOMPARE(spec->defaultValue, value);
    }
    BrokerConfig c;
    QVERIFY(c.setValue(key, value == 1 ? 0 : value + 1000));
    QCOMPARE(c.value(key), value == 1 ? 0 : value + 1000);
}

void tst_ClientConfig::brokerFlagsFromBooleans()
{
    // Scenario files write the flags as JSON booleans.
    BrokerConfig c;
    c.apply({ { QStringLiteral("notifyConsumerIdsChangedEnable"), false },
        { QStringLiteral("longPollingEnable"), false },
        { QStringLiteral("channelExpiredTimeout"), 30000 } });
    QVERIFY(!c.notifyConsumerIdsChangedEnable);
    QVERIFY(!c.longPollingEnable);
    QCOMPARE(c.channelExpiredTimeout, SimTime(30000));
    c.apply({ { QStringLiteral("longPollingEnable"), true } });
    QVERIFY(c.longPollingEnable);
    QVERIFY(!c.setValue(u"brokerName", 1));
}

QTEST_GUILESS_MAIN(tst_ClientConfig)
#include "tst_clientconfig.moc"
