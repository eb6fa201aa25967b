// SPDX-License-Identifier: Apache-2.0
// The scenarios shipped in resources/scenarios: valid with the real strategy plugins, with no
// warning, described for trainers, stable through the writer; and, mutated or cut short in
// thousands of ways, never able to crash the reader.
#include "allocation/strategyregistry.h"
#include "json/jsonparser.h"
#include "json/jsonwriter.h"
#include "scenario/scenarioreader.h"
#include "scenario/scenariowriter.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>

using namespace Rblab;

namespace {

QString scenarioDir()
{
    return QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios");
}

QByteArray contents(const QString &name)
{
    QFile file(scenarioDir() + QLatin1Char('/') + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A mutation that keeps the JSON valid but changes what it says: a value of another type or
// out of range, a member dropped, or a key misspelt. Exercises the semantic checks the way
// byte mutations exercise the parser.
JsonNode mutate(const JsonNode &node, QRandomGenerator &random)
{
    if (random.bounded(100) < 4) {
        switch (random.bounded(10)) {
        case 0:
            return JsonNode::makeString(QStringLiteral("5 minutes"));
        case 1:
            return JsonNode::makeInteger(-1);
        case 2:
            return JsonNode::makeInteger(1000000000);
        case 3:
            return JsonNode::makeDouble(0.5);
        case 4:
            return JsonNode::makeBool(true);
        case 5:
            return JsonNode::makeNull();
        case 6:
            return JsonNode::makeObject();
        case 7:
            return JsonNode::makeArray();
        case 8:
            return JsonNode::makeString(QString());
        default:
            return JsonNode::makeString(QStringLiteral("10.0.0.1@1001"));
        }
    }
    if (node.isArray()) {
        JsonNode copy = JsonNode::makeArray();
        for (const JsonNode &item : node.items()) {
            if (random.bounded(100) >= 3) {
                copy.append(mutate(item, random));
            }
            if (random.bounded(100) < 2) {
                copy.append(mutate(item, random)); // a duplicate
            }
        }
        return copy;
    }
    if (node.isObject()) {
        JsonNode copy = JsonNode::makeObject();
        for (qsizetype i = 0; i < node.size(); ++i) {
            QString key = node.keys().at(i).name;
            const int roll = int(random.bounded(100));
            if (roll < 3) {
                continue;
            }
            if (roll < 6 && !key.isEmpty()) {
                key.remove(int(random.bounded(key.size())), 1);
            }
            if (copy.indexOf(key) < 0) {
                copy.insert(key, mutate(node.items()[size_t(i)], random));
            }
        }
        return copy;
    }
    return node;
}

// What any result must satisfy, whatever the input: consistent, and every finding positioned.
void checkResult(const ScenarioReadResult &result, int lines, const QByteArray &input)
{
    bool anyError = false;
    for (const Diagnostic &d : result.diagnostics) {
        anyError = anyError || d.isError();
        if (d.line < 1 || d.line > lines + 1 || d.column < 1 || d.message.isEmpty()) {
            QFAIL(qPrintable(QStringLiteral("badly positioned: %1\n---\n%2")
                                 .arg(d.toString(), QString::fromUtf8(input.left(2000)))));
        }
    }
    if (result.ok() != !anyError || result.scenario.has_value() != !anyError) {
        QFAIL(qPrintable(QStringLiteral("inconsistent result:\n%1").arg(result.errorText())));
    }
}

} // namespace

class tst_BundledScenarios : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyPromisedScenarioIsThere();
    void readsWithoutDiagnostics_data();
    void readsWithoutDiagnostics();
    void fuzzedNeverCrashes_data();
    void fuzzedNeverCrashes();

private:
    StrategyRegistry m_registry;
};

void tst_BundledScenarios::initTestCase()
{
    StrategyRegistry::Sources sources;
    sources.builtin = false;
    sources.user = false;
    sources.environment = false;
    sources.extraDirectories = { QStringLiteral(RBLAB_PLUGIN_BUILD_DIR) };
    m_registry.load(sources);
    for (const char *name : { "AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH" }) {
        QVERIFY2(m_registry.find(QString::fromLatin1(name)), name);
    }
}

void tst_BundledScenarios::everyPromisedScenarioIsThere()
{
    const QStringList files
        = QDir(scenarioDir()).entryList({ QStringLiteral("*.json") }, QDir::Files);
    for (const char *name :
        { "default.json", "slow-consumer-flow-control.json", "kill-freeze-shutdown.json",
            "notifications-off.json", "rolling-deploy-mixed-strategies.json", "broadcasting.json",
            "orderly.json", "duplicate-client-id.json", "topic-scale-out.json",
            "consistent-hash-vs-avg.json", "three-strategies-same-churn.json",
            "incident-late-notification.json", "push-vs-pop-more-consumers.json",
            "push-vs-pop-kill.json", "push-vs-pop-slow-consumer.json" }) {
        QVERIFY2(files.contains(QString::fromLatin1(name)), name);
    }
}

void tst_BundledScenarios::readsWithoutDiagnostics_data()
{
    QTest::addColumn<QString>("name");
    const QStringList files
        = QDir(scenarioDir()).entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString &file : files) {
        QTest::newRow(qPrintable(file)) << file;
    }
}

