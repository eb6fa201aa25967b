// SPDX-License-Identifier: Apache-2.0
// MovementBound: moves between two assignments and the fewest moves that reach a balanced one,
// on worlds small enough to work out by hand.
#include <allocation/movementbound.h>

#include <QTest>

using namespace Rblab;

class tst_MovementBound : public QObject
{
    Q_OBJECT

private slots:
    void moves();
    void lowerBound_data();
    void lowerBound();
};

namespace {
QList<QString> owners(const char *text)
{
    // "aab-" is a, a, b and a queue nobody holds.
    QList<QString> list;
    for (const char *p = text; *p; ++p) {
        list.append(*p == '-' ? QString() : QString(QLatin1Char(*p)));
    }
    return list;
}
} // namespace

void tst_MovementBound::moves()
{
    QCOMPARE(MovementBound::moves(owners("aabb"), owners("aabb")), qsizetype(0));
    QCOMPARE(MovementBound::moves(owners("aabb"), owners("abab")), qsizetype(2));
    QCOMPARE(MovementBound::moves(owners("aa-b"), owners("aacb")), qsizetype(1));
}

void tst_MovementBound::lowerBound_data()
{
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<QByteArray>("after"); // one id a letter
    QTest::addColumn<int>("expected");
    // 4 queues, b joins a: shares 2 and 2; a holds all 4 and must give 2.
    QTest::newRow("join of b") << QByteArray("aaaa") << QByteArray("ab") << 2;
    // 4 queues over a, b, c: shares 2, 1, 1 (the 2 to a holder of 2); a and b hold 2 each:
    // a keeps 2, b keeps 1, c gets 1 → 1 move.
    QTest::newRow("join of c") << QByteArray("aabb") << QByteArray("abc") << 1;
    // b leaves: a's share is all 4; b's 2 queues must move.
    QTest::newRow("leave of b") << QByteArray("aabb") << QByteArray("a") << 2;
    // 16 queues, 8 → 9 consumers (issue 9): shares 7 × 2 and 2 × 1 → one queue moves (6.2 %).
    QTest::newRow("16q 8 to 9") << QByteArray("aabbccddeeffgghh") << QByteArray("abcdefghi") << 1;
    // 16 queues, 9 → 8: the leaver's queues move, nothing else must.
    QTest::newRow("16q 9 to 8") << QByteArray("aabbccddeeffghii") << QByteArray("abcdefgh") << 2;
    // Unbalanced start (CONSISTENT_HASH-like): a holds 5 of 6, b 1, c none; shares 2, 2, 2.
    QTest::newRow("rebalance") << QByteArray("aaaaab") << QByteArray("abc") << 3;
    // Queues nobody holds must all move.
    QTest::newRow("orphans") << QByteArray("--ab") << QByteArray("ab") << 2;
    // Duplicated ids count once.
    QTest::newRow("duplicate id") << QByteArray("aabb") << QByteArray("aab") << 0;
    QTest::newRow("nobody") << QByteArray("aabb") << QByteArray("") << 0;
}

void tst_MovementBound::lowerBound()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QFETCH(int, expected);
    QStringList cids;
    for (const char id : after) {
        cids.append(QString(QLatin1Char(id)));
    }
    QCOMPARE(MovementBound::lowerBound(owners(before.constData()), cids), qsizetype(expected));
}

QTEST_GUILESS_MAIN(tst_MovementBound)
#include "tst_movementbound.moc"
