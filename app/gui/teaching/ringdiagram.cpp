// SPDX-License-Identifier: Apache-2.0
#include "teaching/ringdiagram.h"

#include <QPainter>
#include <QtMath>

namespace Rblab {

namespace {

// A hash as an angle: 0 at the top, clockwise, the whole unsigned 32-bit range once round.
QPointF onCircle(const QPointF &centre, qreal radius, quint32 hash)
{
    const qreal a = qreal(hash) / 4294967296.0 * 2 * M_PI;
    return centre + QPointF(radius * qSin(a), -radius * qCos(a));
}

} // namespace

RingDiagram::RingDiagram(QWidget *parent) : QWidget(parent)
{
    setMinimumHeight(160);
    hide();
}

void RingDiagram::setExplanation(const AssignmentExplanation &explanation)
{
    m_explanation = explanation;
    setVisible(explanation.kind == AssignmentExplanation::Kind::ConsistentHash);
    update();
}

void RingDiagram::paintEvent(QPaintEvent *)
{
    const AssignmentExplanation &e = m_explanation;
    if (e.kind != AssignmentExplanation::Kind::ConsistentHash) {
        return;
    }
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const qreal side = qMin(width(), height()) - 16;
    const QPointF centre(width() / 2.0, height() / 2.0);
    const qreal r = side / 2;
    const QColor text = palette().color(QPalette::WindowText);
    p.setPen(QPen(palette().color(QPalette::Mid), 1.5));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(centre, r, r);
    const int owners = qMax(1, int(e.cidAll.size()));
    const auto ownerColour = [&](int owner) {
        return owner == e.index ? text : QColor::fromHsv(owner * 360 / owners, 110, 210);
    };
    // Queues first, under the ticks: a dot at the queue's hash, a chord to its node.
    for (const AssignmentExplanation::QueueOnRing &q : e.positions) {
        if (q.node < 0) {
            continue;
        }
        const AssignmentExplanation::RingNode &node = e.ring.at(q.node);
        const bool mine = node.owner == e.index;
        const QPointF dot = onCircle(centre, r * 0.78, q.hash);
        p.setPen(QPen(ownerColour(node.owner), mine ? 1.6 : 0.8));
        p.drawLine(dot, onCircle(centre, r, node.hash));
        p.setPen(Qt::NoPen);
        p.setBrush(ownerColour(node.owner));
        p.drawEllipse(dot, mine ? 3.5 : 2.5, mine ? 3.5 : 2.5);
    }
    for (const AssignmentExplanation::RingNode &node : e.ring) {
        const bool mine = node.owner == e.index;
        p.setPen(QPen(ownerColour(node.owner), mine ? 2.5 : 1.5));
        p.drawLine(onCircle(centre, r - (mine ? 7 : 4), node.hash),
            onCircle(centre, r + (mine ? 7 : 4), node.hash));
    }
    p.setPen(text);
    p.drawText(rect().adjusted(4, 2, -4, -2), Qt::AlignLeft | Qt::AlignTop,
        tr("%1 nodes · %2 queues").arg(e.ring.size()).arg(e.positions.size()));
}

} // namespace Rblab

#include "moc_ringdiagram.cpp"
