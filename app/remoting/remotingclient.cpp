// SPDX-License-Identifier: Apache-2.0
#include "remotingclient.h"

#include "querycodes.h"

#include <QRegularExpression>
#include <QTcpSocket>
#include <QTimer>

namespace Rblab::Remoting {

QString RemotingReply::describe() const
{
    if (!ok) {
        return error;
    }
    const QString firstLine = response.remark.section(QLatin1Char('\n'), 0, 0).trimmed();
    return firstLine.isEmpty() ? QStringLiteral("code %1").arg(response.code)
                               : QStringLiteral("code %1: %2").arg(response.code).arg(firstLine);
}

RemotingReply::Failure RemotingReply::failure(const QString &bodyError) const
{
    if (!ok) {
        if (timedOut) {
            return Failure::TimedOut;
        }
        return error.contains(QLatin1String("truncated frame"))
                || error.contains(QLatin1String("bad frame"))
            ? Failure::BadFrame
            : Failure::NoConnection;
    }
    // A refused access: ResponseCode.NO_PERMISSION (16), or, on 4.x, the AclException that
    // PlainAccessValidator throws in the broker's RPC hook, which NettyRemotingAbstract
    // answers as SYSTEM_ERROR (1) with the exception as the remark (as users report it:
    // "org.apache.rocketmq.acl.common.AclException: No accessKey is configured, …"; the
    // plugin's other messages name the accessKey, the ACL config or the signature).
    static const QRegularExpression acl(
        QStringLiteral("AclException|accessKey|\\bACL\\b|signature|authenticat"),
        QRegularExpression::CaseInsensitiveOption);
    if (response.code == 16 || (response.code != 0 && acl.match(response.remark).hasMatch())) {
        return Failure::AccessDenied;
    }
    if (response.code == 3) {
        return Failure::NotSupported;
    }
    if (response.code != 0) {
        return Failure::ServerError;
    }
    return bodyError.isEmpty() ? Failure::None : Failure::BadBody;
}

QString RemotingReply::problemLine(
    int requestCode, const QString &address, const QString &server, const QString &bodyError) const
{
    const QString request
        = QStringLiteral("%1 to %2 (%3)").arg(codeName(requestCode), address, server);
    // The connection's errors start with the address: "127.0.0.1:10911 did not answer …".
    QString why = error;
    if (why.startsWith(address)) {
        why = why.mid(address.size());
        why = why.startsWith(QLatin1String(": ")) ? why.mid(2) : why.trimmed();
    }
    switch (failure(bodyError)) {
    case Failure::None:
        return QString();
    case Failure::AccessDenied:
        return QStringLiteral("%1 was refused: the cluster requires ACL credentials (%2); rblab "
                              "reads without credentials: watch from an address in the ACL's "
                              "globalWhiteRemoteAddresses, or a cluster without ACL")
            .arg(request, describe());
    case Failure::NotSupported:
        return QStringLiteral("%1 is not supported there (%2); rblab needs a RocketMQ 4.x or "
                              "5.x name server or broker at that address")
            .arg(request, describe());
    case Failure::ServerError:
        return QStringLiteral("%1 failed on the server (%2); the server's log says why, rblab "
                              "asks again at the next poll")
            .arg(request, describe());
    case Failure::BadBody:
        return QStringLiteral("%1 answered a body rblab cannot read (%2); rblab asks again at "
                              "the next poll (please report it with the server's version)")
            .arg(request, bodyError);
    case Failure::TimedOut:
        return QStringLiteral("%1 %2; check that the server is up there, or give a longer "
                              "--timeout")
            .arg(request, why);
    case Failure::BadFrame:
        return QStringLiteral("%1 failed: %2%3; rblab asks again at the next poll")
            .arg(request,
                why.startsWith(QLatin1String("sent ")) ? QStringLiteral("it ") : QString(), why);
    case Failure::NoConnection:
        return QStringLiteral("%1 could not be sent: %2; check that the server is up at that "
                              "address")
            .arg(request, why);
    }
    return QString();
}

/*!
    One TCP connection and the requests waiting on it. The socket is made anew on the first
    request after the previous one closed.
*/
class RemotingClient::Connection : public QObject
{
public:
    Connection(const QString &host, quint16 port, QObject *parent)
        : QObject(parent), m_host(host), m_port(port)
    {
    }

    void send(const RemotingCommand &command, int timeoutMs, ReplyHandler handler)
    {
        if (m_socket == nullptr) {
            open();
        }
        auto *timer = new QTimer(this);
        timer->setSingleShot(true);
        const int opaque = command.opaque;
        connect(timer, &QTimer::timeout, this, [this, opaque, timeoutMs]() {
            RemotingReply reply;
            reply.timedOut = true;
            reply.error = QStringLiteral("%1:%2 did not answer within %3 ms")
                              .arg(m_host)
                              .arg(m_port)
                              .arg(timeoutMs);
            finish(opaque, reply);
        });
        m_pending.insert(opaque, Pending { std::move(handler), timer });
        timer->start(timeoutMs);
        const QByteArray frame = command.encode();
        if (m_socket->state() == QAbstractSocket::ConnectedState) {
            m_socket->write(frame);
        } else {
            m_queued.append(frame);
        }
    }

    int pendingCount() const { return int(m_pending.size()); }

