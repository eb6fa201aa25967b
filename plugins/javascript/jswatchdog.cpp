// SPDX-License-Identifier: Apache-2.0
#include "jswatchdog.h"

#include <QJSEngine>

JsWatchdog &JsWatchdog::instance()
{
    static JsWatchdog watchdog;
    return watchdog;
}

JsWatchdog::~JsWatchdog()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

quint64 JsWatchdog::arm(QJSEngine *engine, std::chrono::milliseconds limit)
{
    const std::lock_guard lock(m_mutex);
    if (!m_thread.joinable()) {
        m_thread = std::thread([this] { run(); });
    }
    const quint64 ticket = m_next++;
    m_entries.emplace(ticket, Entry { engine, std::chrono::steady_clock::now() + limit, false });
    m_wake.notify_all();
    return ticket;
}

bool JsWatchdog::disarm(quint64 ticket)
{
    const std::lock_guard lock(m_mutex);
    const auto it = m_entries.find(ticket);
    if (it == m_entries.end()) {
        return false;
    }
    const bool fired = it->second.fired;
    if (fired) {
        it->second.engine->setInterrupted(false);
    }
    m_entries.erase(it);
    return fired;
}

void JsWatchdog::run()
{
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        auto next = std::chrono::steady_clock::time_point::max();
        const auto now = std::chrono::steady_clock::now();
        for (auto &[ticket, entry] : m_entries) {
            if (entry.fired) {
                continue;
            }
            if (entry.deadline <= now) {
                // Under the mutex: disarm cannot run, so the engine is still alive.
                entry.engine->setInterrupted(true);
                entry.fired = true;
            } else {
                next = std::min(next, entry.deadline);
            }
        }
        if (next == std::chrono::steady_clock::time_point::max()) {
            m_wake.wait(lock);
        } else {
            m_wake.wait_until(lock, next);
        }
    }
}
