// SPDX-License-Identifier: Apache-2.0
// The samples a view keeps of a run: every one of a recent window, older ones thinned.
#pragma once

#include "model/snapshot.h"

#include <rblab/rblab_global.h>

#include <QHash>
#include <QList>

#include <memory>

namespace Rblab {

//! A sample once stored: immutable, so a view in another thread can hold it without a lock.
using SamplePtr = std::shared_ptr<const Sample>;

/*!
    A bounded history of samples for charts: the newest `recent` samples at full resolution,
    older ones thinned so that the whole never holds more than `capacity` samples, however long
    the run. Thinning halves the density of the finest older stretch at a time (the sample kept
    then stands for both, see stride()), down to halfway between `recent` and `capacity`, so it
    runs once every (capacity - recent) / 2 samples; resolution falls off with age and the first
    sample of the run is always kept.

    Departed consumers' rows are folded (isFolded()): a stored sample keeps a row for each
    consumer that had not been killed or shut down by then, and one summary row for the others,
    so a sample's size follows the consumers alive, not every consumer the run ever created (the
    default world declares some 400 a day). A departed consumer's row is the same in every
    sample until it comes back; departures() keeps it once, from the first sample it showed,
    and expand() puts the rows back: expand(folded) == the sample as the engine took it.

    The engine owns it (Simulation::history(), Timeline::history()); the interface reads it.
   samples() is an implicitly shared list of immutable samples: a copy taken in the worker thread
   and handed to the interface costs a reference count, and the worker's next append detaches its
   own list (pointers only) without touching what the interface holds. layoutRevision() changes
   whenever anything but the end changed (thinning, truncateAfter), so a reader that derives columns
   knows when to rebuild instead of appending. Not thread-safe itself: one thread appends.
*/
class RBLAB_ENGINE_EXPORT SampleHistory
{
public:
    struct Limits
    {
        qsizetype recent = 1200; //!< kept whole: 10 minutes at the app's 500 ms
        qsizetype capacity = 4800; //!< never more than this many samples in all
    };

    SampleHistory();
    explicit SampleHistory(const Limits &limits);

    //! A departed consumer's row, the same in every sample from `from` until it comes back.
    struct Departure
    {
        qint32 consumer = -1;
        SimTime from = 0;
        Sample::Consumer row;
        friend bool operator==(const Departure &, const Departure &) = default;
    };

    void append(Sample sample);
    //! Drops every sample taken after `t` (a run going back to an earlier time).
    void truncateAfter(SimTime t);
    void clear();

    const QList<SamplePtr> &samples() const { return m_samples; }
    qsizetype size() const { return m_samples.size(); }
    //! How many samples were appended (thinned ones included; truncateAfter takes back its own).
    qint64 appendedCount() const { return m_appended; }
    quint64 layoutRevision() const { return m_revision; }
    const Limits &limits() const { return m_limits; }
    //! The interval a stored sample stands for, in sample intervals (1 in the recent window).
    quint32 stride(qsizetype i) const { return m_stride.at(i); }
    //! Bytes the stored samples hold (their rows and owner lists), for the status bar and tests.
    qint64 memoryBytes() const { return m_bytes; }

    //! Every departed consumer's row, in time order (implicitly shared, appended to).
    const QList<Departure> &departures() const { return m_departures; }
    /*!
        The sample as the engine took it, with a row for every consumer: the folded rows come
        back from `departures` (this history's departures(), or a copy taken with the samples).
    */
    static Sample expand(const Sample &sample, const QList<Departure> &departures);
    Sample expanded(qsizetype i) const { return expand(*m_samples.at(i), m_departures); }

    static qint64 bytesOf(const Sample &sample);
    //! Whether departed consumers' rows were folded out of `sample` (Sample::consumerIds).
    static bool isFolded(const Sample &sample) { return sample.departedCount > 0; }
    //! How many consumers the catalog had when `sample` was taken, folded or not.
    static qsizetype consumerCount(const Sample &sample)
    {
        return sample.consumers.size() + sample.departedCount;
    }

private:
    void thin();
    void thinFinest();
    //! Folds the departed consumers' rows into the summary, noting new departures.
    void fold(Sample &sample);

    Limits m_limits;
    QList<SamplePtr> m_samples;
    QList<quint32> m_stride; //!< parallel to m_samples
    QList<Departure> m_departures;
    QHash<qint32, qsizetype> m_openDeparture; //!< consumer → its current entry of m_departures
    qint64 m_appended = 0;
    qint64 m_bytes = 0;
    quint64 m_revision = 0;
};

} // namespace Rblab