    void close(const QString &why)
    {
        if (m_socket != nullptr) {
            QTcpSocket *socket = m_socket;
            m_socket = nullptr;
            socket->disconnect(this);
            socket->abort();
            socket->deleteLater();
        }
        m_queued.clear();
        m_decoder.reset();
        failAll(why);
    }

private:
    struct Pending
    {
        ReplyHandler handler;
        QTimer *timer = nullptr;
    };

    void open()
    {
        m_socket = new QTcpSocket(this);
        m_decoder.reset();
        connect(m_socket, &QTcpSocket::connected, this, [this]() {
            for (const QByteArray &frame : std::as_const(m_queued)) {
                m_socket->write(frame);
            }
            m_queued.clear();
        });
        connect(m_socket, &QTcpSocket::readyRead, this, &Connection::readFrames);
        connect(m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
            if (m_socket == nullptr) {
                return;
            }
            const bool closedByPeer = m_socket->error() == QAbstractSocket::RemoteHostClosedError;
            QString why = QStringLiteral("%1:%2: %3")
                              .arg(m_host)
                              .arg(m_port)
                              .arg(closedByPeer ? QStringLiteral("the connection was closed")
                                                : m_socket->errorString());
            if (m_decoder.pending() > 0) {
                why += QStringLiteral(" in the middle of a frame (%1 bytes of a truncated frame)")
                           .arg(m_decoder.pending());
            }
            close(why);
        });
        m_socket->connectToHost(m_host, m_port);
    }

    void readFrames()
    {
        if (m_socket == nullptr) {
            return;
        }
        m_decoder.feed(m_socket->readAll());
        QPointer<Connection> alive(this);
        while (alive && m_socket != nullptr) {
            std::optional<RemotingCommand> command = m_decoder.take();
            if (m_decoder.failed()) {
                close(QStringLiteral("%1:%2 sent a bad frame: %3")
                          .arg(m_host)
                          .arg(m_port)
                          .arg(m_decoder.error()));
                return;
            }
            if (!command) {
                return;
            }
            if (!command->isResponse()) {
                continue; // a request from the server (none is expected): not ours to answer
            }
            RemotingReply reply;
            reply.ok = true;
            reply.response = std::move(*command);
            finish(reply.response.opaque, reply); // an unknown opaque: a late answer, dropped
        }
    }

    void finish(int opaque, const RemotingReply &reply)
    {
        const auto it = m_pending.find(opaque);
        if (it == m_pending.end()) {
            return;
        }
        Pending pending = std::move(it.value());
        m_pending.erase(it);
        pending.timer->stop();
        pending.timer->deleteLater();
        pending.handler(reply);
    }

    void failAll(const QString &why)
    {
        const QList<int> opaques = m_pending.keys();
        QPointer<Connection> alive(this);
        for (int opaque : opaques) {
            if (!alive) {
                return;
            }
            RemotingReply reply;
            reply.error = why;
            finish(opaque, reply);
        }
    }

    QString m_host;
    quint16 m_port = 0;
    QTcpSocket *m_socket = nullptr;
    FrameDecoder m_decoder;
    QList<QByteArray> m_queued;
    QHash<int, Pending> m_pending;
};

RemotingClient::RemotingClient(QObject *parent) : QObject(parent)
{
}

RemotingClient::~RemotingClient()
{
    // Handlers are not called from here: whoever owns them may be going too.
    for (Connection *c : std::as_const(m_connections)) {
        c->disconnect();
    }
}

bool RemotingClient::request(const QString &address, int code,
    const QMap<QString, QString> &extFields, int timeoutMs, ReplyHandler handler, QString *refusal)
{
    auto refuse = [&](const QString &why) {
        if (refusal != nullptr) {
            *refusal = why;
        }
        return false;
    };
    if (!isQueryCode(code)) {
        return refuse(QStringLiteral("request code %1 is not one of the queries this read-only "
                                     "client may send")
                          .arg(code));
    }
    Connection *connection = connectionTo(address);
    if (connection == nullptr) {
        return refuse(QStringLiteral("\"%1\" is not HOST:PORT").arg(address));
    }
    RemotingCommand command;
    command.code = code;
    command.opaque = m_nextOpaque;
    m_nextOpaque = m_nextOpaque == std::numeric_limits<int>::max() ? 1 : m_nextOpaque + 1;
    command.extFields = extFields;
    // Sent from the event loop, so that a handler never runs inside request().
    QTimer::singleShot(
        0, connection, [connection, command, timeoutMs, handler = std::move(handler)]() mutable {
            connection->send(command, std::max(1, timeoutMs), std::move(handler));
        });
    return true;
}

int RemotingClient::pendingCount() const
{
    int count = 0;
    for (const Connection *c : m_connections) {
        count += c->pendingCount();
    }
    return count;
}

void RemotingClient::closeAll()
{
    const QList<Connection *> connections = m_connections.values();
    for (Connection *c : connections) {
        c->close(QStringLiteral("closed"));
    }
}

RemotingClient::Connection *RemotingClient::connectionTo(const QString &address)
{
    if (Connection *c = m_connections.value(address)) {
        return c;
    }
    const qsizetype colon = address.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const uint port = colon > 0 ? address.mid(colon + 1).toUInt(&ok) : 0;
    if (!ok || port == 0 || port > 65535) {
        return nullptr;
    }
    auto *c = new Connection(address.left(colon), quint16(port), this);
    m_connections.insert(address, c);
    return c;
}

} // namespace Rblab::Remoting
