// SPDX-License-Identifier: Apache-2.0
// Fuzz target: how the JavaScript plugin reads a strategy's answer (issue 39). The input is the
// body of a function that allocate() calls with the queues and consumers given and whose value
// it returns: arrays, queue-like objects, getters that loop or throw, proxies, a poisoned
// Object.prototype. Each input gets a fresh strategy (its own engine) with a 100 ms time limit.
// Whatever the input, the call returns, with an error or no more queues than were given, and
// rblab allocate's answer (AllocationCaseRunner) is one JSON object, an allocation or an error.
// A hang is caught by the fuzzer's -timeout.
#include "fuzztarget.h"

#include "allocation/allocationcase.h"
#include "allocation/strategyregistry.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QTemporaryDir>

#include <cstdio>
#include <memory>

using namespace Rblab;

namespace {

QCoreApplication *g_app = nullptr;
std::unique_ptr<QTemporaryDir> g_dir;
std::unique_ptr<StrategyRegistry> g_registry;
std::unique_ptr<AllocationCaseRunner> g_runner;

// The input is handed over as the current consumer id; the strategy makes a function of it.
const char kStrategy[] = "var strategy = { Name: \"FUZZ_ANSWER_JS\", Version: \"1.0.0\", "
                         "ApiVersion: \"1.1\", Parameters: [] };\n"
                         "function allocate(group, cid, mqAll, cidAll, params) {\n"
                         "  return (new Function('mqAll', 'cidAll', cid))(mqAll, cidAll);\n"
                         "}\n";

MessageQueueList givenQueues()
{
    MessageQueueList queues;
    for (int i = 0; i < 4; ++i) {
        queues.append({ QStringLiteral("TopicA"), QStringLiteral("broker-a"), i });
        queues.append({ QStringLiteral("TopicA"), QStringLiteral("broker-b"), i });
    }
    return queues;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    qputenv("RBLAB_JS_TIMEOUT_MS", "100");
    // The strategy runs its engine on a thread of its own. The application keeps a reference to
    // argc and is never destroyed: at exit, Qt's own statics may already be gone.
    static int appArgc = 1;
    static char *appArgv[] = { (*argc > 0 ? (*argv)[0] : nullptr), nullptr };
    g_app = new QCoreApplication(appArgc, appArgv);
    g_dir = std::make_unique<QTemporaryDir>();
    const QString path = g_dir->filePath(QStringLiteral("fuzz_answer.js"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(kStrategy) != qint64(sizeof kStrategy - 1)) {
        FuzzTarget::fail("cannot write the strategy file", qPrintable(path));
    }
    file.close();
    g_registry = FuzzTarget::buildTreeRegistry();
    const PluginRecord record = g_registry->reloadScript(path);
    if (!record.loaded()) {
        FuzzTarget::fail(
            "the JavaScript plugin did not load the strategy", qPrintable(record.error));
    }
    g_runner = std::make_unique<AllocationCaseRunner>(*g_registry);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString body = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    // The plugin's own answer: bounded by the queues given, or an error that says why.
    StrategyCreation s = g_registry->create(QStringLiteral("FUZZ_ANSWER_JS"), {});
    if (!s.ok()) {
        FuzzTarget::fail("the strategy was not created", qPrintable(s.error));
    }
    static const MessageQueueList mqAll = givenQueues();
    const AllocateResult r
        = guardedAllocate(*s.strategy, QStringLiteral("G"), body, mqAll, { body });
    if (qEnvironmentVariableIsSet("FUZZ_JSANSWER_VERBOSE")) { // what each input did
        std::fprintf(stderr, "%s\n",
            qPrintable(r.ok() ? QStringLiteral("ok: %1 queues").arg(r.queues.size()) : r.error));
    }
    if (!r.ok() && r.error.isEmpty()) {
        FuzzTarget::fail("a failed call without an error");
    }
    if (r.queues.size() > mqAll.size()) {
        FuzzTarget::fail("an answer longer than the queues given");
    }
    // The host's answer (rblab allocate): one JSON object, an allocation or an error. Queues not
    // given are passed on, as RocketMQ's CONFIG strategy returns its configured ones.
    QJsonArray queues;
    for (const MessageQueue &q : mqAll) {
        queues.append(QJsonObject { { QStringLiteral("brokerName"), q.brokerName },
            { QStringLiteral("queueId"), q.queueId } });
    }
    const QJsonObject line { { QStringLiteral("id"), QStringLiteral("fuzz") },
        { QStringLiteral("strategy"), QStringLiteral("FUZZ_ANSWER_JS") },
        { QStringLiteral("topic"), QStringLiteral("TopicA") }, { QStringLiteral("queues"), queues },
        { QStringLiteral("consumers"), QJsonArray { body } } };
    const QByteArray answer
        = g_runner->answerLine(QJsonDocument(line).toJson(QJsonDocument::Compact), 1, nullptr);
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(answer, &error).object();
    if (error.error != QJsonParseError::NoError || answer.contains('\n')
        || !(o.value(QLatin1String("error")).isString()
            || o.value(QLatin1String("allocation")).isObject())) {
        FuzzTarget::fail("rblab allocate's answer is not one JSON object", answer.constData());
    }
    return 0;
}
