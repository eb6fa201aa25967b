// SPDX-License-Identifier: Apache-2.0
// JsonParser: positions of values and keys, the full JSON syntax, and precise syntax errors.
#include "json/jsonparser.h"
#include "json/jsonwriter.h"

#include <QRandomGenerator>
#include <QTest>

using namespace Rblab;

class tst_JsonParser : public QObject
{
    Q_OBJECT

private slots:
    void positions();
    void positionsCountCharacters();
    void lineBreaks();
    void values_data();
    void values();
    void numbers();
    void byteOrderMark();
    void syntaxErrors_data();
    void syntaxErrors();
    void duplicateKeys();
    void depthLimit();
    void writerRoundTrip();
    void randomBytesNeverCrash();
};

void tst_JsonParser::positions()
{
    const QByteArray text = "{\n"
                            "  \"name\": \"demo\",\n"
                            "  \"list\": [1, {\"x\": true}],\n"
                            "  \"n\": null\n"
                            "}";
    const JsonParser::Result result = JsonParser::parse(text);
    QVERIFY(result.ok());
    const JsonNode &root = *result.root;
    QCOMPARE(root.line(), 1);
    QCOMPARE(root.column(), 1);
    QCOMPARE(root.keys().size(), 3);
    QCOMPARE(root.keys().at(0).name, QStringLiteral("name"));
    QCOMPARE(root.keys().at(0).line, 2);
    QCOMPARE(root.keys().at(0).column, 3);
    const JsonNode *name = root.value(u"name");
    QVERIFY(name);
    QCOMPARE(name->line(), 2);
    QCOMPARE(name->column(), 11);
    const JsonNode *list = root.value(u"list");
    QCOMPARE(list->line(), 3);
    QCOMPARE(list->column(), 11);
    QCOMPARE(list->items()[0].column(), 12);
    const JsonNode &inner = list->items()[1];
    QCOMPARE(inner.column(), 15);
    QCOMPARE(inner.keys().at(0).column, 16);
    QCOMPARE(inner.value(u"x")->column(), 21);
    QCOMPARE(root.value(u"n")->line(), 4);
    QCOMPARE(root.value(u"n")->column(), 8);
    QVERIFY(root.value(u"n")->isNull());
}

void tst_JsonParser::positionsCountCharacters()
{
    // Columns count characters, not bytes or UTF-16 units: "消费" is 2 characters (6 bytes),
    // the emoji 1 character (4 bytes, 2 UTF-16 units), a tab 1 character.
    const QByteArray text = "{\"a\": \"消费\", \"b\": \"\xF0\x9F\x98\x80\",\t\"c\": 1}";
    const JsonParser::Result result = JsonParser::parse(text);
    QVERIFY(result.ok());
    QCOMPARE(result.root->value(u"a")->text(), QStringLiteral("消费"));
    QCOMPARE(result.root->keys().at(1).column, 13);
    QCOMPARE(result.root->value(u"b")->column(), 18);
    QCOMPARE(result.root->keys().at(2).column, 23);
    QCOMPARE(result.root->value(u"c")->column(), 28);
}

void tst_JsonParser::lineBreaks()
{
    // "\r\n" is one line break, as is a lone "\r".
    const JsonParser::Result result = JsonParser::parse("{\r\n\"a\":\r1,\n  \"b\": 2}");
    QVERIFY(result.ok());
    QCOMPARE(result.root->keys().at(0).line, 2);
    QCOMPARE(result.root->value(u"a")->line(), 3);
    QCOMPARE(result.root->value(u"a")->column(), 1);
    QCOMPARE(result.root->keys().at(1).line, 4);
    QCOMPARE(result.root->keys().at(1).column, 3);
}

void tst_JsonParser::values_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");

    QTest::newRow("escapes") << QByteArray(R"("a\"b\\c\/d\b\f\n\r\t")")
                             << QStringLiteral("a\"b\\c/d\b\f\n\r\t");
    QTest::newRow("unicode escape")
        << QByteArray(R"("caf\u00e9 \u6D88")") << QStringLiteral("café 消");
    QTest::newRow("surrogate pair")
        << QByteArray(R"("\ud83d\ude00")") << QString::fromUtf8("\xF0\x9F\x98\x80");
    QTest::newRow("raw utf-8") << QByteArray("\"重平衡\"") << QStringLiteral("重平衡");
    QTest::newRow("empty") << QByteArray(R"("")") << QString();
}

