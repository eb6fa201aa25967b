// SPDX-License-Identifier: Apache-2.0
// One copy of each name and queue list the log importer keeps.
#pragma once

#include "import/logrecord.h"

#include <QList>
#include <QSet>
#include <QString>

namespace Rblab {

/*!
    A day of result lines names the same group, topic, clients and allocations hundreds of
    thousands of times: the importer keeps each name and queue list once and shares it (Qt's
    implicit sharing), so its memory grows with the different allocations, not with the lines.
*/
class LogInterner
{
public:
    QString intern(const QString &text);
    QList<LoggedQueue> intern(const QList<LoggedQueue> &queues);
    //! Every name and the queue list of a parsed line.
    void intern(LogRecord *record);
    //! Forgets the tables; what was kept stays shared.
    void clear();

private:
    QSet<QString> m_strings;
    QSet<QList<LoggedQueue>> m_queueLists;
};

} // namespace Rblab
