// SPDX-License-Identifier: Apache-2.0
// An asynchronous, read-only RocketMQ remoting client on QTcpSocket.
#pragma once

#include "remotingcommand.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>

class QTcpSocket;
class QTimer;

namespace Rblab::Remoting {

//! What became of a request: a response (of any code), or why there is none.
struct RemotingReply
{
    bool ok = false; //!< a response arrived; its code may still be an error
    bool timedOut = false;
    QString error; //!< when !ok: "timed out after 3000 ms", "connection refused", a bad frame
    RemotingCommand response;

    //! ok and response code 0 (SUCCESS).
    bool success() const { return ok && response.code == 0; }
    //! One line for people: the error, or "code 17: No topic route info…" (first line).
    QString describe() const;
};

using ReplyHandler = std::function<void(const RemotingReply &)>;

/*!
    Sends query requests to name servers and brokers and hands each response to its handler,
    matched by opaque. One connection per address ("127.0.0.1:9876"), opened on the first
    request and again on the next request after it closed. Every request has its own timeout;
    a connection that fails, closes or sends a bad frame (a truncated one is reported when the
    peer closes) fails every request waiting on it, and the client goes on.

    Read-only by construction: request() refuses any code outside kQueryCodes (querycodes.h).
    Handlers run on the client's thread, from its event loop, never inside request().
*/
class RemotingClient : public QObject
{
    Q_OBJECT

public:
    explicit RemotingClient(QObject *parent = nullptr);
    ~RemotingClient() override;

    /*!
        Sends `code` with `extFields` to `address` ("host:port"). False, with `refusal` set and
        the handler never called, for a code that is not a query or an address without a port.
    */
    bool request(const QString &address, int code, const QMap<QString, QString> &extFields,
        int timeoutMs, ReplyHandler handler, QString *refusal = nullptr);

    //! Requests sent and not yet answered, over all connections.
    int pendingCount() const;
    //! Closes every connection; waiting requests fail with "closed".
    void closeAll();

private:
    class Connection;
    Connection *connectionTo(const QString &address);

    QHash<QString, Connection *> m_connections;
    int m_nextOpaque = 1;
};

} // namespace Rblab::Remoting
