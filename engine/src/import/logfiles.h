// SPDX-License-Identifier: Apache-2.0
// What `rblab import-logs` and the app read when they are given folders (docs/import.md).
#pragma once

#include <rblab/rblab_global.h>

#include <QString>
#include <QStringList>

namespace Rblab {

/*!
    The log files to import for the paths a user named: a file stays as it is named; a folder
    gives every RocketMQ client log below it, at any depth, found by the names the clients write
    (rocketmq-client-logs.md, "Files"):
    - `rocketmq_client.log`, the current file of 4.9 and 5.x;
    - `rocketmq_client.log.N`, 4.9's rotations (LoggingBuilder);
    - `rocketmq_client-N.log.gz`, 5.x's rotations in `other_days/` (logback.xml).

    Other files are left out (application logs, `rocketmq_common.log`, a renamed
    `rocketmq.client.logFileName`: name those as files). Symbolic links to folders are not
    followed, so a link back up the tree cannot loop. The list is sorted and without duplicates
    (a file named twice, or named and found in a folder, is read once); the report does not
    depend on the order.

    A file of 0 bytes found in a folder (a rotation cut at its start) is left out and listed
    in `emptyFiles`: one such file among thousands no longer ends the import. An empty file
    named on its own is still an error (LogFileReader).

    A folder whose path is PATH_MAX bytes or more cannot be opened: it is listed in `tooDeep`
    (the system would skip it in silence), and when nothing else was found the error names it.

    `error` is set, and `files` empty, when a path does not exist or a folder holds no client
    log: it names the path and the names looked for.
*/
struct RBLAB_ENGINE_EXPORT LogFileList
{
    QStringList files;
    QStringList emptyFiles; //!< found in a folder with 0 bytes, left out (sorted)
    //! Folders whose path is too long to open (PATH_MAX): what is below them cannot be read.
    QStringList tooDeep;
    static constexpr int kPathMax = 4096; //!< Linux's PATH_MAX, with its terminating NUL
    QString error;
    bool ok() const { return error.isEmpty(); }

    static LogFileList collect(const QStringList &paths);
    //! Whether a file name is one the clients write (the rule above).
    static bool isClientLogName(const QString &fileName);
};

} // namespace Rblab
