// SPDX-License-Identifier: Apache-2.0
#include "import/logfiles.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace Rblab {

bool LogFileList::isClientLogName(const QString &fileName)
{
    static const QRegularExpression name(
        QStringLiteral("^rocketmq_client(?:\\.log(?:\\.\\d+)?|-\\d+\\.log\\.gz)$"));
    return name.match(fileName).hasMatch();
}

LogFileList LogFileList::collect(const QStringList &paths)
{
    LogFileList list;
    QSet<QString> seen;
    QStringList files;
    const auto add = [&](const QFileInfo &info) {
        const QString canonical = info.canonicalFilePath();
        const QString key = canonical.isEmpty() ? info.absoluteFilePath() : canonical;
        if (!seen.contains(key)) {
            seen.insert(key);
            files.append(info.filePath());
        }
    };
    for (const QString &path : paths) {
        const QFileInfo info(path);
        if (!info.exists()) {
            list.error = QStringLiteral("%1: no such file or folder").arg(path);
            return list;
        }
        if (!info.isDir()) {
            add(info); // named files are read whatever their name (LogFileReader checks them)
            continue;
        }
        qsizetype found = 0;
        const qsizetype deepBefore = list.tooDeep.size();
        QDirIterator it(path, QDir::Files | QDir::Hidden | QDir::Dirs | QDir::NoDotAndDotDot,
            QDirIterator::Subdirectories);
        while (it.hasNext()) {
            it.next();
            const QFileInfo file = it.fileInfo();
            if (file.isDir() || (file.isSymLink() && !file.isFile())) {
                // The system cannot open a folder whose path is PATH_MAX bytes or more, and
                // QDirIterator passes it by in silence: its logs would be missed unsaid.
                if (!file.isSymLink()
                    && file.absoluteFilePath().toLocal8Bit().size() >= kPathMax - 1) {
                    list.tooDeep.append(file.filePath());
                }
                continue;
            }
            if (!file.isReadable()) {
                continue;
            }
            if (isClientLogName(file.fileName())) {
                if (file.isFile() && file.size() == 0) {
                    list.emptyFiles.append(file.filePath());
                } else {
                    add(file);
                }
                ++found;
            }
        }
        if (found == 0 && list.tooDeep.size() > deepBefore) {
            list.error = QStringLiteral("%1: no RocketMQ client log found, and %2 (%L3 bytes or "
                                        "more) is too deep for the system to open (PATH_MAX "
                                        "%L4): move or link the logs nearer the root")
                             .arg(path, list.tooDeep.at(deepBefore))
                             .arg(kPathMax - 1)
                             .arg(kPathMax);
            return list;
        }
        if (found == 0) {
            list.error = QStringLiteral(
                "%1: a folder without a RocketMQ client log in it or below it (looked for "
                "rocketmq_client.log, rocketmq_client.log.N and "
                "other_days/rocketmq_client-N.log.gz; name other files one by one)")
                             .arg(path);
            return list;
        }
    }
    std::sort(files.begin(), files.end());
    std::sort(list.emptyFiles.begin(), list.emptyFiles.end());
    std::sort(list.tooDeep.begin(), list.tooDeep.end());
    list.files = files;
    return list;
}

} // namespace Rblab
