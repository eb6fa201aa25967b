// SPDX-License-Identifier: Apache-2.0
// The java.lang.String behaviours that RocketMQ's answers depend on: compareTo (how cidAll and
// broker names are sorted), split (MACHINE_ROOM's broker names) and getBytes(UTF_8) (the MD5
// input of CONSISTENT_HASH).
#include <rblab/javastring.h>

#include <QTest>

using namespace Rblab;

namespace {

QStringList utf8List(std::initializer_list<const char *> items)
{
    QStringList list;
    for (const char *item : items) {
        list.append(QString::fromUtf8(item));
    }
    return list;
}

} // namespace

class tst_JavaString : public QObject
{
    Q_OBJECT

private slots:
    void compare_data();
    void compare();
    void split_data();
    void split();
    void utf8_data();
    void utf8();
    void utf8MatchesQtForValidText();
    void hashCode_data();
    void hashCode();
    void hashOrder_data();
    void hashOrder();
};

void tst_JavaString::hashCode_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint32>("hash");
    // Values from java.lang.String.hashCode().
    QTest::newRow("empty") << QString() << 0;
    QTest::newRow("hello") << QStringLiteral("hello") << 99162322;
    QTest::newRow("wraps negative") << QStringLiteral("ChurnTopic") << -201422397;
    QTest::newRow("retry topic") << QStringLiteral("%RETRY%churn_group") << 600952618;
    QTest::newRow("surrogates by code unit") << QStringLiteral("\U00010000") << 1770496;
}

void tst_JavaString::hashCode()
{
    QFETCH(QString, text);
    QFETCH(qint32, hash);
    QCOMPARE(javaHashCode(text), hash);
}

void tst_JavaString::hashOrder_data()
{
    const auto names
        = [](const char *csv) { return QString::fromLatin1(csv).split(QLatin1Char(',')); };
    QTest::addColumn<QStringList>("keys");
    QTest::addColumn<QList<qsizetype>>("order");
    // run1's group: %RETRY%churn_group is in bin 11, ChurnTopic in bin 13, so the real client
    // rebalanced the retry topic first (its log at c3's thaw).
    QTest::newRow("run1: retry first")
        << names("ChurnTopic,%RETRY%churn_group") << QList<qsizetype> { 1, 0 };
    // DemoTopic: bin 5, %RETRY%demo_group: bin 12.
    QTest::newRow("main first") << names("DemoTopic,%RETRY%demo_group")
                                << QList<qsizetype> { 0, 1 };
    // "Aa" and "BB" have the same hashCode: one bin, insertion order.
    QTest::newRow("one bin keeps insertion order") << names("BB,Aa") << QList<qsizetype> { 0, 1 };
    // Twelve keys grow the table to 32: "a".."l" are 97..108, bins 1..12 either way, but "p"
    // (112) is bin 0 of 16 and bin 16 of 32.
    QTest::newRow("table of 16") << names("a,b,c,d,e,f,g,h,i,j,p")
                                 << QList<qsizetype> { 10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    QTest::newRow("table of 32") << names("a,b,c,d,e,f,g,h,i,j,k,p")
                                 << QList<qsizetype> { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };
}

void tst_JavaString::hashOrder()
{
    QFETCH(QStringList, keys);
    QFETCH(QList<qsizetype>, order);
    QCOMPARE(javaHashOrder(keys), order);
}

void tst_JavaString::compare_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("sign");
    QTest::newRow("'0' < '@', not numeric") << "10.0.0.10@3#3"
                                            << "10.0.0.1@1#1" << -1;
    QTest::newRow("equal") << "10.0.0.1@1#1"
                           << "10.0.0.1@1#1" << 0;
    QTest::newRow("prefix first") << "CID-1"
                                  << "CID-10" << -1;
    QTest::newRow("empty first") << ""
                                 << "a" << -1;
    QTest::newRow("upper case before lower") << "Z"
                                             << "a" << -1;
    QTest::newRow("Latin-1 after ASCII") << QStringLiteral("é3") << "z" << 1;
    QTest::newRow("CJK after ASCII") << QStringLiteral("机房0") << "rz1" << 1;
    // U+FFFF against U+10000 (surrogates D800 DC00): by code unit U+FFFF is larger, though by
    // code point it is smaller. Java compares code units.
    QTest::newRow("surrogates by code unit")
        << QString(QChar(0xFFFF)) << QString::fromUcs4(U"\U00010000") << 1;
    QTest::newRow("high surrogate vs BMP above it")
        << QString::fromUcs4(U"\U0001F600") << QString(QChar(0xE000)) << -1;
}

