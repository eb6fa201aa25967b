// SPDX-License-Identifier: Apache-2.0
// The recorded real runs in tests/data/realrun, unpacked for a test (tar and xz are in Debian's
// base).
#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

namespace RealRunFixture {

//! Unpacks tests/data/realrun/<name>.tar.xz into `dir`; the folder of the run, or "".
inline QString unpack(const QTemporaryDir &dir, const QString &name)
{
    QProcess tar;
    tar.start(QStringLiteral("tar"),
        { QStringLiteral("-C"), dir.path(), QStringLiteral("-xJf"),
            QStringLiteral(RBLAB_TEST_DATA_DIR "/realrun/") + name + QStringLiteral(".tar.xz") });
    if (!tar.waitForFinished(60000) || tar.exitCode() != 0) {
        return {};
    }
    return dir.path();
}

} // namespace RealRunFixture
