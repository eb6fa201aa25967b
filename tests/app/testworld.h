// SPDX-License-Identifier: Apache-2.0
// Worlds built by hand for the view tests: a catalog and snapshots in the engine's shapes.
#pragma once

#include <simulation/frame.h>

#include <QList>

/*!
    Makes a catalog of one group with `queues` queues spread over `brokers` brokers (plus one
    retry queue per broker) and `consumers` consumers, and snapshots in which an owner table
    says who holds what. Legitimate test data in the engine's own value types, not a stand-in
    for the engine.
*/
class TestWorld
{
public:
    TestWorld(int queues, int consumers, int brokers = 2);

    Rblab::CatalogPtr catalog() const { return m_catalog; }
    //! The same world with its group in BROADCASTING (every consumer holds every queue).
    Rblab::CatalogPtr broadcastingCatalog() const;
    int mainQueueCount() const { return m_main; }
    int queueCount() const { return int(m_catalog->queues.size()); }
    int consumerCount() const { return int(m_catalog->consumers.size()); }

    //! Everyone running; queue q held by consumer q % consumers (AVG-like, spread).
    Rblab::WorldSnapshot evenSnapshot() const;
    //! A snapshot from an explicit owner list per queue (empty: nobody holds it).
    Rblab::WorldSnapshot snapshot(
        const QList<QList<qint32>> &owners, const QList<Rblab::ConsumerState> &states = {}) const;

private:
    Rblab::CatalogPtr m_catalog;
    int m_main = 0;
};
