// SPDX-License-Identifier: Apache-2.0
// StrategyMetadata::fromJson against plain JSON files (Qt Creator's spec_wrong*.json idea): the
// valid file read completely, and one precise message per way of being wrong. Then the
// ParameterValidator on that schema.
#include <allocation/pluginmetadata.h>

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace Rblab;

namespace {

QJsonObject readFixture(const QString &name, QString *error)
{
    QFile file(QStringLiteral(RBLAB_TEST_DATA_DIR "/metadata/") + name);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = parseError.errorString();
    }
    return doc.object();
}

} // namespace

class tst_StrategyMetadata : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void valid();
    void invalid_data();
    void invalid();
    void parameterCheck_data();
    void parameterCheck();
    void defaultsAndForwarding();

private:
    StrategyMetadata m_valid;
};

void tst_StrategyMetadata::initTestCase()
{
    QString error;
    const QJsonObject json = readFixture(QStringLiteral("valid.json"), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_valid = StrategyMetadata::fromJson(json, &error);
    QVERIFY2(error.isNull(), qPrintable(error));
}

void tst_StrategyMetadata::valid()
{
    QCOMPARE(m_valid.name, QStringLiteral("VALID_STRATEGY"));
    QCOMPARE(m_valid.version, QStringLiteral("2.3.1"));
    QCOMPARE(m_valid.apiMajor, 1);
    QCOMPARE(m_valid.apiMinor, 0);
    QCOMPARE(m_valid.author, QStringLiteral("Someone"));
    QCOMPARE(m_valid.license, QStringLiteral("Apache-2.0"));
    QCOMPARE(m_valid.rocketMqClass, QStringLiteral("org.example.AllocateSomehow"));
    QVERIFY(m_valid.forwardsParameters);
    // Localized texts: "Description[zh_CN]", with fallbacks to the language and to the source.
    QCOMPARE(m_valid.description.text(), QStringLiteral("A valid strategy description."));
    QCOMPARE(
        m_valid.description.text(QStringLiteral("zh_CN")), QStringLiteral("一个有效的策略说明。"));
    QCOMPARE(m_valid.description.text(QStringLiteral("de_DE")),
        QStringLiteral("A valid strategy description."));
    QCOMPARE(m_valid.parameters.size(), 8);

    const ParameterSpec *depth = m_valid.parameter(QStringLiteral("depth"));
    QVERIFY(depth);
    QCOMPARE(depth->type, ParameterType::Int);
    QCOMPARE(depth->defaultValue.typeId(), int(QMetaType::LongLong));
    QCOMPARE(depth->defaultValue.toLongLong(), 3);
    QCOMPARE(*depth->minimum, 0.0);
    QCOMPARE(*depth->maximum, 10.0);
    QCOMPARE(depth->description.text(QStringLiteral("zh_CN")), QStringLiteral("深度。"));
    QCOMPARE(depth->rangeText(), QStringLiteral("an integer from 0 to 10"));

    const ParameterSpec *mode = m_valid.parameter(QStringLiteral("mode"));
    QVERIFY(mode);
    QCOMPARE(mode->choices, (QStringList { QStringLiteral("fast"), QStringLiteral("exact") }));
    const ParameterSpec *rooms = m_valid.parameter(QStringLiteral("rooms"));
    QVERIFY(rooms && rooms->absentIsNull && !rooms->required());
    QCOMPARE(m_valid.parameter(QStringLiteral("queues"))->type, ParameterType::QueueList);
    QCOMPARE(m_valid.parameter(QStringLiteral("inner"))->type, ParameterType::Strategy);
    QVERIFY(m_valid.parameter(QStringLiteral("label"))->required());
    QVERIFY(!m_valid.parameter(QStringLiteral("nothing")));
}

void tst_StrategyMetadata::invalid_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::newRow("no Strategy object") << "missing_strategy.json"
                                        << "invalid metadata: the \"Strategy\" object is missing";
    QTest::newRow("Strategy not an object") << "strategy_not_object.json"
                                            << "invalid metadata: \"Strategy\" must be an object";
    QTest::newRow("no Name") << "missing_name.json"
                             << "invalid metadata: \"Strategy.Name\" is missing or not a string";
    QTest::newRow("Name with a space") << "bad_name.json"
                                       << "invalid metadata: \"Strategy.Name\" must be 1 to 64 "
                                          "letters, digits, '_', '-' or '.', got \"AVG PLUS\"";
    QTest::newRow("no Version")
        << "missing_version.json"
        << "invalid metadata: \"Strategy.Version\" is missing or not a string";
    QTest::newRow("ApiVersion not a version")
        << "bad_apiversion.json"
        << "invalid metadata: \"Strategy.ApiVersion\" must be \"major.minor\", such as \"1.0\"";
    QTest::newRow("Description not a string")
        << "description_not_string.json"
        << "invalid metadata: \"Strategy.Description\" must be a string";
    QTest::newRow("ForwardsParameters not a bool")
        << "forwards_not_bool.json"
        << "invalid metadata: \"Strategy.ForwardsParameters\" must be true or false";
    QTest::newRow("Parameters not an array")
        << "parameters_not_array.json"
        << "invalid metadata: \"Strategy.Parameters\" must be an array";
    QTest::newRow("parameter not an object")
        << "parameter_not_object.json"
        << "invalid metadata: \"Strategy.Parameters[0]\" must be an object";
    QTest::newRow("parameter without name")
        << "parameter_without_name.json"
        << "invalid metadata: \"Strategy.Parameters[0].name\" is missing";
    QTest::newRow("parameter declared twice")
        << "parameter_twice.json"
        << "invalid metadata: parameter \"depth\" is declared twice";
    QTest::newRow("parameter of unknown type")
        << "unknown_parameter_type.json"
        << "invalid metadata: \"Strategy.Parameters[0].type\" must be one of int, double, bool, "
           "string, "
           "stringList, queueList, strategy";
    QTest::newRow("bound not a number")
        << "bound_not_number.json"
        << "invalid metadata: \"Strategy.Parameters[0].min\" must be a number";
    QTest::newRow("min above max") << "min_above_max.json"
                                   << "invalid metadata: \"Strategy.Parameters[0]\" has min > max";
    QTest::newRow("choices not an array")
        << "choices_not_array.json"
        << "invalid metadata: \"Strategy.Parameters[3].choices\" must be an array of strings";
    QTest::newRow("default of the wrong type")
        << "bad_default.json"
        << "invalid metadata: the default of \"depth\" is not valid: depth must be an integer from "
           "0 to 10, got \"ten\"";
    QTest::newRow("default out of range") << "default_out_of_range.json"
                                          << "invalid metadata: the default of \"depth\" is not "
                                             "valid: depth must be an integer from 0 to 10, got 11";
}

