// SPDX-License-Identifier: Apache-2.0
#include "hostconnection.h"

#include "hostprotocol.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QLocalServer>
#include <QLocalSocket>
#include <QProcess>
#include <QRandomGenerator>

#include <atomic>

namespace Rblab {

namespace {

std::atomic<quint64> g_nextSerial { 1 };
constexpr int kStartTimeoutMs = 20000; // a sanitizer build loads Qt and the plugins slowly

} // namespace

HostConnection::HostConnection(HostProgram program) : m_program(std::move(program))
{
}

HostConnection::~HostConnection()
{
    stop(false);
}

bool HostConnection::ensureRunning(QString *error)
{
    if (m_serial != 0 && m_socket && m_socket->state() == QLocalSocket::ConnectedState) {
        return true;
    }
    stop(true);
    auto server = std::make_unique<QLocalServer>();
    // Only this user may connect: the helper runs plugin code with the user's rights.
    server->setSocketOptions(QLocalServer::UserAccessOption);
    const QString name = QStringLiteral("rblab-strategy-host-%1-%2")
                             .arg(QCoreApplication::applicationPid())
                             .arg(QRandomGenerator::system()->generate64(), 0, 16);
    if (!server->listen(name)) {
        *error = QCoreApplication::translate(
            "Rblab::HostConnection", "cannot open a local socket for the plugin helper: %1")
                     .arg(server->errorString());
        return false;
    }
    auto process = std::make_unique<QProcess>();
    // The helper's own diagnostics (which plugin crashed, sanitizer reports) reach our stderr.
    process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process->setStandardOutputFile(QProcess::nullDevice());
    process->setStandardInputFile(QProcess::nullDevice());
    process->setProgram(m_program.program);
    process->setArguments(QStringList { QStringLiteral("strategy-host"), QStringLiteral("--socket"),
                              server->fullServerName() }
        + m_program.arguments);
    process->start();
    if (!process->waitForStarted(kStartTimeoutMs)) {
        *error = QCoreApplication::translate(
            "Rblab::HostConnection", "cannot start the plugin helper %1: %2")
                     .arg(m_program.program, process->errorString());
        return false;
    }
    const QDeadlineTimer deadline(kStartTimeoutMs);
    while (!server->hasPendingConnections()) {
        if (process->state() != QProcess::Running || deadline.hasExpired()) {
            m_process = std::move(process);
            const QString why = exitDetail();
            stop(true);
            *error = QCoreApplication::translate(
                "Rblab::HostConnection", "the plugin helper did not connect: %1")
                         .arg(why);
            return false;
        }
        server->waitForNewConnection(20);
    }
    m_socket = server->nextPendingConnection();
    m_server = std::move(server);
    m_process = std::move(process);
    m_serial = g_nextSerial.fetch_add(1);
    ++m_starts;
    return true;
}

HostConnection::Reply HostConnection::call(const QByteArray &request, int timeoutMs)
{
    Reply reply;
    QString error;
    if (!ensureRunning(&error)) {
        reply.failure = Failure::StartFailed;
        reply.detail = error;
        return reply;
    }
    const QDeadlineTimer deadline(timeoutMs);
    if (!HostProtocol::writeFrame(*m_socket, request, deadline)) {
        reply.failure = deadline.hasExpired() ? Failure::TimedOut : Failure::Crashed;
    } else {
        switch (HostProtocol::readFrame(*m_socket, &reply.payload, deadline)) {
        case HostProtocol::ReadResult::Frame:
            return reply;
        case HostProtocol::ReadResult::Closed:
            reply.failure = Failure::Crashed;
            break;
        case HostProtocol::ReadResult::TimedOut:
            reply.failure = Failure::TimedOut;
            break;
        case HostProtocol::ReadResult::Corrupt:
            reply.failure = Failure::Protocol;
            break;
        }
    }
    if (reply.failure == Failure::TimedOut) {
        stop(true);
    } else {
        // Closed: the helper is dying; let it finish to read how it ended.
        if (m_process) {
            m_process->waitForFinished(5000);
        }
        reply.detail = exitDetail();
        stop(true);
    }
    return reply;
}

void HostConnection::post(const QByteArray &request)
{
    if (m_serial != 0 && m_socket && m_socket->state() == QLocalSocket::ConnectedState) {
        HostProtocol::writeFrame(*m_socket, request, QDeadlineTimer(1000));
    }
}

QString HostConnection::exitDetail()
{
    if (!m_process || m_process->state() != QProcess::NotRunning) {
        return QString();
    }
    if (m_process->exitStatus() == QProcess::CrashExit) {
        return QCoreApplication::translate("Rblab::HostConnection", "killed by a signal");
    }
    return QCoreApplication::translate("Rblab::HostConnection", "exit status %1")
        .arg(m_process->exitCode());
}

void HostConnection::stop(bool kill)
{
    m_serial = 0;
    if (m_socket) {
        m_socket->abort();
        m_socket = nullptr;
    }
    m_server.reset(); // deletes the socket it owns
    if (m_process) {
        // Closing the socket ends a healthy helper; one that hangs in plugin code is killed.
        if (m_process->state() != QProcess::NotRunning
            && (kill || !m_process->waitForFinished(2000))) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
        m_process.reset();
    }
}

} // namespace Rblab