void tst_JsonParser::values()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const JsonParser::Result result = JsonParser::parse(json);
    QVERIFY2(result.ok(), qPrintable(result.problems.value(0).message));
    QVERIFY(result.root->isString());
    QCOMPARE(result.root->text(), expected);
}

void tst_JsonParser::numbers()
{
    const JsonParser::Result result = JsonParser::parse(
        "[0, -12, 1.5, 1e3, 2E-2, 18446744073709551615, 9007199254740993, -0.0]");
    QVERIFY(result.ok());
    const auto &items = result.root->items();
    QCOMPARE(items.size(), size_t(8));
    QVERIFY(items[0].isInteger());
    QCOMPARE(items[1].toInt64(), std::optional<qint64>(-12));
    QVERIFY(!items[2].isInteger());
    QCOMPARE(items[2].toDouble(), 1.5);
    QVERIFY(!items[3].isInteger()); // 1e3 is a number, but not written as an integer
    QCOMPARE(items[3].toDouble(), 1000.0);
    QCOMPARE(items[4].toDouble(), 0.02);
    // Integers beyond 53 bits stay exact through their text.
    QCOMPARE(items[5].toUInt64(), std::optional<quint64>(18446744073709551615ULL));
    QVERIFY(!items[5].toInt64());
    QCOMPARE(items[6].toInt64(), std::optional<qint64>(9007199254740993LL));
    QCOMPARE(items[7].text(), QStringLiteral("-0.0"));
}

void tst_JsonParser::byteOrderMark()
{
    const JsonParser::Result result = JsonParser::parse("\xEF\xBB\xBF{\"a\": 1}");
    QVERIFY(result.ok());
    QCOMPARE(result.root->column(), 1);
    QCOMPARE(result.root->value(u"a")->column(), 7);
}

