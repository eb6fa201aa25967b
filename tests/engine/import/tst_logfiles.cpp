// SPDX-License-Identifier: Apache-2.0
// LogFileList: the client logs a folder stands for (docs/import.md, section 2).
#include <import/logfilereader.h>
#include <import/logfiles.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Rblab;

class tst_LogFiles : public QObject
{
    Q_OBJECT

private slots:
    void clientLogNames_data();
    void clientLogNames();
    void folderTree();
    void filesAndFoldersTogether();
    void errors();
    void longLineIsCut();
    void folderPastPathMaxIsNamed();
};

namespace {

void touch(const QString &path)
{
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("x\n");
}

QStringList relative(const QString &root, const QStringList &files)
{
    QStringList out;
    for (const QString &f : files) {
        out.append(QDir(root).relativeFilePath(f));
    }
    return out;
}

} // namespace

void tst_LogFiles::clientLogNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("client");
    // What 4.9 (LoggingBuilder) and 5.x (logback.xml) write.
    QTest::newRow("current") << QStringLiteral("rocketmq_client.log") << true;
    QTest::newRow("4.9 rotation 1") << QStringLiteral("rocketmq_client.log.1") << true;
    QTest::newRow("4.9 rotation 10") << QStringLiteral("rocketmq_client.log.10") << true;
    QTest::newRow("5.x rotation") << QStringLiteral("rocketmq_client-1.log.gz") << true;
    QTest::newRow("5.x rotation 10") << QStringLiteral("rocketmq_client-10.log.gz") << true;
    // Everything else beside them.
    QTest::newRow("copy") << QStringLiteral("rocketmq_client.log.bak") << false;
    QTest::newRow("temp") << QStringLiteral("rocketmq_client.log.1.tmp") << false;
    QTest::newRow("other logger") << QStringLiteral("rocketmq_common.log") << false;
    QTest::newRow("app") << QStringLiteral("app.log") << false;
    QTest::newRow("no index") << QStringLiteral("rocketmq_client-.log.gz") << false;
    QTest::newRow("gz of current") << QStringLiteral("rocketmq_client.log.gz") << false;
    QTest::newRow("prefix") << QStringLiteral("old_rocketmq_client.log") << false;
}

void tst_LogFiles::clientLogNames()
{
    QFETCH(QString, name);
    QFETCH(bool, client);
    QCOMPARE(LogFileList::isClientLogName(name), client);
}

void tst_LogFiles::folderTree()
{
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("incident"));
    touch(root + QStringLiteral("/host-b/rocketmq_client.log"));
    touch(root + QStringLiteral("/host-b/rocketmq_client.log.2"));
    touch(root + QStringLiteral("/host-b/rocketmq_client.log.1"));
    touch(root + QStringLiteral("/host-b/app.log"));
    touch(root + QStringLiteral("/host-a/rocketmq_client.log"));
    touch(root + QStringLiteral("/host-a/other_days/rocketmq_client-1.log.gz"));
    touch(root + QStringLiteral("/host-a/other_days/rocketmq_client-2.log.gz"));
    touch(root + QStringLiteral("/host-a/other_days/notes.txt"));
    touch(root + QStringLiteral("/deep/a/b/c/rocketmq_client.log"));
    // A link back up the tree is not followed (it would loop).
    QVERIFY(QFile::link(root, root + QStringLiteral("/host-b/loop")));
    const LogFileList list = LogFileList::collect({ root });
    QVERIFY2(list.ok(), qPrintable(list.error));
    QCOMPARE(relative(root, list.files),
        (QStringList { QStringLiteral("deep/a/b/c/rocketmq_client.log"),
            QStringLiteral("host-a/other_days/rocketmq_client-1.log.gz"),
            QStringLiteral("host-a/other_days/rocketmq_client-2.log.gz"),
            QStringLiteral("host-a/rocketmq_client.log"),
            QStringLiteral("host-b/rocketmq_client.log"),
            QStringLiteral("host-b/rocketmq_client.log.1"),
            QStringLiteral("host-b/rocketmq_client.log.2") }));
}

void tst_LogFiles::filesAndFoldersTogether()
{
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a/rocketmq_client.log"));
    const QString b = dir.filePath(QStringLiteral("b/rocketmq_client.log"));
    const QString renamed = dir.filePath(QStringLiteral("c/my-client.log"));
    touch(a);
    touch(b);
    touch(renamed);
    // A file named and also found in a named folder is read once; a named file is taken
    // whatever its name (LogFileReader checks that it is a log).
    const LogFileList list
        = LogFileList::collect({ b, dir.filePath(QStringLiteral("b")), renamed, a, a });
    QVERIFY2(list.ok(), qPrintable(list.error));
    QCOMPARE(relative(dir.path(), list.files),
        (QStringList { QStringLiteral("a/rocketmq_client.log"),
            QStringLiteral("b/rocketmq_client.log"), QStringLiteral("c/my-client.log") }));
}

