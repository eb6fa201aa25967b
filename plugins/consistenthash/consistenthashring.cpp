// SPDX-License-Identifier: Apache-2.0
#include "consistenthashring.h"

#include <rblab/javastring.h>

#include <QCryptographicHash>
#include <QHash>

#include <algorithm>
#include <map>

ConsistentHashRing::ConsistentHashRing(const QStringList &clientIds, int virtualNodeCount)
{
    // ConsistentHashRouter fills a TreeMap<Long, VirtualNode> node by node in cidAll order;
    // put() replaces on a hash collision, so the later insertion wins. A std::map gives the
    // same ordered replace semantics; it is flattened afterwards for fast lookups.
    std::map<quint32, qsizetype> ring;
    QHash<QString, qsizetype> firstSlot;
    firstSlot.reserve(clientIds.size());
    QHash<qsizetype, int> replicas; // ring entries per node: getExistingReplicas
    for (qsizetype i = 0; i < clientIds.size(); ++i) {
        const QString &id = clientIds.at(i);
        qsizetype slot = i;
        if (const auto seen = firstSlot.constFind(id); seen != firstSlot.cend()) {
            slot = *seen;
        } else {
            firstSlot.insert(id, i);
        }
        // addNode numbers the virtual nodes from the count the node already has on the ring:
        // zero, unless cidAll repeats an id (two clients sharing one, RocketMQ issue #1547);
        // then the second copy adds "<id>-<cnt>" … and the node has twice the virtual nodes.
        const int existing = replicas.value(slot);
        for (int r = 0; r < virtualNodeCount; ++r) {
            const quint32 h = hash(QString(id + QLatin1Char('-') + QString::number(existing + r)));
            const auto [it, inserted] = ring.try_emplace(h, slot);
            if (!inserted) {
                --replicas[it->second];
                it->second = slot;
            }
            ++replicas[slot];
        }
    }
    m_hashes.reserve(qsizetype(ring.size()));
    m_owners.reserve(qsizetype(ring.size()));
    for (const auto &[h, slot] : ring) {
        m_hashes.append(h);
        m_owners.append(slot);
    }
}

quint32 ConsistentHashRing::hash(QStringView key)
{
    const QByteArray digest
        = QCryptographicHash::hash(Rblab::javaUtf8(key), QCryptographicHash::Md5);
    const auto *d = reinterpret_cast<const uchar *>(digest.constData());
    return (quint32(d[0]) << 24) | (quint32(d[1]) << 16) | (quint32(d[2]) << 8) | quint32(d[3]);
}

qsizetype ConsistentHashRing::route(quint32 hash) const
{
    if (m_hashes.isEmpty()) {
        return -1;
    }
    // tailMap(hash).firstKey(), or the ring's first key when the tail is empty (wrap around).
    const auto it = std::lower_bound(m_hashes.cbegin(), m_hashes.cend(), hash);
    return m_owners.at(it == m_hashes.cend() ? 0 : it - m_hashes.cbegin());
}
