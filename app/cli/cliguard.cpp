// SPDX-License-Identifier: Apache-2.0
#include "cliguard.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <unistd.h>

namespace {

// Written before a call starts, read by the signal handler: fixed buffers, no allocation there.
constexpr int kLevels = 8;
char g_what[kLevels][512];
bool g_timed[kLevels];
std::atomic<int> g_depth { 0 };
std::atomic<int> g_timeoutMs { 0 };
std::atomic<quint64> g_callGeneration { 0 };
std::atomic<qint64> g_callStartMs { 0 };

// The innermost named level, or nullptr outside every call.
const char *innermost()
{
    const int depth = g_depth.load();
    return depth > 0 ? g_what[std::min(depth, kLevels) - 1] : nullptr;
}

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
    if (const char *what = innermost()) {
        writeText(" while running ");
        writeText(what);
    } else {
        writeText(" (no plugin call was running)");
    }
    writeText("\n");
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void onExit()
{
    if (const char *what = innermost()) {
        writeText("rblab: exit() was called while running ");
        writeText(what);
        writeText("\n");
        ::_exit(CliGuard::kPluginFailureStatus);
    }
}

bool innermostTimed()
{
    const int depth = g_depth.load();
    return depth > 0 && g_timed[std::min(depth, kLevels) - 1];
}

void watchdog()
{
    for (;;) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        const int timeout = g_timeoutMs.load();
        if (timeout <= 0 || !innermostTimed()) {
            continue;
        }
        const quint64 generation = g_callGeneration.load();
        if (nowMs() - g_callStartMs.load() > timeout && innermostTimed()
            && g_callGeneration.load() == generation) {
            char ms[24];
            std::snprintf(ms, sizeof ms, "%d", timeout);
            writeText("rblab: a plugin call ran longer than --call-timeout ");
            writeText(ms);
            writeText(" ms while running ");
            writeText(innermost());
            writeText("\n");
            ::_exit(CliGuard::kPluginFailureStatus);
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

void CliGuard::enter(const QByteArray &what, bool timed)
{
    const int depth = g_depth.load();
    if (depth < kLevels) {
        const size_t n = std::min(size_t(what.size()), sizeof g_what[depth] - 1);
        std::memcpy(g_what[depth], what.constData(), n);
        g_what[depth][n] = '\0';
        g_timed[depth] = timed;
    }
    if (timed) {
        g_callStartMs.store(nowMs());
        g_callGeneration.fetch_add(1);
    }
    g_depth.store(depth + 1);
}

void CliGuard::leave()
{
    g_depth.store(std::max(0, g_depth.load() - 1));
    // The outer call, if timed, goes on: its clock restarts rather than counting the inner one
    // twice (a slightly later timeout, never an early one).
    g_callStartMs.store(nowMs());
    g_callGeneration.fetch_add(1);
}
