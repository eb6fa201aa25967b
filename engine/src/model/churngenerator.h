// SPDX-License-Identifier: Apache-2.0
// Random churn for one group: joins, departures, freezes, partitions, pauses, slow-downs.
#pragma once

#include "scenario/scenario.h"
#include "sim/random.h"

#include <QtGlobal>

namespace Rblab {

struct World;

/*!
    The scenario's "churn": after each exponentially distributed wait (mean meanInterval) one
    action is drawn with its weight among those possible now (a join only below maxConsumers, a
    departure only above minConsumers, the rest on a running consumer) and applied to a consumer
    drawn at random. Frozen, partitioned, paused and slowed consumers recover after recoverAfter.
    Draws come from the run's churn stream: the same seed churns the same way.
*/
class ChurnGenerator
{
public:
    enum Recovery : quint16 { Unfreeze, Heal, Resume, Restore };

    ChurnGenerator(World *world, const ChurnSpec &spec);

    const ChurnSpec &spec() const { return m_spec; }
    void start();
    void stop()
    {
        m_active = false;
        ++m_serial;
    }
    void onTick(quint64 serial);
    void onRecover(qint32 consumer, quint16 what);

private:
    QString nextId();
    void act(const QString &action);

    World *m_world;
    ChurnSpec m_spec;
    qint32 m_group = -1;
    Random m_random;
    bool m_active = false;
    quint64 m_serial = 0;
    qint32 m_firstId = 0; //!< joiners are numbered from the consumers that existed before
    qint32 m_joined = 0;
};

} // namespace Rblab
