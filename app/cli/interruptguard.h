// SPDX-License-Identifier: Apache-2.0
// Ctrl-C and TERM routed to a command's own handler while it runs (real-run, watch).
#pragma once

#include <csignal>

/*!
    Installs `handler` for SIGINT and SIGTERM for the guard's lifetime and puts the previous
    handlers back after. The handler runs in signal context: it may only set a flag or call
    something async-signal-safe.
*/
class InterruptGuard
{
public:
    explicit InterruptGuard(void (*handler)(int))
    {
        struct sigaction action
        {
        };
        action.sa_handler = handler;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &m_oldInt);
        sigaction(SIGTERM, &action, &m_oldTerm);
    }
    ~InterruptGuard()
    {
        sigaction(SIGINT, &m_oldInt, nullptr);
        sigaction(SIGTERM, &m_oldTerm, nullptr);
    }
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;

private:
    struct sigaction m_oldInt
    {
    };
    struct sigaction m_oldTerm
    {
    };
};
