// SPDX-License-Identifier: Apache-2.0
// The engine's fast path: a steady queue's pull answers handled in a tight loop (issue 12).
#pragma once

#include "model/processqueue.h"
#include "model/queuestate.h"
#include "sim/random.h"
#include "sim/simtime.h"

#include <QtGlobal>

#include <vector>

namespace Rblab {

struct World;
struct ClientConfig;
class Broker;
class Consumer;

/*!
    A consumer that keeps up makes one pull per message: the broker holds the pull until the next
    message arrives, the answer brings it, a worker consumes it, the next pull goes out. Through
    the agenda that costs about a thousand instructions a message, spread thin over generic code.

    A process queue in the steady regime (its consumer running concurrently with threads to
    spare, no flow control, no failures, its broker up, reachable and not throttling, no other
    holder in its group) becomes a *lane*: its next pull answer is kept here, with the time and
    sequence number it would have had on the agenda, instead of on the agenda. Before the agenda
    hands out an event, every lane handles its answers due before that event (catchUp), each
    queue on its own, in a loop over local state: the answer's messages go to the cache, each
    call's consume time is drawn from the queue's own stream (ProcessQueue::random, carry), the
    calls ending before the next answer complete, the next pull is answered or held as the
    broker would. The state is then written back where the general path keeps it (the process
    queue, its cache, the consumer's pool and pending calls, the offset table, the broker's
    committed offset and held pulls, the delivery bits), so the event sees exactly what the
    general path would have left.

    Why that is exact: between two agenda events nothing outside a lane can change what the lane
    reads (a rate change, a command, a rebalance, a frozen consumer are all agenda events, and
    the lane's conditions are checked again before each catch-up), and lanes do not read each
    other (a queue's draws are its own; the pool is shared: each lane gets a fixed share of the
    idle threads for the catch-up and stops where it would need more, or, where those shares
    would be small, the consumer's lanes take from the whole pool and a Ledger finds the first
    millisecond it runs out). An answer the loop cannot handle (flow control, a full share or
    pool, a hold that times out) stops every lane at that
    answer's place and is handled there by the general path, inside the catch-up; the lanes run
    in rounds of growing reach, so few of them go far past it and are handled again.
    RBLAB_FASTPATH=0 turns the fast path off; tst_fastpath compares both on every bundled world
    and on busy pools, and tests/bench/fastpath_fuzz.py on random worlds.
*/
class FastPath
{
public:
    explicit FastPath(World *world);

    bool enabled() const { return m_enabled; }
    void setEnabled(bool enabled);
    bool active() const { return !m_lanes.empty(); }
    //! Pull answers the lanes handled so far (the agenda handled the others).
    quint64 answers() const { return m_answers; }
    /*!
        Answers handled through the general path inside catch-ups so far: a catch-up that handled
        one may have put events on the agenda before the limit it was given.
    */
    quint64 stops() const { return m_inline; }
    /*!
        Answers the loops handled, counting again those handled past a stop and then again up to
        it or in the next catch-up: its excess over answers() is the work a stop wasted.
    */
    quint64 looped() const { return m_looped; }

