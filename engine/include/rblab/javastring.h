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

} // namespace Rblab
