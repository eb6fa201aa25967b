// SPDX-License-Identifier: Apache-2.0
#include "json/savefile.h"

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

} // namespace

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
