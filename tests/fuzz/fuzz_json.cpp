// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the JSON layer of scenario files (JsonScanner, Utf8Decoder, JsonParser and
// JsonWriter). Whatever the bytes, parsing never crashes, every problem has a position, and a
// document that parses is written so that it parses again to the same tree, and writing that
// tree again gives the same bytes.
#include "fuzztarget.h"

#include "json/jsonparser.h"
#include "json/jsonwriter.h"

#include <QByteArray>
#include <QString>

using namespace Rblab;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    const JsonParser::Result first = JsonParser::parse(input);
    const long long lines = FuzzTarget::lineCount(data, size);
    for (const JsonProblem &problem : first.problems) {
        if (problem.line < 1 || problem.line > lines || problem.column < 1
            || problem.message.isEmpty()) {
            FuzzTarget::fail("a JSON problem without a position in the input",
                qPrintable(QStringLiteral("%1:%2 %3")
                               .arg(problem.line)
                               .arg(problem.column)
                               .arg(problem.message)));
        }
    }
    if (first.problems.isEmpty() != first.ok()) {
        FuzzTarget::fail("ok() disagrees with the problems");
    }
    // The fastjson dialect (remoting bodies, issue 36) reads a superset: whatever JSON reads,
    // and what it reads is written as JSON that reads back to the same tree.
    const JsonParser::Result fastjson = JsonParser::parse(input, JsonParser::Dialect::Fastjson);
    for (const JsonProblem &problem : fastjson.problems) {
        if (problem.line < 1 || problem.line > lines || problem.column < 1) {
            FuzzTarget::fail("a fastjson problem without a position in the input");
        }
    }
    if (first.ok() && !fastjson.ok()) {
        FuzzTarget::fail("the fastjson dialect rejects JSON");
    }
    if (fastjson.ok()) {
        const JsonParser::Result reread
            = JsonParser::parse(JsonWriter::compactUtf8(*fastjson.root));
        if (!reread.ok()
            || JsonWriter::compact(*reread.root) != JsonWriter::compact(*fastjson.root)) {
            FuzzTarget::fail("a fastjson tree does not read back as JSON");
        }
    }
    if (!first.ok()) {
        return 0;
    }
    const QByteArray written = JsonWriter::write(*first.root);
    const JsonParser::Result second = JsonParser::parse(written);
    if (!second.ok()) {
        FuzzTarget::fail("JsonWriter wrote what JsonParser rejects",
            qPrintable(QString::fromUtf8(written.left(4000)) + QLatin1Char('\n')
                + second.problems.value(0).message));
    }
    if (JsonWriter::compact(*second.root) != JsonWriter::compact(*first.root)) {
        FuzzTarget::fail("a written document does not read back as the same tree",
            written.left(4000).constData());
    }
    if (JsonWriter::write(*second.root) != written) {
        FuzzTarget::fail("writing is not stable", written.left(4000).constData());
    }
    return 0;
}
