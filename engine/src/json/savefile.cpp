// SPDX-License-Identifier: Apache-2.0
#include "json/savefile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace Rblab {

namespace {

//! QFileDevice::flush() until the buffer is out. A flush that wrote part of it (a full disk
//! takes what fits) fails without a reason; the next one meets the error and names it.
bool flushAll(QSaveFile &file)
{
    for (int attempt = 0; attempt < 8; ++attempt) {
        if (file.flush()) {
            return true;
        }
        if (file.error() != QFileDevice::NoError) {
            return false;
        }
    }
    return false;
}

//! The device's reason, or what is known when Qt has none to give.
QString reasonOf(const QFileDevice &file)
{
    if (file.error() == QFileDevice::NoError || file.errorString().isEmpty()
        || file.errorString() == QLatin1String("Unknown error")) {
        return QCoreApplication::translate(
            "Rblab::SaveFile", "not every byte was written (is the disk full?)");
    }
    return file.errorString();
}

} // namespace

QString writeWholeFile(const QString &path, const std::function<bool(QIODevice &)> &write)
{
    const QFileInfo info(path);
    if (info.isDir()) {
        return QCoreApplication::translate("Rblab::SaveFile", "it is a directory");
    }
    if (info.exists() && !info.isFile()) {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
            return file.errorString();
        }
        return write(file) ? QString() : reasonOf(file);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return file.errorString();
    }
    if (!write(file) || !commitFully(file)) {
        return reasonOf(file);
    }
    return QString();
}

QString writeWholeFile(const QString &path, const QByteArray &bytes)
{
    return writeWholeFile(path, [&bytes](QIODevice &out) { return writeAll(out, bytes); });
}

bool writeAll(QIODevice &out, QByteArrayView bytes)
{
    qint64 done = 0;
    while (done < bytes.size()) {
        const qint64 n = out.write(bytes.data() + done, bytes.size() - done);
        if (n <= 0) {
            return false;
        }
        done += n;
    }
    return true;
}

bool commitFully(QSaveFile &file)
{
    return flushAll(file) && file.commit();
}

QSaveFile *commitAll(std::initializer_list<QSaveFile *> files)
{
    for (QSaveFile *file : files) {
        if (!flushAll(*file)) {
            return file; // nothing committed yet: the old set stays whole
        }
    }
    for (QSaveFile *file : files) {
        if (!file->commit()) {
            return file;
        }
    }
    return nullptr;
}

} // namespace Rblab
