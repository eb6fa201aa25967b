// SPDX-License-Identifier: Apache-2.0
// The metadata files of the six RocketMQ plugins: complete (every key the SDK documents,
// Chinese texts included), valid for the host, and what the loaded plugins report.
#include "strategytestsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using namespace Rblab;

class tst_PluginMetadata : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void complete_data();
    void complete();
    void schemas();

private:
    StrategyRegistry m_registry;
};

void tst_PluginMetadata::initTestCase()
{
    const QString problem = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void tst_PluginMetadata::complete_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("javaClass");
    const QString dir = QStringLiteral(RBLAB_SOURCE_DIR "/plugins/");
    QTest::newRow("AVG") << dir + QStringLiteral("avg/avg.json") << "AVG"
                         << "AllocateMessageQueueAveragely";
    QTest::newRow("AVG_BY_CIRCLE")
        << dir + QStringLiteral("avgbycircle/avgbycircle.json") << "AVG_BY_CIRCLE"
        << "AllocateMessageQueueAveragelyByCircle";
    QTest::newRow("CONFIG") << dir + QStringLiteral("config/config.json") << "CONFIG"
                            << "AllocateMessageQueueByConfig";
    QTest::newRow("CONSISTENT_HASH")
        << dir + QStringLiteral("consistenthash/consistenthash.json") << "CONSISTENT_HASH"
        << "AllocateMessageQueueConsistentHash";
    QTest::newRow("MACHINE_ROOM") << dir + QStringLiteral("machineroom/machineroom.json")
                                  << "MACHINE_ROOM"
                                  << "AllocateMessageQueueByMachineRoom";
    QTest::newRow("MACHINE_ROOM_NEARBY")
        << dir + QStringLiteral("machineroomnearby/machineroomnearby.json") << "MACHINE_ROOM_NEARBY"
        << "AllocateMachineRoomNearby";
}

void tst_PluginMetadata::complete()
{
    QFETCH(QString, file);
    QFETCH(QString, name);
    QFETCH(QString, javaClass);
    QFile f(file);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.errorString()));
    QJsonParseError parseError;
    const QJsonObject root = QJsonDocument::fromJson(f.readAll(), &parseError).object();
    QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(parseError.errorString()));
    QString error;
    const StrategyMetadata m = StrategyMetadata::fromJson(root, &error);
    QVERIFY2(error.isNull(), qPrintable(error));
    QCOMPARE(m.name, name);
    QCOMPARE(QStringLiteral("%1.%2").arg(m.apiMajor).arg(m.apiMinor), QStringLiteral("1.0"));
    QVERIFY(!m.version.isEmpty());
    QVERIFY(!m.author.isEmpty());
    QCOMPARE(m.license, QStringLiteral("Apache-2.0"));
    QCOMPARE(m.rocketMqClass,
        QStringLiteral("org.apache.rocketmq.client.consumer.rebalance.") + javaClass);

    // Descriptions in English and in Simplified Chinese (the text must be Chinese, not a copy).
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    QVERIFY(m.description.source.size() > 40);
    QVERIFY2(han.match(m.description.text(QStringLiteral("zh_CN"))).hasMatch(),
        "Description[zh_CN] is not Chinese");
    for (const ParameterSpec &p : m.parameters) {
        QVERIFY2(p.minimum.has_value() && p.maximum.has_value(),
            qPrintable(QStringLiteral("%1 lacks min/max").arg(p.name)));
        QVERIFY2(!p.description.source.isEmpty(), qPrintable(p.name));
        QVERIFY2(han.match(p.description.text(QStringLiteral("zh_CN"))).hasMatch(),
            qPrintable(QStringLiteral("%1: description[zh_CN] is not Chinese").arg(p.name)));
    }

    // The loaded plugin carries the same metadata (the JSON is compiled into the library).
    const PluginRecord *record = m_registry.find(name);
    QVERIFY(record);
    QCOMPARE(record->metadata.description.source, m.description.source);
    QCOMPARE(record->metadata.parameters.size(), m.parameters.size());
}

void tst_PluginMetadata::schemas()
{
    // The parameters the allocate-jsonl contract lists, with their types and defaults.
    auto spec = [&](const QString &strategy, const QString &param) -> const ParameterSpec * {
        const PluginRecord *r = m_registry.find(strategy);
        return r ? r->metadata.parameter(param) : nullptr;
    };
    QVERIFY(m_registry.find(QStringLiteral("AVG"))->metadata.parameters.isEmpty());
    QVERIFY(m_registry.find(QStringLiteral("AVG_BY_CIRCLE"))->metadata.parameters.isEmpty());

    const ParameterSpec *vnodes
        = spec(QStringLiteral("CONSISTENT_HASH"), QStringLiteral("virtualNodeCount"));
    QVERIFY(vnodes);
    QCOMPARE(vnodes->type, ParameterType::Int);
    QCOMPARE(vnodes->defaultValue.toLongLong(), 10);
    QCOMPARE(*vnodes->minimum, 0.0);
    QCOMPARE(*vnodes->maximum, 10000.0);

    const ParameterSpec *queues = spec(QStringLiteral("CONFIG"), QStringLiteral("queues"));
    QVERIFY(queues);
    QCOMPARE(queues->type, ParameterType::QueueList);
    QVERIFY(queues->absentIsNull);

    const ParameterSpec *idcs
        = spec(QStringLiteral("MACHINE_ROOM"), QStringLiteral("consumerIdcs"));
    QVERIFY(idcs);
    QCOMPARE(idcs->type, ParameterType::StringList);
    QVERIFY(idcs->absentIsNull);

    const ParameterSpec *inner
        = spec(QStringLiteral("MACHINE_ROOM_NEARBY"), QStringLiteral("inner"));
    const ParameterSpec *separator
        = spec(QStringLiteral("MACHINE_ROOM_NEARBY"), QStringLiteral("separator"));
    QVERIFY(inner && separator);
    QCOMPARE(inner->type, ParameterType::Strategy);
    QCOMPARE(inner->defaultValue.toString(), QStringLiteral("AVG"));
    QCOMPARE(separator->type, ParameterType::String);
    QCOMPARE(separator->defaultValue.toString(), QStringLiteral("-"));
    QCOMPARE(*separator->minimum, 1.0);
    QVERIFY(m_registry.find(QStringLiteral("MACHINE_ROOM_NEARBY"))->metadata.forwardsParameters);
}

QTEST_GUILESS_MAIN(tst_PluginMetadata)
#include "tst_pluginmetadata.moc"
