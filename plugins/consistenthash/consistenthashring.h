// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

/*!
    The ring of RocketMQ's ConsistentHashRouter (common/consistenthash) with its default MD5Hash,
    built once from a consumer list. A node is identified by its slot: the index in that list of
    the first occurrence of its client id, so two clients sharing an id are one node, as
    ClientNode.getKey() makes them in Java. Immutable after construction.
*/
class ConsistentHashRing
{
public:
    ConsistentHashRing(const QStringList &clientIds, int virtualNodeCount);

    /*!
        ConsistentHashRouter.MD5Hash.hash: the first four bytes of MD5 over the key's UTF-8
        (Java's getBytes, unpaired surrogates as '?'), big-endian, as an unsigned 32-bit value.
    */
    static quint32 hash(QStringView key);

    //! routeNode: the slot owning this hash, or -1 on an empty ring (Java returns null).
    qsizetype route(quint32 hash) const;
    qsizetype route(QStringView objectKey) const { return route(hash(objectKey)); }

    qsizetype size() const { return m_hashes.size(); }
    bool isEmpty() const { return m_hashes.isEmpty(); }

private:
    QList<quint32> m_hashes; //!< ascending, as the TreeMap's keys
    QList<qsizetype> m_owners; //!< the slot of each entry
};