void tst_JsonParser::syntaxErrors_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");

    QTest::newRow("empty file") << QByteArray("  \n ") << 2 << 2 << QString()
                                << QStringLiteral("expected a JSON value, got an empty file");
    QTest::newRow("missing comma")
        << QByteArray("{\"a\": 1\n \"b\": 2}") << 2 << 2 << QString()
        << QStringLiteral("expected ',' or '}' after an object member, got '\"'");
    QTest::newRow("missing comma in array")
        << QByteArray("{\"a\": [1 2]}") << 1 << 10 << QStringLiteral("a")
        << QStringLiteral("expected ',' or ']' after an array element, got '2'");
    QTest::newRow("unclosed object")
        << QByteArray("{\"a\": {\"b\": 1}") << 1 << 15 << QString()
        << QStringLiteral("expected ',' or '}' after an object member, got the end "
                          "of the file (the object at line 1, column 1 is not closed)");
    QTest::newRow("unclosed array")
        << QByteArray("{\"a\": [1,\n") << 2 << 1 << QStringLiteral("a")
        << QStringLiteral("expected a value, got the end of the file (the array at "
                          "line 1, column 7 is not closed)");
    QTest::newRow("trailing comma object")
        << QByteArray("{\"a\": 1,}") << 1 << 9 << QString()
        << QStringLiteral("a comma before '}' is not allowed in JSON");
    QTest::newRow("trailing comma array")
        << QByteArray("[1, 2, ]") << 1 << 8 << QString()
        << QStringLiteral("a comma before ']' is not allowed in JSON");
    QTest::newRow("unquoted key") << QByteArray("{name: 1}") << 1 << 2 << QString()
                                  << QStringLiteral("expected a key in double quotes, got 'name'");
    QTest::newRow("single quotes") << QByteArray("{'a': 1}") << 1 << 2 << QString()
                                   << QStringLiteral("expected a key in double quotes, got '''");
    QTest::newRow("missing colon") << QByteArray("{\"a\" 1}") << 1 << 6 << QString()
                                   << QStringLiteral("expected ':' after the key \"a\", got '1'");
    QTest::newRow("bad literal") << QByteArray("{\"a\": True}") << 1 << 7 << QStringLiteral("a")
                                 << QStringLiteral(
                                        "expected a value (an object, array, string, number, true, "
                                        "false or null), got 'True'");
    QTest::newRow("comment") << QByteArray("{\"a\": 1 // one\n}") << 1 << 9 << QString()
                             << QStringLiteral(
                                    "expected ',' or '}' after an object member, got '/'");
    QTest::newRow("leading zero")
        << QByteArray("{\"a\": 012}") << 1 << 8 << QStringLiteral("a")
        << QStringLiteral("a number may not start with 0 followed by more digits in JSON");
    QTest::newRow("bare point") << QByteArray("{\"a\": 1.}") << 1 << 9 << QStringLiteral("a")
                                << QStringLiteral(
                                       "expected a digit after the decimal point, got '}'");
    QTest::newRow("empty exponent") << QByteArray("[1e]") << 1 << 4 << QStringLiteral("[0]")
                                    << QStringLiteral("expected a digit in the exponent, got ']'");
    QTest::newRow("minus alone") << QByteArray("[-]") << 1 << 3 << QStringLiteral("[0]")
                                 << QStringLiteral("expected a digit after '-', got ']'");
    QTest::newRow("huge number") << QByteArray("[1e999]") << 1 << 2 << QStringLiteral("[0]")
                                 << QStringLiteral("the number 1e999 is too large");
    QTest::newRow("unterminated string")
        << QByteArray("{\"a\": \"abc") << 1 << 11 << QStringLiteral("a")
        << QStringLiteral("unterminated string (it opens at line 1, column 7)");
    QTest::newRow("newline in string")
        << QByteArray("{\"a\": \"ab\ncd\"}") << 1 << 10 << QStringLiteral("a")
        << QStringLiteral("a string may not span lines: close it with '\"' or "
                          "write \\n (it opens at line 1, column 7)");
    QTest::newRow("tab in string")
        << QByteArray("[\"a\tb\"]") << 1 << 4 << QStringLiteral("[0]")
        << QStringLiteral("control character U+0009 in a string; write it as an "
                          "escape such as \\t");
    QTest::newRow("bad escape")
        << QByteArray("[\"a\\xb\"]") << 1 << 4 << QStringLiteral("[0]")
        << QStringLiteral("invalid escape \\x; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t "
                          "and \\uXXXX");
    QTest::newRow("short unicode escape")
        << QByteArray("[\"\\u12G4\"]") << 1 << 7 << QStringLiteral("[0]")
        << QStringLiteral("expected 4 hexadecimal digits after \\u, got 'G4'");
    QTest::newRow("lone high surrogate")
        << QByteArray("[\"\\ud83d!\"]") << 1 << 3 << QStringLiteral("[0]")
        << QStringLiteral("unpaired surrogate \\ud83d: expected a second \\u "
                          "escape from \\uDC00 to \\uDFFF after it");
    QTest::newRow("high then non-low")
        << QByteArray("[\"\\ud83d\\u0041\"]") << 1 << 3 << QStringLiteral("[0]")
        << QStringLiteral("unpaired surrogate \\ud83d: expected a second \\u "
                          "escape from \\uDC00 to \\uDFFF after it");
    QTest::newRow("lone low surrogate")
        << QByteArray("[\"\\ude00\"]") << 1 << 3 << QStringLiteral("[0]")
        << QStringLiteral("unpaired surrogate \\ude00: a low surrogate must "
                          "follow a high one (\\uD800 to \\uDBFF)");
    QTest::newRow("text after value")
        << QByteArray("{}\n{}") << 2 << 1 << QString()
        << QStringLiteral("expected the end of the file after the top-level "
                          "value, got '{'");
    QTest::newRow("invalid utf-8")
        << QByteArray("{\"a\":\n \"x\xC3\x28\"}") << 2 << 4 << QString()
        << QStringLiteral("invalid UTF-8 byte 0xC3; expected UTF-8 text");
    QTest::newRow("overlong utf-8")
        << QByteArray("[\"\xC0\xAF\"]") << 1 << 3 << QString()
        << QStringLiteral("invalid UTF-8 byte 0xC0; expected UTF-8 text");
    QTest::newRow("utf-16") << QByteArray("\xFF\xFE{\0}\0", 6) << 1 << 1 << QString()
                            << QStringLiteral("the file is UTF-16; expected UTF-8");
    QTest::newRow("nested path") << QByteArray("{\"groups\": [{\"consumers\": [{\"id\" \"x\"}]}]}")
                                 << 1 << 34 << QStringLiteral("groups[0].consumers[0]")
                                 << QStringLiteral("expected ':' after the key \"id\", got '\"'");
}

void tst_JsonParser::syntaxErrors()
{
    QFETCH(QByteArray, json);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, path);
    QFETCH(QString, message);

    const JsonParser::Result result = JsonParser::parse(json);
    QVERIFY(!result.ok());
    QVERIFY(!result.root);
    QCOMPARE(result.problems.size(), 1);
    const JsonProblem &problem = result.problems.first();
    QCOMPARE(problem.message, message);
    QCOMPARE(problem.line, line);
    QCOMPARE(problem.column, column);
    QCOMPARE(problem.path, path);
    QVERIFY(problem.fatal);
}

