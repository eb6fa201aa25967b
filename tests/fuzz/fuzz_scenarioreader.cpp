// SPDX-License-Identifier: Apache-2.0
// Fuzz target: ScenarioReader with the built-in strategy plugins (their parameter checks run
// too). Whatever the bytes: no crash, every diagnostic positioned inside the input, ok() only
// without errors; and a scenario that reads is written by ScenarioWriter so that it reads back
// equal, without a diagnostic.
#include "fuzztarget.h"

#include "allocation/strategyregistry.h"
#include "scenario/scenarioreader.h"
#include "scenario/scenariowriter.h"

#include <QByteArray>
#include <QString>

#include <memory>

using namespace Rblab;

namespace {

std::unique_ptr<StrategyRegistry> g_registry;

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    g_registry = FuzzTarget::buildTreeRegistry();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const ScenarioReadResult result
        = ScenarioReader::read(input, QStringLiteral("fuzz.json"), g_registry.get());
    const long long lines = FuzzTarget::lineCount(data, size);
    bool anyError = false;
    for (const Diagnostic &d : result.diagnostics) {
        anyError = anyError || d.isError();
        if (d.line < 1 || d.line > lines + 1 || d.column < 1 || d.message.isEmpty()) {
            FuzzTarget::fail(
                "a diagnostic without a position in the input", qPrintable(d.toString()));
        }
    }
    if (result.ok() == anyError || result.scenario.has_value() == anyError) {
        FuzzTarget::fail("ok() disagrees with the diagnostics", qPrintable(result.errorText()));
    }
    if (!result.scenario) {
        return 0;
    }
    const QByteArray written = ScenarioWriter::toJson(*result.scenario);
    const ScenarioReadResult again
        = ScenarioReader::read(written, QStringLiteral("written.json"), g_registry.get());
    if (!again.ok() || !again.diagnostics.isEmpty()) {
        FuzzTarget::fail("ScenarioWriter wrote a scenario that does not read cleanly",
            qPrintable(again.errorText() + QLatin1Char('\n') + QString::fromUtf8(written)));
    }
    if (!(*again.scenario == *result.scenario)) {
        FuzzTarget::fail("a written scenario reads back different", written.constData());
    }
    return 0;
}
