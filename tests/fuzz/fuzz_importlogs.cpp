// SPDX-License-Identifier: Apache-2.0
// Fuzz target: `rblab import-logs` on one client log (issue 39): the reader, the clock skew
// estimate, the rebuild (consumers, kills, claims, the sweep for double-owned and unowned
// queues) and the observed report. Whatever the input, the import ends, and when it reports,
// the report is JSON whose windows are ordered and bounded as report-format.md says.
#include "fuzztarget.h"

#include "import/logimporter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <memory>

using namespace Rblab;

namespace {

std::unique_ptr<QTemporaryDir> g_dir;

// Inputs past this are cut: the fuzzer's time goes to varied logs, not long ones.
constexpr size_t kMostBytes = 256 * 1024;

void checkWindows(const QJsonArray &windows, const char *kind)
{
    if (windows.size() > 64 * ObservedIncident::kMostWindows) {
        FuzzTarget::fail("more windows than the bound allows", kind);
    }
    for (const QJsonValue &v : windows) {
        const QJsonObject w = v.toObject();
        const qint64 from = w.value(QLatin1String("from")).toInteger(-1);
        const qint64 to = w.value(QLatin1String("to")).toInteger(-1);
        if (from < 0 || to < from || w.value(QLatin1String("ms")).toInteger(-1) != to - from) {
            FuzzTarget::fail("a window that is not from <= to with ms = to - from", kind);
        }
        if (w.value(QLatin1String("consumers")).toArray().size()
            > ObservedIncident::kListedPerWindow) {
            FuzzTarget::fail("a window listing more consumers than the bound", kind);
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    g_dir = std::make_unique<QTemporaryDir>();
    if (!g_dir->isValid() || !QDir(g_dir->path()).mkdir(QStringLiteral("host"))) {
        FuzzTarget::fail("no temporary folder");
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = g_dir->filePath(QStringLiteral("host/rocketmq_client.log"));
    {
        QFile file(path);
        const qint64 n = qint64(qMin(size, kMostBytes));
        if (!file.open(QIODevice::WriteOnly)
            || file.write(reinterpret_cast<const char *>(data), n) != n) {
            FuzzTarget::fail("cannot write the input", qPrintable(path));
        }
    }
    LogImporter importer({});
    if (!importer.addFile(path)) {
        if (importer.error().isEmpty()) {
            FuzzTarget::fail("a refused file without an error");
        }
        return 0;
    }
    importer.finish();
    if (importer.consumerCount() == 0) {
        return 0; // import-logs says "nothing to report"
    }
    const QByteArray report = importer.reportJson();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(report, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        FuzzTarget::fail("a report that is not a JSON object", qPrintable(error.errorString()));
    }
    const QJsonObject observed = doc.object().value(QLatin1String("observed")).toObject();
    if (observed.value(QLatin1String("usedLines")).toInteger(-1) != importer.usedLines()) {
        FuzzTarget::fail("usedLines differs from the lines used");
    }
    for (const QJsonValue &t : observed.value(QLatin1String("topics")).toArray()) {
        const QJsonObject topic = t.toObject();
        checkWindows(topic.value(QLatin1String("doubleOwned")).toArray(), "doubleOwned");
        checkWindows(topic.value(QLatin1String("unowned")).toArray(), "unowned");
        checkWindows(
            topic.value(QLatin1String("viewDisagreements")).toArray(), "viewDisagreements");
    }
    return 0;
}
