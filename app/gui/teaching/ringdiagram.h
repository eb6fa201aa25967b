// SPDX-License-Identifier: Apache-2.0
// A small drawing of CONSISTENT_HASH's ring for "Explain this assignment".
#pragma once

#include "teaching/assignmentexplanation.h"

#include <QWidget>

namespace Rblab {

/*!
    ConsistentHashRouter's ring as a circle: every virtual node a tick at its hash (0 at the top,
    clockwise over 2³²), in its owner's colour, this consumer's long and dark; every queue a dot
    inside at its own hash, joined to the node it lands on (the first at or after it). Shows an
    explanation of Kind::ConsistentHash; hides itself for any other.
*/
class RingDiagram : public QWidget
{
    Q_OBJECT

public:
    explicit RingDiagram(QWidget *parent = nullptr);

    void setExplanation(const AssignmentExplanation &explanation);
    int nodeCount() const { return int(m_explanation.ring.size()); }
    int queueCount() const { return int(m_explanation.positions.size()); }

    QSize sizeHint() const override { return QSize(220, 200); }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    AssignmentExplanation m_explanation;
};

} // namespace Rblab
