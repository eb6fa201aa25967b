// SPDX-License-Identifier: Apache-2.0
// The few java.lang.String behaviours that RocketMQ's allocation results depend on.
#pragma once

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace Rblab {

/*!
    Java's String.compareTo: lexicographic over UTF-16 code units, so "10.0.0.10@3" sorts before
    "10.0.0.1@1" ('0' < '@') and a supplementary character sorts by its surrogates. Returns <0, 0
    or >0. RebalanceImpl sorts consumer ids and broker names this way; so must every caller.
*/
RBLAB_SDK_EXPORT int javaCompare(QStringView a, QStringView b) noexcept;

/*!
    Java's String.split(separator) with a literal separator (as AllocateMessageQueueByMachineRoom
    calls it with "@"): a leading empty field is kept, trailing empty fields are removed, and a
    string that is all separators gives no field at all.
*/
RBLAB_SDK_EXPORT QStringList javaSplit(const QString &text, const QString &separator);

/*!
    Java's String.getBytes(StandardCharsets.UTF_8): like UTF-8, but an unpaired surrogate becomes
    '?' (the JDK's replacement byte), which decides the MD5 of such a key.
*/
RBLAB_SDK_EXPORT QByteArray javaUtf8(QStringView text);

/*!
    Java's String.hashCode: s[0]*31^(n-1) + … + s[n-1] over UTF-16 code units, wrapping as an
    int does.
*/
RBLAB_SDK_EXPORT qint32 javaHashCode(QStringView text) noexcept;

/*!
    The order in which a java.util.concurrent.ConcurrentHashMap<String, …>, built with the default
    constructor and filled with \a keys in this order, iterates them: by bin (the spread hash
    modulo a table of 16, doubled whenever the count reaches three quarters of it), and within a
    bin in insertion order. Returns indexes into \a keys. RebalanceImpl.subscriptionInner is such a
    map, so a group's rebalance visits its topics in this order. (A table resized while filled
    can reorder keys inside one bin; exact up to 12 keys, the bins' order always.)
*/
RBLAB_SDK_EXPORT QList<qsizetype> javaHashOrder(const QStringList &keys);

} // namespace Rblab