void tst_JavaString::compare()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, sign);
    const int forward = javaCompare(a, b);
    const int backward = javaCompare(b, a);
    QCOMPARE((forward > 0) - (forward < 0), sign);
    QCOMPARE((backward > 0) - (backward < 0), -sign);
}

void tst_JavaString::split_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("separator");
    QTest::addColumn<QStringList>("fields");
    QTest::newRow("a@b") << "a@b"
                         << "@" << utf8List({ "a", "b" });
    QTest::newRow("trailing empty removed: a@b@") << "a@b@"
                                                  << "@" << utf8List({ "a", "b" });
    QTest::newRow("all trailing removed: room1@") << "room1@"
                                                  << "@" << utf8List({ "room1" });
    QTest::newRow("leading empty kept: @broker") << "@broker"
                                                 << "@" << utf8List({ "", "broker" });
    QTest::newRow("inner empty kept: a@@b") << "a@@b"
                                            << "@" << utf8List({ "a", "", "b" });
    QTest::newRow("only separator: @") << "@"
                                       << "@" << QStringList();
    QTest::newRow("only separators: @@") << "@@"
                                         << "@" << QStringList();
    QTest::newRow("a@@") << "a@@"
                         << "@" << utf8List({ "a" });
    QTest::newRow("no separator") << "plain"
                                  << "@" << utf8List({ "plain" });
    QTest::newRow("empty text") << ""
                                << "@" << utf8List({ "" });
    QTest::newRow("three fields") << "a@b@c"
                                  << "@" << utf8List({ "a", "b", "c" });
    QTest::newRow("longer separator") << "::x::y::"
                                      << "::" << utf8List({ "", "x", "y" });
}

void tst_JavaString::split()
{
    QFETCH(QString, text);
    QFETCH(QString, separator);
    QFETCH(QStringList, fields);
    QCOMPARE(javaSplit(text, separator), fields);
}

void tst_JavaString::utf8_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QByteArray>("hex");
    QTest::newRow("ASCII") << "c1-0" << QByteArray("63312d30");
    QTest::newRow("two bytes") << QStringLiteral("é") << QByteArray("c3a9");
    QTest::newRow("three bytes") << QStringLiteral("机") << QByteArray("e69cba");
    QTest::newRow("surrogate pair → four bytes")
        << QString::fromUcs4(U"\U0001F600") << QByteArray("f09f9880");
    // The JDK's encoder writes '?' for a surrogate without its partner.
    QTest::newRow("lone high surrogate") << QString(QChar(0xD83D)) << QByteArray("3f");
    QTest::newRow("lone low surrogate") << QString(QChar(0xDE00)) << QByteArray("3f");
    QTest::newRow("high then ASCII")
        << QString(QChar(0xD83D)) + QLatin1Char('x') << QByteArray("3f78");
    QTest::newRow("low then high") << QString(QChar(0xDE00)) + QChar(0xD83D) << QByteArray("3f3f");
    QTest::newRow("pair after lone high")
        << QString(QChar(0xD83D)) + QString::fromUcs4(U"\U0001F600") << QByteArray("3ff09f9880");
}

void tst_JavaString::utf8()
{
    QFETCH(QString, text);
    QFETCH(QByteArray, hex);
    QCOMPARE(javaUtf8(text).toHex(), hex);
}

void tst_JavaString::utf8MatchesQtForValidText()
{
    const QString text
        = QStringLiteral("MessageQueue [topic=主题, brokerName=机房0-broker0, queueId=7] é 😀");
    QCOMPARE(javaUtf8(text), text.toUtf8());
}

QTEST_APPLESS_MAIN(tst_JavaString)
#include "tst_javastring.moc"
