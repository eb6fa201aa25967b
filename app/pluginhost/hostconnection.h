// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>

class QLocalServer;
class QLocalSocket;
class QProcess;

namespace Rblab {

//! How a helper process is started.
struct HostProgram
{
    QString program; //!< rblab's path
    QStringList arguments; //!< after "strategy-host --socket NAME" (plugin folders, limits)
};

/*!
    One `rblab strategy-host` helper and the local socket to it, used from one thread with
    blocking calls (no event loop needed). The helper starts on the first call and again on the
    first call after it crashed, hung or closed the socket; serial() tells the instances of one
    helper from those of the next, so that a proxy knows when to make its strategy again.
*/
class HostConnection
{
public:
    enum class Failure { None, Crashed, TimedOut, StartFailed, Protocol };

    struct Reply
    {
        QByteArray payload;
        Failure failure = Failure::None;
        QString detail; //!< how it failed: exit status, signal, start error
    };

    explicit HostConnection(HostProgram program);
    ~HostConnection();
    HostConnection(const HostConnection &) = delete;
    HostConnection &operator=(const HostConnection &) = delete;

    //! The running helper's serial, unique in this process; 0 when none runs.
    quint64 serial() const { return m_serial; }
    //! Starts the helper when none runs; false with the reason in `error`.
    bool ensureRunning(QString *error);
    //! Sends a request and waits up to timeoutMs for its reply; a helper that fails is ended
    //! (killed when it hangs) and the next call starts another.
    Reply call(const QByteArray &request, int timeoutMs);
    //! Sends a request that has no reply, if a helper runs.
    void post(const QByteArray &request);
    //! How many helpers this connection started (1 + restarts).
    int starts() const { return m_starts; }

private:
    void stop(bool kill);
    QString exitDetail();

    HostProgram m_program;
    std::unique_ptr<QLocalServer> m_server;
    std::unique_ptr<QProcess> m_process;
    QLocalSocket *m_socket = nullptr; //!< owned by m_server
    quint64 m_serial = 0;
    int m_starts = 0;
};

} // namespace Rblab
