// SPDX-License-Identifier: Apache-2.0
// The interface's words for engine values: states, event kinds, flow-control causes, units.
#pragma once

#include <model/simevent.h>
#include <model/snapshot.h>

#include <QCoreApplication>
#include <QString>

class QAction;

namespace Rblab {

/*!
    Translated names for the engine's enums and the number formats every view shares, so a
    state is called the same on a card, in the inspector and in the log. Called on the GUI
    thread, at paint or retranslate time, so a language switch shows at once.
*/
class GuiText
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::GuiText)

public:
    static QString stateName(ConsumerState state, bool slowed = false);
    static QString eventName(SimEvent::Type type);
    /*!
        The kind's name where events come from client logs: an inferred kill is a client that
        fell silent ("silent"), since logs cannot tell a kill from a hang (issue 37 item 5).
    */
    static QString observedEventName(SimEvent::Type type);
    /*!
        An imported client whose lines stop with no "shutdown OK" (the report infers a kill; a
        hung client looks the same): "silent since 21:42:01 (last log line)", `time` HH:MM:SS.
    */
    static QString silentSince(const QString &time);
    //! What an observed world shows for a figure its logs do not record: "—".
    static QString unmeasured();
    //! Why: "client logs do not record cache sizes, offsets, lag or duplicates".
    static QString unmeasuredWhy();
    //! Why a live group's figure is "—": polls see offsets and caches, not each delivery.
    static QString unmeasuredLiveWhy();
    static QString flowCauseName(SimEvent::FlowCause cause);
    //! Every event kind the log can filter by, in a sensible order.
    static QList<SimEvent::Type> eventTypes();
    //! "1:05.250" (m:ss.mmm), or "1:02:05" past an hour: the clock.
    static QString clock(SimTime t);
    //! "12.5 s", "3 min 20 s": a span for people.
    static QString span(SimTime t);
    static QString bytes(qint64 bytes);
    //! "2 ms", "0.3 ms", "1.5 s": a time per message, fractions of a millisecond kept.
    static QString milliseconds(double ms);
    //! A listener's time per message: "20 ms", "exponential, mean 2 ms", "lognormal, mean 2 ms, p99
    //! 20 ms".
    static QString consumeTime(const ConsumeTime &time);
    //! "20 ms per message (declared: 2 ms)": a consumer's listener now, and as declared if it
    //! differs.
    static QString consumeTime(const SnapshotConsumer &consumer);
    static QString count(qint64 n);
    //! "4", or "4 (+1 retry)": a count of queues (unassigned, double-owned) with the retry
    //! queues apart, as the status bar and the lanes say it.
    static QString queuesAndRetry(qint64 queues, qint64 retryQueues);
    //! A setting's unit ("messages", "MiB", …) in the interface language.
    static QString unitName(const QString &unit);
    //! Sets an action's text, status tip and tooltip; the tooltip names the shortcut too.
    static void setActionTexts(QAction *action, const QString &text, const QString &tip);
    //! "1,000×", "0.5×".
    static QString speed(double factor);
};

} // namespace Rblab
