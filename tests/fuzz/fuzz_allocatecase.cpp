// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the allocate-case reader (AllocationCaseRunner::answerLine, what `rblab
// allocate` does per line) with the built-in strategy plugins. The input is JSON Lines; every
// line gets one compact JSON object back, shaped as allocate-jsonl.md says: {"line", "error"}
// for a line that is not a case, {"id", "error"} or {"id", "allocation"} for a case.
#include "fuzztarget.h"

#include "allocation/allocationcase.h"
#include "allocation/strategyregistry.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <memory>

using namespace Rblab;

namespace {

std::unique_ptr<StrategyRegistry> g_registry;
std::unique_ptr<AllocationCaseRunner> g_runner;

// Lines past this many are not answered: the fuzzer's time goes to varied lines, not long files.
constexpr int kMaxLines = 64;

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    g_registry = FuzzTarget::buildTreeRegistry();
    g_runner = std::make_unique<AllocationCaseRunner>(*g_registry);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    int lineNumber = 0;
    for (const QByteArray &line : input.split('\n')) {
        if (++lineNumber > kMaxLines) {
            break;
        }
        if (line.trimmed().isEmpty()) {
            continue;
        }
        AllocationCaseRunner::Outcome outcome = AllocationCaseRunner::Outcome::Answered;
        const QByteArray answer = g_runner->answerLine(line, lineNumber, &outcome);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(answer, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject() || answer.contains('\n')) {
            FuzzTarget::fail("an answer that is not one compact JSON object", answer.constData());
        }
        const QJsonObject o = doc.object();
        bool shaped = false;
        switch (outcome) {
        case AllocationCaseRunner::Outcome::LineError:
            shaped = o.value(QLatin1String("line")).toInt() == lineNumber
                && o.value(QLatin1String("error")).isString();
            break;
        case AllocationCaseRunner::Outcome::CaseError:
            shaped = o.contains(QLatin1String("id")) && o.value(QLatin1String("error")).isString();
            break;
        case AllocationCaseRunner::Outcome::Answered:
            shaped = o.contains(QLatin1String("id"))
                && (o.value(QLatin1String("allocation")).isObject()
                    || o.value(QLatin1String("error")).isString());
            break;
        }
        if (!shaped) {
            FuzzTarget::fail("an answer not shaped as allocate-jsonl.md says", answer.constData());
        }
    }
    return 0;
}
