// SPDX-License-Identifier: Apache-2.0
#include "import/loginterner.h"

namespace Rblab {

QString LogInterner::intern(const QString &text)
{
    if (text.isEmpty()) {
        return text;
    }
    const auto it = m_strings.constFind(text);
    if (it != m_strings.cend()) {
        return *it;
    }
    m_strings.insert(text);
    return text;
}

QList<LoggedQueue> LogInterner::intern(const QList<LoggedQueue> &queues)
{
    if (queues.isEmpty()) {
        return {};
    }
    const auto it = m_queueLists.constFind(queues);
    if (it != m_queueLists.cend()) {
        return *it;
    }
    QList<LoggedQueue> kept = queues;
    for (LoggedQueue &q : kept) {
        q.topic = intern(q.topic);
        q.brokerName = intern(q.brokerName);
    }
    kept.squeeze();
    m_queueLists.insert(kept);
    return kept;
}

void LogInterner::intern(LogRecord *record)
{
    record->strategy = intern(record->strategy);
    record->group = intern(record->group);
    record->topic = intern(record->topic);
    record->clientId = intern(record->clientId);
    record->brokerAddress = intern(record->brokerAddress);
    record->queues = intern(record->queues);
}

void LogInterner::clear()
{
    m_strings = {};
    m_queueLists = {};
}

} // namespace Rblab
