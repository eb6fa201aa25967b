// SPDX-License-Identifier: Apache-2.0
// Virtual time: an integer count of milliseconds since the start of a run.
#pragma once

#include <QtGlobal>

#include <limits>

namespace Rblab {

//! Milliseconds of virtual time (a point, from the start of the run, or a span).
using SimTime = qint64;

inline constexpr SimTime kSecond = 1000;
inline constexpr SimTime kMinute = 60 * kSecond;
inline constexpr SimTime kHour = 60 * kMinute;
inline constexpr SimTime kNever = std::numeric_limits<qint64>::max() / 4;

} // namespace Rblab
