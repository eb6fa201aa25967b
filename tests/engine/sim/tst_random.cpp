// SPDX-License-Identifier: Apache-2.0
// The seeded streams (sim/random.h): the same seed gives the same draws, derived streams are
// independent of each other, and the distributions the model draws from have the right moments
// (consume times are exponential with the configured mean; failures happen at their rate).
#include <sim/random.h>

#include <QSet>
#include <QTest>

#include <cmath>

using namespace Rblab;

// The ziggurat's tables are a static member that the engine library builds but does not export
// (like EventQueue, an internal of the hot path): this test builds its own.
const Random::Ziggurat Random::s_ziggurat;

class tst_Random : public QObject
{
    Q_OBJECT

private slots:
    void sameSeedSameStream();
    void derivedStreamsDiffer();
    void uniformIsInRangeAndFlat();
    void belowIsInRangeAndFlat();
    void exponentialMean_data();
    void exponentialMean();
    void normalMoments();
    void chanceRate_data();
    void chanceRate();
    void hashIsAFunction();
};

void tst_Random::sameSeedSameStream()
{
    Random a(42);
    Random b(42);
    Random c(43);
    int differences = 0;
    for (int i = 0; i < 1000; ++i) {
        const quint64 x = a.next();
        QCOMPARE(b.next(), x);
        differences += c.next() != x ? 1 : 0;
    }
    QCOMPARE(differences, 1000);
    a.reseed(42);
    Random d(42);
    for (int i = 0; i < 100; ++i) {
        QCOMPARE(a.exponential(3.0), d.exponential(3.0));
    }
}

void tst_Random::derivedStreamsDiffer()
{
    // One stream per (seed, kind, entity): adding a consumer does not change the others' draws.
    QSet<quint64> seeds;
    for (quint64 seed : { 1ull, 2ull }) {
        for (quint64 kind = 0; kind < 5; ++kind) {
            for (quint64 index = 0; index < 200; ++index) {
                seeds.insert(Random::derive(seed, kind, index));
            }
        }
    }
    QCOMPARE(seeds.size(), 2 * 5 * 200);
    QCOMPARE(Random::derive(7, 1, 3), Random::derive(7, 1, 3));
    Random a(Random::derive(7, 1, 3));
    Random b(Random::derive(7, 1, 4));
    int same = 0;
    for (int i = 0; i < 1000; ++i) {
        same += (a.next() >> 32) == (b.next() >> 32) ? 1 : 0;
    }
    QVERIFY(same <= 1);
}

void tst_Random::uniformIsInRangeAndFlat()
{
    Random r(5);
    const int n = 1000000;
    int buckets[10] = {};
    double sum = 0;
    for (int i = 0; i < n; ++i) {
        const double u = r.uniform();
        QVERIFY(u >= 0.0 && u < 1.0);
        sum += u;
        ++buckets[int(u * 10)];
    }
    QVERIFY(std::abs(sum / n - 0.5) < 0.002);
    for (int b : buckets) {
        QVERIFY2(std::abs(b - n / 10) < 2000, qPrintable(QString::number(b)));
    }
}

void tst_Random::belowIsInRangeAndFlat()
{
    Random r(6);
    QCOMPARE(r.below(0), quint64(0));
    QCOMPARE(r.below(1), quint64(0));
    int counts[7] = {};
    for (int i = 0; i < 700000; ++i) {
        const quint64 x = r.below(7);
        QVERIFY(x < 7);
        ++counts[x];
    }
    for (int c : counts) {
        QVERIFY2(std::abs(c - 100000) < 1500, qPrintable(QString::number(c)));
    }
}

void tst_Random::exponentialMean_data()
{
    QTest::addColumn<double>("mean");
    QTest::newRow("0.3 ms") << 0.3;
    QTest::newRow("2 ms") << 2.0;
    QTest::newRow("45 s (churn)") << 45000.0;
}

void tst_Random::exponentialMean()
{
    QFETCH(double, mean);
    Random r(11);
    const int n = 1000000;
    double sum = 0;
    double squares = 0;
    int aboveMean = 0;
    for (int i = 0; i < n; ++i) {
        const double x = r.exponential(mean);
        QVERIFY(x >= 0);
        sum += x;
        squares += x * x;
        aboveMean += x > mean ? 1 : 0;
    }
    const double m = sum / n;
    const double variance = squares / n - m * m;
    // Mean μ, variance μ², P(X > μ) = 1/e; the standard error of the mean is μ/1000 here.
    QVERIFY2(std::abs(m / mean - 1) < 0.005, qPrintable(QString::number(m)));
    QVERIFY2(std::abs(variance / (mean * mean) - 1) < 0.02, qPrintable(QString::number(variance)));
    QVERIFY2(std::abs(double(aboveMean) / n - std::exp(-1.0)) < 0.002,
        qPrintable(QString::number(aboveMean)));
}

void tst_Random::normalMoments()
{
    Random r(12);
    const int n = 1000000;
    double sum = 0;
    double squares = 0;
    int within = 0;
    for (int i = 0; i < n; ++i) {
        const double x = r.normal();
        sum += x;
        squares += x * x;
        within += std::abs(x) < 1.0 ? 1 : 0;
    }
    QVERIFY(std::abs(sum / n) < 0.005);
    QVERIFY(std::abs(squares / n - 1) < 0.01);
    QVERIFY(std::abs(double(within) / n - 0.682689) < 0.002);
}

void tst_Random::chanceRate_data()
{
    QTest::addColumn<double>("p");
    QTest::newRow("never") << 0.0;
    QTest::newRow("1 %") << 0.01;
    QTest::newRow("30 %") << 0.3;
    QTest::newRow("always") << 1.0;
}

void tst_Random::chanceRate()
{
    QFETCH(double, p);
    Random r(13);
    const int n = 500000;
    int hits = 0;
    for (int i = 0; i < n; ++i) {
        hits += r.chance(p) ? 1 : 0;
    }
    if (p == 0.0 || p == 1.0) {
        QCOMPARE(hits, int(p * n));
    } else {
        QVERIFY2(std::abs(double(hits) / n - p) < 4 * std::sqrt(p * (1 - p) / n),
            qPrintable(QString::number(hits)));
    }
}

void tst_Random::hashIsAFunction()
{
    // A message's size is a function of its identity: the same offset, the same body.
    QCOMPARE(Random::hash(1, 2), Random::hash(1, 2));
    QVERIFY(Random::hash(1, 2) != Random::hash(2, 1));
    QVERIFY(Random::hash(1, 2) != Random::hash(1, 3));
}

QTEST_GUILESS_MAIN(tst_Random)
#include "tst_random.moc"
