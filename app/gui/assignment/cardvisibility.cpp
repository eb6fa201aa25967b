// SPDX-License-Identifier: Apache-2.0
#include "assignment/cardvisibility.h"

namespace Rblab {

namespace {

bool isGone(ConsumerState state)
{
    return state == ConsumerState::Killed || state == ConsumerState::Shutdown;
}

} // namespace

void CardVisibility::reset()
{
    m_goneSince.clear();
    m_hidden.clear();
    m_lastNow = -1;
    m_hiddenCount = 0;
}

bool CardVisibility::update(const Catalog &catalog, const WorldSnapshot &snapshot)
{
    const qsizetype n = catalog.consumers.size();
    const qsizetype known = m_goneSince.size();
    m_goneSince.resize(n, kNotGone);
    QList<int> holdings(n, 0);
    for (const SnapshotHolding &h : snapshot.holdings) {
        if (h.consumer >= 0 && h.consumer < n) {
            ++holdings[h.consumer];
        }
    }
    QList<int> perGroup(catalog.groups.size(), 0);
    for (const ConsumerInfo &info : catalog.consumers) {
        if (info.groupIndex >= 0 && info.groupIndex < perGroup.size()) {
            ++perGroup[info.groupIndex];
        }
    }
    QList<bool> hidden(n, false);
    int count = 0;
    for (qsizetype c = 0; c < n; ++c) {
        const ConsumerState state = c < snapshot.consumers.size() ? snapshot.consumers.at(c).state
                                                                  : ConsumerState::Absent;
        if (!isGone(state)) {
            m_goneSince[c] = kNotGone;
        } else if (m_goneSince.at(c) == kNotGone) {
            // Seen alive in the last frame: it went since then, so count from then (a jump
            // of hours lets it go at once). Never seen alive: it went before we looked.
            m_goneSince[c] = c < known && m_lastNow >= 0 ? m_lastNow : kLongAgo;
        }
        if (!m_enabled || holdings.at(c) > 0
            || perGroup.value(catalog.consumers.at(c).groupIndex) <= kFewConsumers) {
            continue;
        }
        const bool hide = state == ConsumerState::Absent
            || (isGone(state) && snapshot.now - m_goneSince.at(c) >= kLingerMs);
        if (hide) {
            hidden[c] = true;
            ++count;
        }
    }
    if (count == 0) {
        hidden.clear();
    }
    m_lastNow = snapshot.now;
    const bool changed = hidden != m_hidden;
    m_hidden = hidden;
    m_hiddenCount = count;
    return changed;
}

} // namespace Rblab
