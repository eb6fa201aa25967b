// SPDX-License-Identifier: Apache-2.0
#include "isolatedstrategy.h"

#include "hostconnection.h"
#include "hostprotocol.h"
#include "pluginisolation.h"

#include <atomic>

namespace Rblab {

using namespace HostProtocol;

namespace {

std::atomic<quint32> g_nextInstance { 1 };

} // namespace

IsolatedStrategy::IsolatedStrategy(const PluginIsolation &isolation, QString strategy, QString file,
    QVariantMap params, QString defaultTopic, QString label)
    : m_isolation(isolation)
    , m_strategy(std::move(strategy))
    , m_file(std::move(file))
    , m_params(portableParams(params))
    , m_defaultTopic(std::move(defaultTopic))
    , m_label(std::move(label))
    , m_name(m_strategy)
    , m_instance(g_nextInstance.fetch_add(1))
{
}

IsolatedStrategy::~IsolatedStrategy()
{
    HostConnection &connection = m_isolation.connection();
    if (m_serial != 0 && connection.serial() == m_serial) {
        QByteArray request;
        QDataStream out(&request, QIODevice::WriteOnly);
        out.setVersion(kStreamVersion);
        out << quint8(Op::Destroy) << m_instance;
        connection.post(request);
    }
}

QString IsolatedStrategy::failureText(int failure, const char *call, const QString &detail) const
{
    // English, as reports record it: the event log translates it when it shows it, so it
    // follows a language switch (StrategyErrorText, issue 37 item 7).
    const QString what = QString::fromLatin1(call);
    switch (HostConnection::Failure(failure)) {
    case HostConnection::Failure::TimedOut:
        return QStringLiteral(
            "%1 did not return from %2 within %3 ms; the helper was restarted, the round was "
            "skipped")
            .arg(m_label, what)
            .arg(m_isolation.settings().callTimeoutMs);
    case HostConnection::Failure::StartFailed:
        return QStringLiteral("%1 could not run in %2: %3; the round was skipped")
            .arg(m_label, what, detail);
    case HostConnection::Failure::Protocol:
        return QStringLiteral("%1 answered %2 with an unreadable frame; the round was skipped")
            .arg(m_label, what);
    case HostConnection::Failure::Crashed:
    case HostConnection::Failure::None:
        break;
    }
    // The contract's wording (issue 11), with how the helper ended after it when known.
    QString text = qstrcmp(call, "create") == 0
        ? QStringLiteral("%1 crashed in create; no strategy was made").arg(m_label)
        : QStringLiteral("%1 crashed in %2; the round was skipped").arg(m_label, what);
    if (!detail.isEmpty()) {
        text += QStringLiteral(" (%1)").arg(detail);
    }
    return text;
}

bool IsolatedStrategy::make(QString *parameter, QString *error)
{
    HostConnection &connection = m_isolation.connection();
    QByteArray request;
    {
        QDataStream out(&request, QIODevice::WriteOnly);
        out.setVersion(kStreamVersion);
        out << quint8(Op::Create) << m_instance << m_strategy << m_file << m_params
            << m_defaultTopic;
    }
    const HostConnection::Reply reply
        = connection.call(request, m_isolation.settings().callTimeoutMs);
    if (reply.failure != HostConnection::Failure::None) {
        *error = failureText(int(reply.failure), "create", reply.detail);
        return false;
    }
    QDataStream in(reply.payload);
    in.setVersion(kStreamVersion);
    bool ok = false;
    QString name;
    in >> ok >> *parameter >> *error >> name;
    if (in.status() != QDataStream::Ok) {
        *error = failureText(int(HostConnection::Failure::Protocol), "create", QString());
        return false;
    }
    if (!ok) {
        return false;
    }
    m_name = name;
    m_serial = connection.serial();
    return true;
}

AllocateResult IsolatedStrategy::allocate(const QString &consumerGroup, const QString &currentCid,
    const MessageQueueList &mqAll, const QStringList &cidAll)
{
    HostConnection &connection = m_isolation.connection();
    if (m_serial == 0 || connection.serial() != m_serial) {
        // A new helper (the last one crashed, or another thread calls): make the strategy there.
        QString parameter;
        QString error;
        if (!make(&parameter, &error)) {
            return AllocateResult::failure(error);
        }
    }
    QByteArray request;
    {
        QDataStream out(&request, QIODevice::WriteOnly);
        out.setVersion(kStreamVersion);
        // QList's == returns at once for shared data, the usual case for a group's calls.
        const bool same
            = m_listsSerial == m_serial && mqAll == m_sentQueues && cidAll == m_sentCids;
        out << quint8(Op::Allocate) << m_instance << consumerGroup << currentCid << same;
        if (!same) {
            out << mqAll << cidAll;
        }
    }
    const HostConnection::Reply reply
        = connection.call(request, m_isolation.settings().callTimeoutMs);
    if (reply.failure != HostConnection::Failure::None) {
        m_serial = 0;
        m_listsSerial = 0;
        return AllocateResult::failure(failureText(int(reply.failure), "allocate", reply.detail));
    }
    m_listsSerial = m_serial;
    m_sentQueues = mqAll;
    m_sentCids = cidAll;
    QDataStream in(reply.payload);
    in.setVersion(kStreamVersion);
    AllocateResult result;
    in >> result.error >> result.queues;
    if (in.status() != QDataStream::Ok) {
        return AllocateResult::failure(
            failureText(int(HostConnection::Failure::Protocol), "allocate", QString()));
    }
    return result;
}

GroupAllocateResult IsolatedStrategy::allocateAll(
    const QString &consumerGroup, const MessageQueueList &mqAll, const QStringList &cidAll)
{
    HostConnection &connection = m_isolation.connection();
    if (m_serial == 0 || connection.serial() != m_serial) {
        QString parameter;
        QString error;
        if (!make(&parameter, &error)) {
            return { {}, error };
        }
    }
    QByteArray request;
    {
        QDataStream out(&request, QIODevice::WriteOnly);
        out.setVersion(kStreamVersion);
        out << quint8(Op::AllocateAll) << m_instance << consumerGroup << mqAll << cidAll;
    }
    const HostConnection::Reply reply
        = connection.call(request, m_isolation.settings().callTimeoutMs);
    if (reply.failure != HostConnection::Failure::None) {
        m_serial = 0;
        return { {}, failureText(int(reply.failure), "allocate", reply.detail) };
    }
    QDataStream in(reply.payload);
    in.setVersion(kStreamVersion);
    GroupAllocateResult result;
    in >> result.error >> result.perConsumer;
    if (in.status() != QDataStream::Ok) {
        return { {}, failureText(int(HostConnection::Failure::Protocol), "allocate", QString()) };
    }
    return result;
}

} // namespace Rblab
