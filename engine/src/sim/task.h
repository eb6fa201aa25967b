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
    //! The awaiter is still inside await_suspend, running this task on its own stack.
    bool runningInline = false;
    //! The task finished while runningInline: the awaiter goes on without being resumed.
    bool finishedInline = false;

    struct FinalAwaiter
    {
        bool await_ready() const noexcept { return false; }
        template<typename Promise>
        std::coroutine_handle<> await_suspend(std::coroutine_handle<Promise> h) noexcept
        {
            TaskPromiseBase &promise = h.promise();
            if (promise.runningInline) {
                // Back to await_suspend, which lets the awaiter continue in its own frame.
                promise.finishedInline = true;
                return std::noop_coroutine();
            }
            // Finished after a real suspension (resumed from the agenda): transfer to whoever
            // awaited us; a root task just stays suspended.
            std::coroutine_handle<> next = promise.continuation;
            return next ? next : std::noop_coroutine();
        }
        void await_resume() const noexcept { }
    };

    /*!
        Runs the awaited task up to its first real suspension, on the awaiter's stack. A task
        that finishes without suspending (removing a queue whose offsets are persisted at once)
        returns false, so the awaiter continues where it is. Symmetric transfer alone would
        have the child resume its awaiter from final_suspend, which is a tail call only when
        the optimiser makes it one: at -O0 a loop awaiting thousands of such tasks (a rebalance
        dropping 8,192 queues) nested one frame pair per iteration and overflowed the stack.
    */
    static bool startAwaited(std::coroutine_handle<> child, TaskPromiseBase &promise,
        std::coroutine_handle<> caller) noexcept
    {
        promise.continuation = caller;
        promise.runningInline = true;
        child.resume();
        promise.runningInline = false;
        return !promise.finishedInline;
    }

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
    bool await_suspend(std::coroutine_handle<> caller) noexcept
    {
        return detail::TaskPromiseBase::startAwaited(m_handle, m_handle.promise(), caller);
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
    bool await_suspend(std::coroutine_handle<> caller) noexcept
    {
        return detail::TaskPromiseBase::startAwaited(m_handle, m_handle.promise(), caller);
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