void tst_LogFiles::errors()
{
    QTemporaryDir dir;
    const QString empty = dir.filePath(QStringLiteral("empty"));
    touch(empty + QStringLiteral("/app.log"));
    LogFileList list = LogFileList::collect({ dir.filePath(QStringLiteral("missing.log")) });
    QVERIFY(!list.ok());
    QVERIFY(list.files.isEmpty());
    QCOMPARE(list.error,
        dir.filePath(QStringLiteral("missing.log")) + QStringLiteral(": no such file or folder"));
    list = LogFileList::collect({ empty });
    QVERIFY(!list.ok());
    QVERIFY(list.files.isEmpty());
    QVERIFY2(
        list.error.startsWith(empty + QStringLiteral(": a folder without a RocketMQ client log")),
        qPrintable(list.error));
    // The names looked for are in the message, so the user can rename or name files.
    QVERIFY(list.error.contains(QStringLiteral("rocketmq_client.log.N")));
    QVERIFY(list.error.contains(QStringLiteral("other_days/rocketmq_client-N.log.gz")));
    // One bad path fails the whole list (nothing is read half).
    touch(dir.filePath(QStringLiteral("ok/rocketmq_client.log")));
    list = LogFileList::collect({ dir.filePath(QStringLiteral("ok")), empty });
    QVERIFY(!list.ok());
    QVERIFY(list.files.isEmpty());
}

void tst_LogFiles::longLineIsCut()
{
    // One line of 2.5 GiB in a 2.6 MB gzip took 7.9 GB and 84 s: the reader kept the whole
    // line. Past kMaxLineBytes a line is cut, the rest read past, and the next line is whole.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rocketmq_client.log"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const qsizetype ceiling = LogFileReader::kMaxLineBytes;
    file.write("first\r\n");
    file.write(QByteArray(3 * ceiling + 5, 'x'));
    file.write("\nthird\n");
    file.write(QByteArray(ceiling + 1, 'y')); // the last line, without a line end
    file.close();
    LogFileReader reader;
    QVERIFY2(reader.open(path), qPrintable(reader.error()));
    QByteArray line;
    QVERIFY(reader.readLine(&line));
    QCOMPARE(line, QByteArray("first"));
    QVERIFY(!reader.lastLineCut());
    QVERIFY(reader.readLine(&line));
    QCOMPARE(line.size(), ceiling);
    QVERIFY(reader.lastLineCut());
    QCOMPARE(reader.lineNumber(), qint64(2));
    QVERIFY(reader.readLine(&line));
    QCOMPARE(line, QByteArray("third"));
    QVERIFY(!reader.lastLineCut());
    QCOMPARE(reader.lineNumber(), qint64(3));
    QVERIFY(reader.readLine(&line));
    QCOMPARE(line, QByteArray(ceiling, 'y'));
    QVERIFY(reader.lastLineCut());
    QVERIFY(!reader.readLine(&line));
    QVERIFY(reader.error().isEmpty());
}

/*
    A folder whose path is PATH_MAX bytes or more cannot be opened, and QDirIterator passed it by
    in silence: a log 17 folders of 250 characters down was "a folder without a RocketMQ client
    log" (issue 39). It is named, as the error when nothing else was found, else as tooDeep.
*/
void tst_LogFiles::folderPastPathMaxIsNamed()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString top = dir.filePath(QStringLiteral("incident"));
    QVERIFY(QDir().mkpath(top));
    // Made a folder at a time from inside the last: the whole path is too long for mkdir.
    const QString start = QDir::currentPath();
    const QString name(250, QLatin1Char('d'));
    QVERIFY(QDir::setCurrent(top));
    int depth = 0;
    const QByteArray local = name.toLocal8Bit();
    // The path's length is counted, not asked (getcwd fails past PATH_MAX).
    qsizetype length = top.toLocal8Bit().size();
    while (length < LogFileList::kPathMax && depth < 40) {
        QCOMPARE(::mkdir(local.constData(), 0700), 0); // relative: Qt would make it absolute
        QCOMPARE(::chdir(local.constData()), 0);
        length += 1 + local.size();
        ++depth;
    }
    {
        QFile log(QStringLiteral("rocketmq_client.log")); // relative: opened from here
        QVERIFY(log.open(QIODevice::WriteOnly));
        log.write("x\n");
    }
    QVERIFY(QDir::setCurrent(start));
    QVERIFY(depth >= 16);

    const LogFileList none = LogFileList::collect({ top });
    QVERIFY(!none.ok());
    QVERIFY2(none.error.startsWith(top + QStringLiteral(": no RocketMQ client log found, and ")),
        qPrintable(none.error));
    QVERIFY2(none.error.contains(QStringLiteral("is too deep for the system to open (PATH_MAX "
                                                "4,096)")),
        qPrintable(none.error));
    QCOMPARE(none.tooDeep.size(), qsizetype(1));
    QVERIFY(none.tooDeep.first().toLocal8Bit().size() >= LogFileList::kPathMax - 1);

    touch(top + QStringLiteral("/rocketmq_client.log"));
    const LogFileList some = LogFileList::collect({ top });
    QVERIFY2(some.ok(), qPrintable(some.error));
    QCOMPARE(some.files, QStringList { top + QStringLiteral("/rocketmq_client.log") });
    QCOMPARE(some.tooDeep, none.tooDeep);
    // rm works a folder at a time from inside (openat), as QDir::removeRecursively does not.
    QCOMPARE(QProcess::execute(QStringLiteral("rm"), { QStringLiteral("-rf"), top }), 0);
}

QTEST_GUILESS_MAIN(tst_LogFiles)
#include "tst_logfiles.moc"
