// SPDX-License-Identifier: Apache-2.0
// What the user has selected: a consumer, a queue, or nothing.
#pragma once

#include <QtGlobal>

namespace Rblab {

struct Selection
{
    enum class Kind { None, Consumer, Queue };
    Kind kind = Kind::None;
    qint32 index = -1; //!< into the catalog's consumers or queues

    static Selection consumer(qint32 i) { return { Kind::Consumer, i }; }
    static Selection queue(qint32 i) { return { Kind::Queue, i }; }
    bool isConsumer() const { return kind == Kind::Consumer && index >= 0; }
    bool isQueue() const { return kind == Kind::Queue && index >= 0; }
    friend bool operator==(const Selection &, const Selection &) = default;
};

} // namespace Rblab
