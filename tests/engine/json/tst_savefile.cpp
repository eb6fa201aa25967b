// SPDX-License-Identifier: Apache-2.0
// Files the tools write are replaced whole or not at all, even on a full disk.
//
// Qt 6.4's QSaveFile::commit() flushes its write buffer in close() without noticing a failed
// flush: on a full disk `rblab import-logs --report` replaced the old report with 0 bytes,
// `compare --output` left 4096 bytes of an HTML page, new-strategy wrote 7 empty files, all
// with exit status 0, and `simulate --csv` left a new consumers.csv beside the old queues.csv.
// A full disk is made here with RLIMIT_FSIZE: a write past the limit fails (EFBIG) as a write
// past the free space does (ENOSPC), without root or a small file system.
#include "simtestsupport.h"

#include <report/reportwriter.h>
#include <json/savefile.h>
#include <run/simulation.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using namespace Rblab;
using namespace SimTest;

namespace {

//! Files cannot grow past `bytes` while it lives (writes fail as on a full disk).
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        std::signal(SIGXFSZ, SIG_IGN); // the write fails with EFBIG instead of killing us
        getrlimit(RLIMIT_FSIZE, &m_old);
        rlimit limit = m_old;
        limit.rlim_cur = bytes;
        m_ok = setrlimit(RLIMIT_FSIZE, &limit) == 0;
    }
    ~FileSizeLimit() { setrlimit(RLIMIT_FSIZE, &m_old); }
    bool ok() const { return m_ok; }

private:
    rlimit m_old {};
    bool m_ok = false;
};

QByteArray contents(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

void put(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
}

} // namespace

class tst_SaveFile : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(registryError().isEmpty(), qPrintable(registryError())); }
    void fullDiskKeepsTheOldFile();
    void writtenInFullWhenThereIsRoom();
    void setIsCommittedWholeOrNotAtAll();
    void csvSetStaysWholeOnAFullDisk();
};

void tst_SaveFile::fullDiskKeepsTheOldFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.json"));
    put(path, "OLD");
    // Smaller than QFileDevice's buffer (16 KiB): write() takes it all and reports no error;
    // only the flush at the end meets the full disk. QSaveFile::commit() alone returned true
    // and left the first 1000 bytes in place of the old file.
    const QByteArray data(3000, 'x');
    bool committed = true;
    QString reason;
    {
        FileSizeLimit limit(1000);
        QVERIFY(limit.ok());
        QSaveFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(data), qint64(data.size()));
        committed = commitFully(file);
        reason = file.errorString();
    }
    QVERIFY(!committed);
    QVERIFY(!reason.isEmpty()); // "No space left on device" on a full disk
    QCOMPARE(contents(path), QByteArray("OLD"));
    // No temporary file is left behind either.
    QCOMPARE(
        QDir(dir.path()).entryList(QDir::Files), QStringList { QStringLiteral("report.json") });
}

void tst_SaveFile::writtenInFullWhenThereIsRoom()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.json"));
    put(path, "OLD");
    const QByteArray data(64 * 1024, 'x');
    FileSizeLimit limit(1024 * 1024);
    QVERIFY(limit.ok());
    QSaveFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(data), qint64(data.size()));
    QVERIFY2(commitFully(file), qPrintable(file.errorString()));
    QCOMPARE(contents(path), data);
}

void tst_SaveFile::setIsCommittedWholeOrNotAtAll()
{
    QTemporaryDir dir;
    const QStringList names
        = { QStringLiteral("a.csv"), QStringLiteral("b.csv"), QStringLiteral("c.csv") };
    for (const QString &name : names) {
        put(dir.filePath(name), "OLD " + name.toUtf8());
    }
    QSaveFile *failed = nullptr;
    {
        FileSizeLimit limit(1000);
        QVERIFY(limit.ok());
        QSaveFile a(dir.filePath(names[0]));
        QSaveFile b(dir.filePath(names[1]));
        QSaveFile c(dir.filePath(names[2]));
        for (QSaveFile *f : { &a, &b, &c }) {
            QVERIFY(f->open(QIODevice::WriteOnly));
        }
        a.write(QByteArray(500, 'a')); // fits
        b.write(QByteArray(3000, 'b')); // does not, which only the flush finds out
        c.write(QByteArray(500, 'c'));
        failed = commitAll({ &a, &b, &c });
        QCOMPARE(failed, &b);
    }
    for (const QString &name : names) {
        QCOMPARE(contents(dir.filePath(name)), "OLD " + name.toUtf8());
    }
}

void tst_SaveFile::csvSetStaysWholeOnAFullDisk()
{
    WorldSpec spec;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(2 * kMinute);
    QTemporaryDir dir;
    const QStringList names = { QStringLiteral("consumers.csv"), QStringLiteral("queues.csv"),
        QStringLiteral("health.csv") };
    for (const QString &name : names) {
        put(dir.filePath(name), "OLD " + name.toUtf8());
    }
    QString error;
    bool written = true;
    {
        // Room for consumers.csv (120 samples × 3 consumers), not for queues.csv.
        FileSizeLimit limit(48 * 1024);
        QVERIFY(limit.ok());
        written = ReportWriter::writeCsv(sim, dir.path(), &error);
    }
    QVERIFY(!written);
    QVERIFY2(error.contains(QStringLiteral("queues.csv"))
            && error.contains(QStringLiteral("too large"), Qt::CaseInsensitive),
        qPrintable(error)); // the reason, not "Unknown error"
    for (const QString &name : names) {
        QCOMPARE(contents(dir.filePath(name)), "OLD " + name.toUtf8());
    }
    // With room, the new set replaces the old one.
    QVERIFY2(ReportWriter::writeCsv(sim, dir.path(), &error), qPrintable(error));
    QVERIFY(contents(dir.filePath(names[1])).startsWith("t,topic,brokerName,queueId"));
}

QTEST_GUILESS_MAIN(tst_SaveFile)
#include "tst_savefile.moc"
