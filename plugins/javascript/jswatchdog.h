// SPDX-License-Identifier: Apache-2.0
// Interrupts a JavaScript call that runs past its time limit.
#pragma once

#include <QtGlobal>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

class QJSEngine;

/*!
    One thread for the whole process that calls QJSEngine::setInterrupted(true) (thread-safe by
    Qt's contract) on an engine whose call has run longer than its limit. A call arms it before
    and disarms it after; disarm says whether the call was interrupted.
*/
class JsWatchdog
{
public:
    static JsWatchdog &instance();
    ~JsWatchdog();

    quint64 arm(QJSEngine *engine, std::chrono::milliseconds limit);
    //! True when the limit passed and the engine was interrupted; clears the interruption.
    bool disarm(quint64 ticket);

private:
    JsWatchdog() = default;
    void run();

    struct Entry
    {
        QJSEngine *engine = nullptr;
        std::chrono::steady_clock::time_point deadline;
        bool fired = false;
    };

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::map<quint64, Entry> m_entries;
    quint64 m_next = 1;
    bool m_stop = false;
    std::thread m_thread;
};
