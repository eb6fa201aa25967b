// SPDX-License-Identifier: Apache-2.0
// The frames and bodies captured from real brokers (tests/data/remoting), and the group they
// show, for the remoting tests.
#pragma once

#include "groupsnapshot.h"
#include "remotingcommand.h"

#include <QByteArray>
#include <QMap>
#include <QString>

#include <optional>

namespace Rblab::Remoting::Captured {

QString dataDir(const QString &version); //!< tests/data/remoting/<version>
QByteArray readFile(const QString &path); //!< the whole file; fatal when it cannot be read
//! The response frame whose name starts with `prefix` ("10-"), decoded.
RemotingCommand response(const QString &version, const QString &prefix);

//! The value, or a fatal error with `error`.
template<typename T> T must(std::optional<T> value, const QString &error)
{
    if (!value) {
        qFatal("%s", qPrintable(error));
    }
    return *value;
}

/*!
    The group of one directory's captures (try_group: c1, c2, c3 on TryTopic's 8 queues and
    %RETRY%try_group), assembled as GroupWatcher would. A client's running-info body can be
    replaced; an empty one makes the client one that did not answer.
*/
GroupSnapshot capturedSnapshot(
    const QString &version, const QMap<QString, QByteArray> &runningInfoOverride = {});

} // namespace Rblab::Remoting::Captured
