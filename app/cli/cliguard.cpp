// SPDX-License-Identifier: Apache-2.0
#include "cliguard.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <unistd.h>

namespace {

// Written before a call starts, read by the signal handler: a fixed buffer, no allocation there.
char g_what[512];
std::atomic<bool> g_inCall { false };
std::atomic<int> g_timeoutMs { 0 };
std::atomic<quint64> g_callGeneration { 0 };
std::atomic<qint64> g_callStartMs { 0 };

qint64 nowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void writeText(const char *text)
{
    size_t left = std::strlen(text);
    while (left > 0) {
        const ssize_t n = ::write(STDERR_FILENO, text, left);
        if (n <= 0) {
            return;
        }
        text += n;
        left -= size_t(n);
    }
}

const char *signalName(int sig)
{
    switch (sig) {
    case SIGSEGV:
        return "SIGSEGV";
    case SIGABRT:
        return "SIGABRT";
    case SIGBUS:
        return "SIGBUS";
    case SIGFPE:
        return "SIGFPE";
    case SIGILL:
        return "SIGILL";
    }
    return "a fatal signal";
}

void onFatalSignal(int sig)
{
    writeText("rblab: ");
    writeText(signalName(sig));
    if (g_inCall.load()) {
        writeText(" while running ");
        writeText(g_what);
    } else {
        writeText(" (no plugin call was running)");
    }
    writeText("\n");
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void onExit()
{
    if (g_inCall.load()) {
        writeText("rblab: exit() was called while running ");
        writeText(g_what);
        writeText("\n");
        ::_exit(CliGuard::kPluginFailureStatus);
    }
}

void watchdog()
{
    quint64 reported = 0;
    for (;;) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        const int timeout = g_timeoutMs.load();
        if (timeout <= 0 || !g_inCall.load()) {
            continue;
        }
        const quint64 generation = g_callGeneration.load();
        if (generation != reported && nowMs() - g_callStartMs.load() > timeout) {
            reported = generation;
            if (g_inCall.load() && g_callGeneration.load() == generation) {
                char ms[24];
                std::snprintf(ms, sizeof ms, "%d", timeout);
                writeText("rblab: a plugin call ran longer than --call-timeout ");
                writeText(ms);
                writeText(" ms while running ");
                writeText(g_what);
                writeText("\n");
                ::_exit(CliGuard::kPluginFailureStatus);
            }
        }
    }
}

} // namespace

void CliGuard::install()
{
    // A stack overflow leaves no stack for the handler: give it its own.
    static char altStack[64 * 1024];
    stack_t ss {};
    ss.ss_sp = altStack;
    ss.ss_size = sizeof altStack;
    sigaltstack(&ss, nullptr);
    struct sigaction action
    {
    };
    action.sa_handler = onFatalSignal;
    action.sa_flags = SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    for (int sig : { SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL }) {
        sigaction(sig, &action, nullptr);
    }
    std::atexit(onExit);
}

void CliGuard::setCallTimeout(int milliseconds)
{
    static bool started = false;
    g_timeoutMs.store(milliseconds);
    if (milliseconds > 0 && !started) {
        started = true;
        std::thread(watchdog).detach();
    }
}

CliGuard::Call::Call(const QByteArray &what)
{
    const size_t n = std::min(size_t(what.size()), sizeof g_what - 1);
    std::memcpy(g_what, what.constData(), n);
    g_what[n] = '\0';
    g_callStartMs.store(nowMs());
    g_callGeneration.fetch_add(1);
    g_inCall.store(true);
}

CliGuard::Call::~Call()
{
    g_inCall.store(false);
}
