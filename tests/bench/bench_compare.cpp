// SPDX-License-Identifier: Apache-2.0
// compare.reference: four variants of the reference world for 10 virtual minutes through the
// whole `rblab compare` process, with --jobs 2 and one run after another (--jobs 1). Issue 12's
// target: the parallel run in ≤ 0.6× the time of the sequential one on a 2-core machine.
#include "benchresults.h"
#include "rblabprocess.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

class bench_Compare : public QObject
{
    Q_OBJECT

private slots:
    void reference();
};

void bench_Compare::reference()
{
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const QStringList common { QStringLiteral("compare"),
        QStringLiteral(RBLAB_TEST_DATA_DIR "/scenarios/reference-1h.json"),
        QStringLiteral("--variant"), QStringLiteral("AVG"), QStringLiteral("--variant"),
        QStringLiteral("AVG_BY_CIRCLE"), QStringLiteral("--variant"),
        QStringLiteral("CONSISTENT_HASH"), QStringLiteral("--variant"),
        QStringLiteral("BOUNDED_RENDEZVOUS"), QStringLiteral("--until"), QStringLiteral("10m"),
        QStringLiteral("--quiet"), QStringLiteral("--format"), QStringLiteral("json") };
    const auto median = [&](const QString &jobs) {
        QList<double> seconds;
        QByteArray out;
        for (int i = 0; i < 3; ++i) {
            const RblabProcess::Result r
                = RblabProcess(home.path())
                      .run(common + QStringList { QStringLiteral("--jobs"), jobs }, QByteArray(),
                          600000);
            if (!r.finished || r.exitCode != 0) {
                qWarning().noquote() << r.describe();
                return -1.0;
            }
            if (!out.isEmpty() && out != r.out) {
                qWarning("compare gave different figures on the same input");
                return -1.0;
            }
            out = r.out;
            seconds.append(double(r.elapsedMs) / 1000.0);
        }
        std::sort(seconds.begin(), seconds.end());
        return seconds.at(1);
    };
    const double sequential = median(QStringLiteral("1"));
    const double parallel = median(QStringLiteral("2"));
    QVERIFY(sequential > 0 && parallel > 0);
    const double ratio = parallel / sequential;
    BenchResults::record(QStringLiteral("compare.reference"), parallel, QStringLiteral("s"),
        QStringLiteral("4 variants × 10 virtual minutes of the reference world, --jobs 2, whole "
                       "process, median of 3"));
    BenchResults::record(QStringLiteral("compare.reference.sequential"), sequential,
        QStringLiteral("s"), QStringLiteral("the same with --jobs 1"));
    BenchResults::record(QStringLiteral("compare.reference.ratio"), ratio, QStringLiteral("×"),
        QStringLiteral("--jobs 2 over --jobs 1 (target ≤ 0.6 on 2 cores)"));
    qInfo("compare.reference: %.2f s with --jobs 2, %.2f s with --jobs 1 (%.2f×)", parallel,
        sequential, ratio);
}

QTEST_GUILESS_MAIN(bench_Compare)
#include "bench_compare.moc"