void tst_JsonParser::duplicateKeys()
{
    const JsonParser::Result result
        = JsonParser::parse("{\"a\": 1,\n \"b\": {\"x\": 1, \"x\": 2},\n \"a\": 3}");
    QVERIFY(result.root); // a duplicate does not stop the parse
    QCOMPARE(result.problems.size(), 2);
    const JsonProblem &inner = result.problems.at(0);
    QCOMPARE(inner.line, 2);
    QCOMPARE(inner.column, 16);
    QCOMPARE(inner.path, QStringLiteral("b.x"));
    QCOMPARE(inner.message,
        QStringLiteral("duplicate key \"x\" (first at line 2, column 8; only the first is used)"));
    QVERIFY(!inner.fatal);
    const JsonProblem &outer = result.problems.at(1);
    QCOMPARE(outer.line, 3);
    QCOMPARE(outer.column, 2);
    QCOMPARE(outer.message,
        QStringLiteral("duplicate key \"a\" (first at line 1, column 2; only the first is used)"));
    QCOMPARE(result.root->value(u"a")->toDouble(), 1.0);
    QCOMPARE(result.root->value(u"b")->value(u"x")->toDouble(), 1.0);
}

void tst_JsonParser::depthLimit()
{
    const int limit = JsonParser::maxDepth;
    const QByteArray ok = QByteArray(limit, '[') + QByteArray(limit, ']');
    QVERIFY(JsonParser::parse(ok).ok());

    const QByteArray deep = QByteArray(limit + 1, '[') + QByteArray(limit + 1, ']');
    JsonParser::Result result = JsonParser::parse(deep);
    QCOMPARE(result.problems.size(), 1);
    QCOMPARE(result.problems.first().column, limit + 1);
    QCOMPARE(result.problems.first().message, QStringLiteral("nesting deeper than 128 levels"));

    // Hostile input: a million brackets and braces must not overflow the stack.
    result = JsonParser::parse(QByteArray(1000000, '['));
    QCOMPARE(result.problems.size(), 1);
    result = JsonParser::parse(QByteArray("{\"a\":").repeated(200000));
    QCOMPARE(result.problems.size(), 1);
    QCOMPARE(result.problems.first().message, QStringLiteral("nesting deeper than 128 levels"));
}

void tst_JsonParser::writerRoundTrip()
{
    const QByteArray text
        = R"({"s": "a\"\\\n\t\u0001é😀", "n": [0, -1.25, 1e-7, 12345678901234567], "o": {}, "a": [],
        "t": true, "f": false, "z": null, "long": ["aaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
        "ccccccccccccccccccccccccccccccc"]})";
    const JsonParser::Result first = JsonParser::parse(text);
    QVERIFY(first.ok());
    const QByteArray written = JsonWriter::write(*first.root);
    const JsonParser::Result second = JsonParser::parse(written);
    QVERIFY2(second.ok(), written.constData());
    QCOMPARE(JsonWriter::compact(*second.root), JsonWriter::compact(*first.root));
    QCOMPARE(second.root->toVariant(), first.root->toVariant());
    // The long array did not fit on one line; members keep their order.
    QVERIFY(written.contains("\"long\": [\n    \"aaaa"));
    QVERIFY(written.startsWith("{\n  \"s\": "));
}

void tst_JsonParser::randomBytesNeverCrash()
{
    // Fuzz-style: random bytes drawn from JSON's alphabet (and some that are not) must give a
    // value or a positioned problem, never a crash or a problem without a position.
    QRandomGenerator random(20240601);
    const QByteArray alphabet
        = "{}[]\":,0123456789.-+eE truefalsnl\\u\n\t\xC3\xA9\xF0\x9F\x98\x80\xFF";
    for (int i = 0; i < 20000; ++i) {
        QByteArray data;
        const int length = int(random.bounded(1, 60));
        for (int k = 0; k < length; ++k) {
            data.append(alphabet.at(int(random.bounded(qsizetype(alphabet.size())))));
        }
        const JsonParser::Result result = JsonParser::parse(data);
        QVERIFY(result.root || !result.problems.isEmpty());
        for (const JsonProblem &problem : result.problems) {
            QVERIFY2(problem.line >= 1 && problem.column >= 1, data.toHex().constData());
            QVERIFY(!problem.message.isEmpty());
        }
    }
}

QTEST_GUILESS_MAIN(tst_JsonParser)
#include "tst_jsonparser.moc"
