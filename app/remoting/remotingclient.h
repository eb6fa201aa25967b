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

    //! What kind of failure a reply is, for the line problemLine() writes.
    enum class Failure {
        None, //!< code 0 and, when a body error is given, none
        AccessDenied, //!< code 16 NO_PERMISSION, or an error remark of the ACL plugin (accessKey…)
        NotSupported, //!< code 3 REQUEST_CODE_NOT_SUPPORTED: an unknown request code
        ServerError, //!< any other code but 0: the server failed (a remark with the error)
        BadBody, //!< code 0 with a body the readers cannot read
        TimedOut,
        BadFrame, //!< a frame cut short (the peer closed mid-frame) or not a remoting frame
        NoConnection, //!< refused, unreachable, closed
    };
    Failure failure(const QString &bodyError = QString()) const;
    /*!
        One line naming the request, where it went and what to do, for a reply that failed
        (empty for Failure::None): "GET_CONSUME_STATS to 127.0.0.1:10911 (broker-b) was
        refused: the cluster requires ACL credentials (code 16: …); rblab reads without
        credentials: …". `server` names the peer ("name server", "broker-a"); `bodyError` is
        the reader's error for a code-0 body that could not be read.
    */
    QString problemLine(int requestCode, const QString &address, const QString &server,
        const QString &bodyError = QString()) const;
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