    /*!
        A pull answer for `pq` due at `at`: kept in the queue's lane (made if the queue is
        steady) and true, or false when the agenda must take it.
    */
    bool take(qint32 pq, SimTime at, quint64 stamp);
    //! Handles every lane answer before (at, seq) in the agenda's order.
    void catchUp(SimTime at, quint64 seq);
    //! The earliest lane answer due at or before `limit`; false when there is none.
    bool earliest(SimTime limit, SimTime *at, quint64 *seq) const;
    //! Puts every lane's answer back on the agenda (fast path turned off).
    void evictAll();

private:
    struct Lane
    {
        qint32 pq = -1;
        qint32 consumer = -1;
        SimTime at = 0; //!< the pending answer
        quint64 seq = 0;
        quint64 stamp = 0;
    };
    //! A listener call of a lane in flight.
    struct Call
    {
        SimTime done;
        SimTime startedAt;
        qint64 begin;
        qint32 count;
    };
    //! A lane's pull request and the broker's answer to it (ProcessQueue's PullRequest part).
    struct Answer
    {
        SimTime at = 0; //!< when the pending answer is due
        quint64 stamp = 0; //!< its stamp (pullGen, and parkGen when held)
        ProcessQueue::PullStatus status = ProcessQueue::PullStatus::Found;
        ProcessQueue::PullStage stage = ProcessQueue::PullStage::InFlight;
        qint64 resultBegin = 0;
        qint64 resultEnd = 0;
        quint32 pullGen = 0;
        quint32 parkGen = 0;
        SimTime parkedAt = 0;
        SimTime wakeAt = 0;
    };
    //! A lane's state during a catch-up, written back at its end: its scalars...
    struct RunState
    {
        bool blocked = false; //!< stopped at (at, seq): the general path handles that answer
        qint32 quota = 0; //!< calls it may have in flight: its own threads and its share
        qint32 handled = 0;
        SimTime lastAt = 0; //!< when the last answer was handled
        Answer answer; //!< the pending one
        quint64 seq = 0; //!< of the answer pending when the catch-up began
        size_t head = 0;
        size_t tail = 0;
        Random random;
        double carry = 0;
        qint64 nextOffset = 0;
        qint64 nextBeginOffset = 0;
        SimTime pullSentAt = 0;
        SimTime lastPull = 0;
        SimTime lastConsume = 0;
        qint64 queueOffsetMax = 0;
        bool commitFlag = false;
        qint64 commitOffset = 0;
        qint64 offset = -1; //!< the consumer's offset table entry
        bool committed = false; //!< a pull carried an offset to the broker
        qint64 committedValue = 0; //!< the last one
        qint64 deliveredFrom = 0;
        qint64 deliveredTo = 0;
        bool consumed = false; //!< a call completed (lastConsume, offset changed)
        bool put = false; //!< messages were cached
    };
    //! ...and its storage.
    struct Run : RunState
    {
        //! When each answer of the catch-up is due: [0] the one pending at its start, then one
        //! per answer handled (the next one it made).
        std::vector<SimTime> chain;
        //! In flight: calls[head, tail), by (done, start order); calls is storage (its size is
        //! its capacity, so the loop works on a plain array).
        std::vector<Call> calls;
    };

    bool consumerSteady(const Consumer &c) const;
    //! `inCalls`: the messages in its calls in flight, when known (-1: counts them).
    bool laneSteady(const Lane &lane, qint64 inCalls = -1) const;
    //! The idle threads the `rank`th of a consumer's `due` lanes may take during a catch-up.
    qint32 share(const Consumer &c, qint32 due, qint32 rank) const;
    void load(const Lane &lane, Run &run) const;
    /*!
        Copies a run's state, to keep it as a round begins or to take a run back to it. Its chain
        is not copied: later answers only append to it.
    */
    static void copyState(const Run &from, Run &to);
    /*!
        A consumer's threads as its due lanes use them during a catch-up, when they share the
        pool instead of each taking a fixed part of it: per millisecond from the catch-up's first
        answer, the calls that started minus those that ended (a difference array), summed as the
        rounds go to find the first millisecond at which more calls are in flight than the pool
        has threads.
    */
    struct Ledger
    {
        std::vector<qint32> diff; //!< per ms from m_base; its size is the window so far
        std::vector<SimTime> later; //!< ends past the window, entered as it grows
        qint64 pool = 0; //!< the idle threads and those the due lanes' calls hold
        qint64 busy = 0; //!< calls in flight at the end of ms checked - 1
        size_t checked = 0; //!< ms (from m_base) checked so far
        quint32 stamp = 0; //!< the catch-up that decided `shared` (m_stamp)
        quint32 opened = 0; //!< the catch-up that opened it
        bool shared = false; //!< the consumer's due lanes share its pool in this catch-up
    };
    /*!
        The first answer of a catch-up that no lane can handle (the stop), which the general
        path handles in its place, and how far the lanes may go meanwhile.
    */
    struct Stop
    {
        const Run *run = nullptr; //!< the stop's lane's run; null while none is known
        size_t lane = 0;
        SimTime reachAt = 0; //!< no lane handles an answer at or after (reachAt, reachSeq)
        quint64 reachSeq = 0;
    };