void tst_BundledScenarios::readsWithoutDiagnostics()
{
    QFETCH(QString, name);
    const ScenarioReadResult result
        = ScenarioReader::readFile(scenarioDir() + QLatin1Char('/') + name, &m_registry);
    QVERIFY2(result.diagnostics.isEmpty(), qPrintable(result.errorText()));
    QVERIFY(result.ok());
    const Scenario &scenario = *result.scenario;

    // For trainers, in both languages the GUI ships.
    QVERIFY(!scenario.description.value(QStringLiteral("en")).isEmpty());
    const QString chinese = scenario.description.value(QStringLiteral("zh_CN"));
    // Written in Chinese, not left in English: most of its letters are Han characters.
    static const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    static const QRegularExpression latin(QStringLiteral("[A-Za-z]"));
    QVERIFY2(
        chinese.count(han) > 100 && chinese.count(han) > chinese.count(latin), qPrintable(chinese));
    // The name too: the menu, the banner and the window title show it in Chinese.
    const QString chineseName = scenario.nameFor(QStringLiteral("zh_CN"));
    QVERIFY2(chineseName != scenario.name && chineseName.count(han) >= 4, qPrintable(chineseName));
    QVERIFY(scenario.duration >= 10 * kMinute && scenario.duration <= 20 * kMinute);
    // Client ids as RocketMQ makes them: ip@pid.
    static const QRegularExpression clientId(QStringLiteral("^\\d{1,3}(\\.\\d{1,3}){3}@\\d+$"));
    for (const GroupSpec &group : scenario.groups) {
        QVERIFY(!group.consumers.isEmpty());
        for (const ConsumerSpec &consumer : group.consumers) {
            QVERIFY2(clientId.match(consumer.id).hasMatch(), qPrintable(consumer.id));
        }
    }
    for (const ScenarioEvent &event : scenario.events) {
        QVERIFY(event.at < scenario.duration);
        if (event.action == ScenarioEvent::Action::Join) {
            QVERIFY2(clientId.match(event.joining.id).hasMatch(), qPrintable(event.joining.id));
        }
    }

    // Through the writer and back: equal, and stable.
    const QByteArray written = ScenarioWriter::toJson(scenario);
    const ScenarioReadResult again = ScenarioReader::read(written, name, &m_registry);
    QVERIFY2(again.diagnostics.isEmpty(), qPrintable(again.errorText()));
    QVERIFY(*again.scenario == scenario);
    QCOMPARE(ScenarioWriter::toJson(*again.scenario), written);
}

void tst_BundledScenarios::fuzzedNeverCrashes_data()
{
    readsWithoutDiagnostics_data();
}

void tst_BundledScenarios::fuzzedNeverCrashes()
{
    QFETCH(QString, name);
    const QByteArray original = contents(name);
    QVERIFY(!original.isEmpty());
    QRandomGenerator random(qHash(name));
    const auto read = [&](const QByteArray &data) {
        const ScenarioReadResult result = ScenarioReader::read(data, name, &m_registry);
        checkResult(result, int(data.count('\n')) + 1, data);
    };

    // Every way of cutting the file short, on a stride that keeps the test fast.
    const qsizetype stride = qMax<qsizetype>(1, original.size() / 400);
    for (qsizetype length = 0; length < original.size(); length += stride) {
        read(original.left(length));
        QVERIFY2(!QTest::currentTestFailed(), qPrintable(QStringLiteral("cut at %1").arg(length)));
    }
    // Bytes flipped, dropped, duplicated or replaced by JSON punctuation.
    const QByteArray punctuation = "{}[]\":,.-0e\\ \n\xC3";
    for (int i = 0; i < 600; ++i) {
        QByteArray data = original;
        for (int k = int(random.bounded(1, 4)); k > 0; --k) {
            const qsizetype at = qsizetype(random.bounded(data.size()));
            switch (random.bounded(4)) {
            case 0:
                data[at] = char(data.at(at) ^ (1 << random.bounded(8)));
                break;
            case 1:
                data.remove(at, qsizetype(random.bounded(1, 20)));
                break;
            case 2:
                data.insert(at, data.mid(at, qsizetype(random.bounded(1, 40))));
                break;
            default:
                data[at] = punctuation.at(qsizetype(random.bounded(punctuation.size())));
                break;
            }
        }
        read(data);
        QVERIFY2(
            !QTest::currentTestFailed(), qPrintable(QStringLiteral("byte mutation %1").arg(i)));
    }
    // Valid JSON that says the wrong things.
    const JsonParser::Result parsed = JsonParser::parse(original);
    QVERIFY(parsed.ok());
    int rejected = 0;
    for (int i = 0; i < 300; ++i) {
        const QByteArray data = JsonWriter::write(mutate(*parsed.root, random));
        const ScenarioReadResult result = ScenarioReader::read(data, name, &m_registry);
        checkResult(result, int(data.count('\n')) + 1, data);
        QVERIFY2(
            !QTest::currentTestFailed(), qPrintable(QStringLiteral("tree mutation %1").arg(i)));
        rejected += result.ok() ? 0 : 1;
    }
    // The mutations do reach the checks (a fuzzer that only ever passes tests nothing).
    QVERIFY2(rejected > 100, qPrintable(QString::number(rejected)));
}

QTEST_GUILESS_MAIN(tst_BundledScenarios)
#include "tst_bundledscenarios.moc"
