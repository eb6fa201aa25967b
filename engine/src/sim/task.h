// SPDX-License-Identifier: Apache-2.0
// C++20 coroutines for the client's service threads (rebalance, scheduled tasks, start, shutdown).
#pragma once

#include <coroutine>
#include <exception>
#include <optional>
#include <utility>
#include <vector>

namespace Rblab {

/*!
    A lazily started coroutine that another coroutine awaits (co_await task) or a TaskSet owns.

    RocketMQ's RebalanceService, scheduled executor and start/shutdown sequences are threads that
    block on synchronous RPCs and timed waits; written as coroutines they read like the Java
    code (`auto cids = co_await findConsumerIdList(topic)`) while the simulation stays
    single-threaded and deterministic. The hot path (pulls and consumption) does not use them.
    Engine code does not throw; an escaping exception is a bug and terminates.
*/
template<typename T = void> class [[nodiscard]] Task;

namespace detail {

struct TaskPromiseBase
{
    std::coroutine_handle<> continuation;

    struct FinalAwaiter
    {
        bool await_ready() const noexcept { return false; }
        template<typename Promise>
        std::coroutine_handle<> await_suspend(std::coroutine_handle<Promise> h) noexcept
        {
            // Symmetric transfer to whoever awaited us; a root task just stays suspended.
            std::coroutine_handle<> next = h.promise().continuation;
            return next ? next : std::noop_coroutine();
        }
        void await_resume() const noexcept { }
    };

    std::suspend_always initial_suspend() const noexcept { return {}; }
    FinalAwaiter final_suspend() const noexcept { return {}; }
    void unhandled_exception() const noexcept { std::terminate(); }
};

} // namespace detail

template<typename T> class [[nodiscard]] Task
{
public:
    struct promise_type : detail::TaskPromiseBase
    {
        std::optional<T> value;
        Task get_return_object()
        {
            return Task(std::coroutine_handle<promise_type>::from_promise(*this));
        }
        void return_value(T v) { value = std::move(v); }
    };

    Task() = default;
    Task(Task &&other) noexcept : m_handle(std::exchange(other.m_handle, {})) { }
    Task &operator=(Task &&other) noexcept
    {
        if (this != &other) {
            reset();
            m_handle = std::exchange(other.m_handle, {});
        }
        return *this;
    }
    ~Task() { reset(); }

    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> caller) noexcept
    {
        m_handle.promise().continuation = caller;
        return m_handle;
    }
    T await_resume() { return std::move(*m_handle.promise().value); }

    void start() { m_handle.resume(); }
    bool done() const { return !m_handle || m_handle.done(); }

private:
    explicit Task(std::coroutine_handle<promise_type> h) : m_handle(h) { }
    void reset()
    {
        if (m_handle) {
            m_handle.destroy();
            m_handle = {};
        }
    }
    std::coroutine_handle<promise_type> m_handle;
};

template<> class [[nodiscard]] Task<void>
{
public:
    struct promise_type : detail::TaskPromiseBase
    {
        Task get_return_object()
        {
            return Task(std::coroutine_handle<promise_type>::from_promise(*this));
        }
        void return_void() const noexcept { }
    };

    Task() = default;
    Task(Task &&other) noexcept : m_handle(std::exchange(other.m_handle, {})) { }
    Task &operator=(Task &&other) noexcept
    {
        if (this != &other) {
            reset();
            m_handle = std::exchange(other.m_handle, {});
        }
        return *this;
    }
    ~Task() { reset(); }

    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> caller) noexcept
    {
        m_handle.promise().continuation = caller;
        return m_handle;
    }
    void await_resume() const noexcept { }

    void start() { m_handle.resume(); }
    bool done() const { return !m_handle || m_handle.done(); }

private:
    explicit Task(std::coroutine_handle<promise_type> h) : m_handle(h) { }
    void reset()
    {
        if (m_handle) {
            m_handle.destroy();
            m_handle = {};
        }
    }
    std::coroutine_handle<promise_type> m_handle;
};

/*!
    The root coroutines of one consumer (its "threads"). Clearing the set destroys every
    suspended frame, which is how a killed process stops mid-RPC: the awaiters' destructors
    withdraw their pending wake-ups. Never clear a set from inside one of its own coroutines.
*/
class TaskSet
{
public:
    void spawn(Task<void> task)
    {
        m_tasks.push_back(std::move(task));
        m_tasks.back().start();
        collect();
    }
    void clear()
    {
        std::vector<Task<void>> dying = std::move(m_tasks);
        m_tasks.clear();
        dying.clear();
    }
    void collect()
    {
        for (size_t i = 0; i < m_tasks.size();) {
            if (m_tasks[i].done()) {
                m_tasks.erase(m_tasks.begin() + static_cast<std::ptrdiff_t>(i));
            } else {
                ++i;
            }
        }
    }
    bool empty() const { return m_tasks.empty(); }

private:
    std::vector<Task<void>> m_tasks;
};

} // namespace Rblab