    //! Handles the lane's answers before (at, seq) while they are steady; with `ledger`, enters
    //! its calls there.
    template<bool Account>
    void advance(const Lane &lane, Run &run, SimTime at, quint64 seq, qint32 maxHandled,
        Ledger *ledger = nullptr);
    void advance(const Lane &lane, Run &run, SimTime at, quint64 seq, qint32 maxHandled)
    {
        advance<false>(lane, run, at, seq, maxHandled);
    }
    /*!
        Room in a run's calls for `calls` more after its calls in flight [head, end): they move
        to the front, and the storage grows if need be. Returns where they end now.
    */
    static size_t makeRoom(Run &run, size_t head, size_t end, size_t calls);

    // The parts of an answer in advance(), inlined: values in, values out, so that the loop
    // keeps its state in plain locals (registers).

    //! The most messages a lane's cache may hold after an answer (pullNow's thresholds).
    static qint64 maxCachedOf(const ClientConfig &config, qint64 size);
    //! Of the calls in flight [head, end), those still running at `now`: from `ended` on.
    struct Running
    {
        size_t ended;
        qint64 cached; //!< their messages
        qint64 lowest; //!< their lowest offset
    };
    static Running runningAt(const Call *flight, size_t head, size_t end, SimTime now);
    //! Adds a call to those in flight [head, end), in (done, start) order.
    static void insertByEnd(Call *flight, size_t head, size_t end, Call call);
    //! Enters a call's end in its consumer's ledger.
    static void enterEnd(
        Ledger &ledger, qint32 *diff, SimTime window, SimTime base, SimTime now, SimTime done);
    //! The broker's answer to a pull for `next` sent at `now`.
    struct PullAnswer
    {
        SimTime at; //!< when it reaches the consumer
        qint64 resultEnd; //!< the messages [next, resultEnd)
        SimTime wake; //!< held: when the broker answers
        ProcessQueue::PullStatus status;
        bool held; //!< parked by PullRequestHoldService until `wake`
    };
    static PullAnswer answerPull(const QueueState::ProductionStep &step, const Broker &broker,
        const QueueState &q, SimTime latency, qint64 cap, bool longPolling, SimTime hold,
        SimTime now, qint64 next);
    //! What the last answer an advance handled (at `lastAt`) did, and the pull it sent.
    static void noteLastAnswer(Run &run, SimTime lastAt);
    //! Grows a ledger's window to end at `at` (inclusive).
    void extend(Ledger &ledger, SimTime at) const;
    /*!
        The first millisecond at or before `at` at which the ledger's consumer has more calls in
        flight than threads, or -1.
    */
    SimTime overflow(Ledger &ledger, SimTime at) const;
    //! Whether answer i of one lane's catch-up comes before answer j of another's on the agenda.
    static bool precedes(const Run &a, size_t i, const Run &b, size_t j);

    // The steps of a catch-up (catchUp()), in their order.