void tst_StrategyMetadata::invalid()
{
    QFETCH(QString, file);
    QFETCH(QString, message);
    QString error;
    const QJsonObject json = readFixture(file, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const StrategyMetadata m = StrategyMetadata::fromJson(json, &error);
    QCOMPARE(error, message);
    QVERIFY(m.name.isEmpty()); // nothing half-read is handed out
}

void tst_StrategyMetadata::parameterCheck_data()
{
    QTest::addColumn<QVariantMap>("raw");
    QTest::addColumn<QString>("parameter"); // empty: accepted
    QTest::addColumn<QString>("message");
    const QVariantMap label { { QStringLiteral("label"), QStringLiteral("x") } };
    auto with = [&](const QString &key, const QVariant &value) {
        QVariantMap m = label;
        m.insert(key, value);
        return m;
    };
    QTest::newRow("only the required one") << label << QString() << QString();
    QTest::newRow("required missing") << QVariantMap() << "label"
                                      << "label is required (a string)";
    QTest::newRow("int as string") << with(QStringLiteral("depth"), QStringLiteral("3")) << "depth"
                                   << "depth must be an integer from 0 to 10, got \"3\"";
    QTest::newRow("int fractional") << with(QStringLiteral("depth"), 2.5) << "depth"
                                    << "depth must be an integer from 0 to 10, got 2.5";
    QTest::newRow("int above max") << with(QStringLiteral("depth"), 11) << "depth"
                                   << "depth must be an integer from 0 to 10, got 11";
    QTest::newRow("bool as number") << with(QStringLiteral("enabled"), 1) << "enabled"
                                    << "enabled must be true or false, got 1";
    QTest::newRow("not one of the choices")
        << with(QStringLiteral("mode"), QStringLiteral("slow")) << "mode"
        << "mode must be one of fast, exact, got \"slow\"";
    QTest::newRow("list too long") << with(QStringLiteral("rooms"),
        QStringList { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"),
            QStringLiteral("d"), QStringLiteral("e") })
                                   << "rooms"
                                   << "rooms must have from 0 to 4 entries, got 5";
    QTest::newRow("list entry not a string")
        << with(QStringLiteral("rooms"), QVariantList { QStringLiteral("a"), 2 }) << "rooms"
        << "rooms[1] must be a string, got 2";
    QTest::newRow("negative queueId")
        << with(QStringLiteral("queues"),
               QVariantList { QVariantMap { { QStringLiteral("brokerName"), QStringLiteral("b") },
                   { QStringLiteral("queueId"), -1 } } })
        << "queues"
        << "queues[0].queueId must be an integer from 0 to 2147483647";
}

void tst_StrategyMetadata::parameterCheck()
{
    QFETCH(QVariantMap, raw);
    QFETCH(QString, parameter);
    QFETCH(QString, message);
    // Not forwarding here, so an unknown key would be an error too (checked below).
    StrategyMetadata closed = m_valid;
    closed.forwardsParameters = false;
    const ParameterCheck check = ParameterValidator::check(closed, raw, QStringLiteral("T"));
    if (parameter.isEmpty()) {
        QVERIFY2(check.ok(), qPrintable(check.error));
        return;
    }
    QVERIFY(!check.ok());
    QCOMPARE(check.parameter, parameter);
    QCOMPARE(check.error, message);
}

void tst_StrategyMetadata::defaultsAndForwarding()
{
    const QVariantMap raw { { QStringLiteral("label"), QStringLiteral("x") },
        { QStringLiteral("depth"), 7.0 },
        { QStringLiteral("rooms"), QVariantList { QStringLiteral("r1") } },
        { QStringLiteral("queues"),
            QVariantList { QVariantMap { { QStringLiteral("brokerName"), QStringLiteral("b") },
                { QStringLiteral("queueId"), 4 } } } },
        { QStringLiteral("virtualNodeCount"), 3 } };
    const ParameterCheck check = ParameterValidator::check(m_valid, raw, QStringLiteral("orders"));
    QVERIFY2(check.ok(), qPrintable(check.error));
    // The C++ types the SDK promises factories.
    QCOMPARE(check.values.value(QStringLiteral("depth")).typeId(), int(QMetaType::LongLong));
    QCOMPARE(check.values.value(QStringLiteral("depth")).toLongLong(), 7);
    QCOMPARE(check.values.value(QStringLiteral("ratio")).toDouble(), 0.5);
    QCOMPARE(check.values.value(QStringLiteral("enabled")).toBool(), true);
    QCOMPARE(check.values.value(QStringLiteral("inner")).toString(), QStringLiteral("AVG"));
    QCOMPARE(check.values.value(QStringLiteral("rooms")).typeId(), int(QMetaType::QStringList));
    const auto queues = check.values.value(QStringLiteral("queues")).value<MessageQueueList>();
    QCOMPARE(queues, (MessageQueueList { { QStringLiteral("orders"), QStringLiteral("b"), 4 } }));
    // Undeclared parameters go aside, for the inner strategy.
    QCOMPARE(check.forwarded, (QVariantMap { { QStringLiteral("virtualNodeCount"), 3 } }));
    QVERIFY(!check.values.contains(QStringLiteral("virtualNodeCount")));

    // "default": null and left out: absent, not an empty list.
    const ParameterCheck bare
        = ParameterValidator::check(m_valid, { { QStringLiteral("label"), QStringLiteral("x") } });
    QVERIFY2(bare.ok(), qPrintable(bare.error));
    QVERIFY(!bare.values.contains(QStringLiteral("rooms")));
    QVERIFY(!bare.values.contains(QStringLiteral("queues")));

    StrategyMetadata closed = m_valid;
    closed.forwardsParameters = false;
    const ParameterCheck unknown = ParameterValidator::check(closed, raw);
    QCOMPARE(unknown.parameter, QStringLiteral("virtualNodeCount"));
    QVERIFY2(unknown.error.startsWith(
                 QStringLiteral("unknown parameter \"virtualNodeCount\" for VALID_STRATEGY")),
        qPrintable(unknown.error));
}

QTEST_APPLESS_MAIN(tst_StrategyMetadata)
#include "tst_strategymetadata.moc"