    //! Puts the due lanes that left the steady regime back on the agenda; true when any did.
    bool evictUnsteady(SimTime limitAt, quint64 limitSeq);
    //! The messages in the calls in flight of a consumer's process queues, once per catch-up.
    void countInCalls(qint32 consumer);
    qint64 inCallsOf(qint32 pq) const
    {
        return m_inCallsStamp[size_t(pq)] == m_stamp ? m_inCalls[size_t(pq)] : qint64(0);
    }
    //! The lanes with an answer before the limit (m_due); false when there are none.
    bool gatherDue(SimTime limitAt, quint64 limitSeq);
    //! Loads each due lane's run, with its calls in flight.
    void loadDue();
    //! Fills the runs of a consumer's due lanes with their calls in flight (one pass over its
    //! pending calls).
    void fillCalls(size_t consumer);
    //! How many threads each due lane may hold: a fixed part, or (m_ledgers) the whole pool.
    void assignQuotas(SimTime limitAt);
    //! A lane with no thread to take stops at its first answer: the catch-up ends there.
    void boundByIdleLanes(SimTime &limitAt, quint64 &limitSeq);
    //! Opens the ledgers of the consumers whose due lanes share their pools.
    void openLedgers();
    //! Every due lane up to the limit or to the stop, in rounds of growing reach.
    Stop runRounds(SimTime limitAt, quint64 limitSeq);
    //! One round: every due lane as far as (roundAt, roundSeq), or the nearer stop.
    void runRound(Stop &stop, SimTime roundAt, quint64 roundSeq);
    //! A stop candidate: the lane's blocked answer, kept when it comes first.
    void consider(Stop &stop, size_t lane) const;
    /*!
        Takes each sharing consumer's lanes back to the first answer that found no thread by
        `upTo` (a stop); true when any did.
    */
    bool takeBackOverflows(SimTime upTo, SimTime limitAt, quint64 limitSeq);
    /*!
        The due lane of `consumer` whose answer at millisecond `t`, handled in the last round,
        comes first on the agenda; its index in the lane's chain in `index`.
    */
    size_t firstAnswerAt(size_t consumer, SimTime t, qint32 *index) const;
    //! Takes back the answers the lanes handled at or after the stop.
    void trimToStop(const Stop &stop, SimTime limitAt, quint64 limitSeq);
    /*!
        Writes the due lanes back, the calls that ended by `settled` completed, and gives the
        answers they made their sequence numbers in the agenda's order.
    */
    void commit(const Stop &stop, SimTime settled);
    /*!
        Writes a lane's state back. Its calls that ended by `settled` complete first: the
        general path would complete them at its consumer's next event (at or after `settled`)
        and nothing reads them in between.
    */
    void writeBack(Lane &lane, Run &run, SimTime settled);
    //! The pool as the general path keeps it: the run's calls in flight, on threads.
    void returnCalls(const Lane &lane, const Run &run);
    void evict(size_t index);
    void remove(size_t index);
    static bool before(SimTime a, quint64 as, SimTime b, quint64 bs)
    {
        return a != b ? a < b : as < bs;
    }

    World *m_world;
    bool m_enabled = true;
    std::vector<Lane> m_lanes;
    std::vector<Run> m_runs; //!< scratch, one per lane (kept for its capacity)
    std::vector<Run> m_saved; //!< each run as the last round of a catch-up began
    quint32 m_stamp = 0; //!< counts catch-ups: marks what was gathered in the current one
    std::vector<quint32> m_consumerStamp; //!< per consumer: when its calls were last counted
    std::vector<quint32> m_filledStamp; //!< per consumer: when its lanes' calls were last filled
    std::vector<qint64> m_inCalls; //!< per process queue: the messages in its calls in flight
    std::vector<quint32> m_inCallsStamp; //!< per process queue: when m_inCalls was counted
    std::vector<quint32> m_runStamp; //!< per lane: when its run was loaded
    std::vector<Call> m_byOffset; //!< scratch for writeBack()
    std::vector<size_t> m_due; //!< lanes with an answer before the current catch-up's limit
    std::vector<size_t> m_order; //!< lanes that made answers, in the agenda's order
    quint64 m_inline = 0; //!< stops handled (through the general path) inside a catch-up
    std::vector<qint32> m_dueCount; //!< per consumer: its lanes due in the current catch-up
    std::vector<qint32> m_dueRank; //!< per consumer: those given their share so far
    std::vector<qint32> m_laneCount; //!< per consumer
    std::vector<Ledger> m_ledgers; //!< per consumer (kept for their capacity)
    std::vector<size_t> m_sharing; //!< consumers whose ledgers are open in this catch-up
    SimTime m_base = 0; //!< the first answer of the current catch-up: the ledgers' ms 0
    quint64 m_answers = 0;
    quint64 m_looped = 0;
    SimTime m_earliest = 0; //!< no lane's answer is due before this (a lower bound)
};

} // namespace Rblab
