// SPDX-License-Identifier: Apache-2.0
#include "teaching/narrationoverlay.h"

#include "assignment/assignmentview.h"
#include "teaching/calloutplacement.h"

#include <QEvent>
#include <QHash>
#include <QSet>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QTextDocument>

#include <algorithm>

namespace Rblab {

namespace {

constexpr qreal kMargin = 12;
constexpr qreal kPadding = 12;

} // namespace

NarrationOverlay::NarrationOverlay(AssignmentView *view) : QWidget(view), m_view(view)
{
    setObjectName(QStringLiteral("NarrationOverlay"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setGeometry(view->rect());
    view->installEventFilter(this);
    connect(view, &AssignmentView::layoutChanged, this, &NarrationOverlay::followLayout);
    hide();
}

void NarrationOverlay::setShown(bool shown)
{
    if (m_shown == shown) {
        return;
    }
    m_shown = shown;
    refresh();
}

void NarrationOverlay::setNarration(const QList<NarrationNote> &notes)
{
    m_notes = notes;
    m_current = -1;
    m_lastPauseAsked = -1;
    m_focusGone = false;
    m_boxText.clear();
    m_layouts.clear();
    m_targets.clear();
    m_keepClear.clear();
    m_box = QRectF();
    m_placedFor = PlacementKey();
    hide();
}

void NarrationOverlay::setTime(const CatalogPtr &catalog, SimTime now, quint64 generation)
{
    if (generation != m_generation) {
        m_generation = generation;
        m_lastPauseAsked = -1;
    }
    const bool forward = m_now >= 0 && now >= m_now;
    m_now = now;
    m_catalog = catalog;
    // The last note at or before now (notes are sorted by time).
    const auto after = std::upper_bound(m_notes.cbegin(), m_notes.cend(), now,
        [](SimTime t, const NarrationNote &n) { return t < n.at; });
    int index = int(after - m_notes.cbegin()) - 1;
    if (index >= 0 && index == m_notes.size() - 1 && now >= m_notes.at(index).at + kShowFor) {
        index = -1;
    }
    if (index < m_lastPauseAsked) {
        // Back before a note (a scrub, a step back): playing on to it pauses there again.
        m_lastPauseAsked = index;
    }
    if (index != m_current) {
        m_current = index;
        if (index > m_lastPauseAsked && index >= 0) {
            // Ask once per note and run, and only when playback reached it (a jump backwards
            // or a fresh run does not stop on an old note).
            const bool reached = forward || now == m_notes.at(index).at;
            m_lastPauseAsked = index;
            // Hidden notes do not stop the run: the trainer turned the narration off.
            if (reached && m_shown && m_notes.at(index).pause) {
                emit pauseRequested(index);
            }
        }
    }
    refresh();
}

void NarrationOverlay::refresh()
{
    const QList<QRectF> targets = m_targets;
    const QRectF box = m_box;
    const int layout = m_pixmapLayout;
    if (m_shown && m_current >= 0) {
        layOutBox();
        updateTargets();
        placeBox();
    } else {
        m_focusGone = false;
    }
    setVisible(isCalloutShown());
    if (targets != m_targets || box != m_box || layout != m_pixmapLayout) {
        // Over the charts the overlay covers the whole centre: repaint only what changed.
        QRectF dirty = box.united(m_box);
        for (const QRectF &t : targets + m_targets) {
            dirty = dirty.united(t);
        }
        update(dirty.translated(viewOffset()).toAlignedRect().adjusted(-8, -8, 8, 8));
    }
}

QPointF NarrationOverlay::viewOffset() const
{
    return parentWidget() == m_view ? QPointF() : QPointF(m_view->mapTo(parentWidget(), QPoint()));
}

QRectF NarrationOverlay::spillRect() const
{
    if (!m_spill || !m_spill->isVisible() || parentWidget() == m_view) {
        return QRectF();
    }
    return QRectF(
        QPointF(m_spill->mapTo(parentWidget(), QPoint())) - viewOffset(), QSizeF(m_spill->size()));
}

void NarrationOverlay::setSpillArea(QWidget *area, QWidget *host)
{
    m_spill = area;
    const bool visible = isVisible();
    setParent(host);
    setAttribute(Qt::WA_TransparentForMouseEvents);
    host->installEventFilter(this);
    area->installEventFilter(this);
    syncGeometry();
    raise();
    setVisible(visible);
}

void NarrationOverlay::syncGeometry()
{
    setGeometry(parentWidget() == m_view ? m_view->rect() : parentWidget()->rect());
}

void NarrationOverlay::followLayout()
{
    if (m_shown && m_current >= 0) {
        refresh();
    }
}

void NarrationOverlay::retranslate()
{
    m_boxText.clear();
    if (m_current >= 0) {
        refresh();
    }
}

QString NarrationOverlay::currentText() const
{
    return m_current < 0 ? QString()
                         : Scenario::textFor(m_notes.at(m_current).text, QLocale().name());
}

void NarrationOverlay::updateTargets()
{
    m_targets.clear();
    m_keepClear.clear();
    m_focusGone = false;
    m_targetsFor = m_view->size();
    m_targetsLayout = m_view->layoutGeneration();
    if (!m_catalog || m_current < 0) {
        return;
    }
    const NarrationNote &note = m_notes.at(m_current);
    const AssignmentLayout &layout = m_view->layout();
    const WorldSnapshot &snapshot = m_view->snapshot();
    QList<bool> focusConsumer(m_catalog->consumers.size(), false);
    QList<bool> focusGroup(m_catalog->groups.size(), false);
    for (const QString &id : note.focus) {
        if (id.contains(QLatin1Char('/'))) {
            // "broker/id" names the queue of any subscribed (non-retry) topic, "topic/broker/id"
            // one topic's: the event log's short form is longer when a %RETRY% topic exists.
            const QStringList parts = id.split(QLatin1Char('/'));
            const QString &broker = parts.at(parts.size() - 2);
            const int queueId = parts.constLast().toInt();
            for (const TileItem &tile : m_view->tiles()) {
                if (tile.queue < 0 || tile.queue >= m_catalog->queues.size()) {
                    continue;
                }
                const QueueInfo &q = m_catalog->queues.at(tile.queue);
                const bool topicMatches = parts.size() == 3 ? q.topic == parts.first() : !q.retry;
                if (topicMatches && q.queueId == queueId && q.brokerName == broker) {
                    m_targets.append(tile.target);
                }
            }
            continue;
        }
        for (qint32 c = 0; c < m_catalog->consumers.size(); ++c) {
            if (m_catalog->consumers.at(c).name == id) {
                const int card = layout.cardOf(c);
                if (card >= 0) {
                    m_targets.append(layout.cards().at(card).rect);
                    focusConsumer[c] = true;
                    const qint32 group = m_catalog->consumers.at(c).groupIndex;
                    if (group >= 0 && group < focusGroup.size()) {
                        focusGroup[group] = true;
                    }
                }
            }
        }
    }
    // A note that points at something ends when none of it is on screen: its consumers' cards
    // left the view (departed consumers of a large group are hidden), nothing to point at.
    m_focusGone = !note.focus.isEmpty() && m_targets.isEmpty();
    m_keepClear = m_targets;
    // The focused consumers' tiles wherever drawn (lane copies of a frozen one's queues), and
    // the tiles its group just moved (a killed consumer's queues on the others' cards).
    QSet<qint32> focusQueues;
    QHash<quint64, SimTime> heldSince; // (queue, consumer) → when its process queue was made
    for (const SnapshotHolding &h : snapshot.holdings) {
        if (h.consumer >= 0 && h.consumer < focusConsumer.size() && focusConsumer.at(h.consumer)) {
            focusQueues.insert(h.queue);
        }
        heldSince.insert((quint64(quint32(h.queue)) << 32) | quint32(h.consumer), h.createdAt);
    }
    const SimTime movedFrom = note.at - kMovedBefore;
    for (const TileItem &tile : m_view->tiles()) {
        if (tile.queue < 0 || (tile.flags & TileItem::Overflow)) {
            continue;
        }
        bool keep = focusQueues.contains(tile.queue);
        if (!keep && tile.consumer >= 0 && tile.consumer < m_catalog->consumers.size()) {
            const qint32 group = m_catalog->consumers.at(tile.consumer).groupIndex;
            const SimTime since = heldSince.value(
                (quint64(quint32(tile.queue)) << 32) | quint32(tile.consumer), -1);
            // Made after the run's first assignment (at 0) and not long before the note.
            keep = group >= 0 && group < focusGroup.size() && focusGroup.at(group) && since > 0
                && since >= movedFrom && since <= m_now;
        }
        if (keep) {
            m_keepClear.append(tile.target);
        }
    }
}

void NarrationOverlay::layOutBox()
{
    const QString text = currentText();
    // The view's font is part of the key: presenter zoom changes it without resizing the view.
    if (text == m_boxText && m_view->size() == m_boxFor && m_view->font() == m_boxFont
        && !m_layouts.isEmpty()) {
        return;
    }
    m_boxText = text;
    m_boxFor = m_view->size();
    m_boxFont = m_view->font();
    m_pixmapLayout = -1;
    m_boxPixmap = QPixmap();
    // Large enough to read from the back of a room: 1.3× the view's font, at most 45% wide. The
    // placement takes the first of these ways that hides nothing: the text down to the view's
    // own font size (the one the presenter chose), then wider (to 80%), then narrower columns
    // that fit beside the cards at presenter zoom.
    QTextDocument doc;
    doc.setDocumentMargin(0);
    doc.setPlainText(text);
    m_layouts.clear();
    const auto add = [&](qreal share, qreal scale) {
        QFont font = m_view->font();
        font.setPointSizeF(font.pointSizeF() * scale);
        doc.setDefaultFont(font);
        const qreal maxWidth = std::max<qreal>(160, m_view->width() * share);
        doc.setTextWidth(maxWidth);
        doc.setTextWidth(std::min(maxWidth, doc.idealWidth() + 1));
        const QSizeF textSize = doc.size();
        const QSizeF box(textSize.width() + 2 * kPadding, textSize.height() + 2 * kPadding);
        const bool seen = std::any_of(m_layouts.cbegin(), m_layouts.cend(),
            [&box](const BoxLayout &l) { return l.size == box; });
        if (!seen) {
            m_layouts.append({ share, scale, box });
        }
    };
    for (const qreal share : { 0.45, 0.6, 0.8 }) {
        for (const qreal scale : { 1.3, 1.15, 1.0 }) {
            add(share, scale);
        }
    }
    for (const qreal share : { 0.35, 0.28, 0.22 }) {
        add(share, 1.0);
    }
}

void NarrationOverlay::renderBox(int layout)
{
    if (layout == m_pixmapLayout && !m_boxPixmap.isNull()) {
        return;
    }
    m_pixmapLayout = layout;
    const BoxLayout &l = m_layouts.at(layout);
    QTextDocument doc;
    doc.setDocumentMargin(0);
    doc.setPlainText(m_boxText);
    QFont font = m_boxFont;
    font.setPointSizeF(font.pointSizeF() * l.scale);
    doc.setDefaultFont(font);
    doc.setTextWidth(l.size.width() - 2 * kPadding);
    const QSizeF boxSize = l.size;
    const qreal dpr = devicePixelRatioF();
    m_boxPixmap = QPixmap((boxSize * dpr).toSize());
    m_boxPixmap.setDevicePixelRatio(dpr);
    m_boxPixmap.fill(Qt::transparent);
    QPainter p(&m_boxPixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(0xb0, 0x8a, 0x00), 2));
    p.setBrush(QColor(0xff, 0xf4, 0xc2, 240));
    p.drawRoundedRect(QRectF(QPointF(1, 1), boxSize - QSizeF(2, 2)), 8, 8);
    p.translate(kPadding, kPadding);
    doc.drawContents(&p);
    p.end();
}

void NarrationOverlay::placeBox()
{
    if (m_layouts.isEmpty()) {
        return;
    }
    // Where the note was put stays while it shows (a box that follows the tiles would jump),
    // as long as it keeps clear of what the note points at; a new note, layout, view size,
    // font or text places it again.
    const PlacementKey key { m_current, m_view->layoutGeneration(), m_view->size(), m_boxText,
        m_boxFont, spillRect() };
    if (key == m_placedFor
        && (m_box.isNull() || CalloutPlacement::keepsClear(m_box, m_keepClear))) {
        return;
    }
    m_placedFor = key;
    const AssignmentLayout &layout = m_view->layout();
    CalloutPlacement::Input in;
    const qreal top = std::max(kMargin, layout.legend().bottom() + kMargin);
    in.area = QRectF(
        QPointF(kMargin, top), QPointF(m_view->width() - kMargin, m_view->height() - kMargin));
    in.focus = m_keepClear;
    for (const TileItem &tile : m_view->tiles()) {
        in.tiles.append(tile.target);
    }
    for (const AssignmentLayout::Card &card : layout.cards()) {
        in.texts.append(card.header);
    }
    for (const AssignmentLayout::Section &section : layout.sections()) {
        in.texts.append(section.title);
        in.texts.append(section.laneLabel);
        // The "unassigned" lane is room too when empty.
        in.rooms.append(section.lane);
    }
    // A box taller than kMaxHeightShare of the view hid half of the cards at presenter zoom on
    // a small screen: taller layouts come after every shorter one, the shortest first.
    const qreal maxHeight = std::max<qreal>(60, m_view->height() * kMaxHeightShare);
    QList<int> order;
    QList<int> tall;
    for (int i = 0; i < m_layouts.size(); ++i) {
        (m_layouts.at(i).size.height() <= maxHeight ? order : tall).append(i);
    }
    std::stable_sort(tall.begin(), tall.end(), [this](int a, int b) {
        return m_layouts.at(a).size.height() < m_layouts.at(b).size.height();
    });
    const int fallbackFrom = int(order.size());
    order.append(tall);
    for (const int i : order) {
        in.sizes.append(m_layouts.at(i).size);
    }
    in.fallbackFrom = fallbackFrom;
    in.spill = spillRect().adjusted(kMargin, kMargin, -kMargin, -kMargin);
    const CalloutPlacement::Result placed = CalloutPlacement::place(in);
    m_box = placed.box;
    m_overCharts = placed.spilled;
    if (placed.size >= 0) {
        const int chosen = order.at(placed.size);
        m_boxScale = m_layouts.at(chosen).scale * placed.scale;
        renderBox(chosen);
    }
}

void NarrationOverlay::paintCallout(QPainter &painter) const
{
    if (!isCalloutShown() || m_boxPixmap.isNull()) {
        return;
    }
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor ink(0xc0, 0x6a, 0x00);
    // Rings and lines stay on the view (a card laid out past its bottom is not ringed over the
    // timeline); only the box may be over the charts.
    const QRectF viewRect(QPointF(0, 0), QSizeF(m_view->size()));
    if (!m_box.isNull()) {
        painter.setPen(QPen(ink, 2.5, Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        const QPointF from = m_box.center();
        for (const QRectF &target : m_targets) {
            const QRectF ring = target.adjusted(-3, -3, 3, 3);
            // From the box's edge to the ring's nearest point.
            const QRectF shown = ring.intersected(viewRect);
            if (shown.isEmpty()) {
                continue;
            }
            const QPointF to(std::clamp(from.x(), shown.left(), shown.right()),
                std::clamp(from.y(), shown.top(), shown.bottom()));
            QPointF start(std::clamp(to.x(), m_box.left(), m_box.right()),
                std::clamp(to.y(), m_box.top(), m_box.bottom()));
            if (m_box.contains(to)) {
                start = to;
            }
            painter.drawLine(start, to);
        }
    }
    painter.setPen(QPen(ink, 3));
    painter.setBrush(Qt::NoBrush);
    painter.save();
    painter.setClipRect(viewRect.adjusted(-2, -2, 2, 2), Qt::IntersectClip);
    for (const QRectF &target : m_targets) {
        painter.drawRoundedRect(target.adjusted(-3, -3, 3, 3), 5, 5);
    }
    painter.restore();
    if (!m_box.isNull()) {
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        painter.drawPixmap(m_box, m_boxPixmap, QRectF(QPointF(0, 0), m_boxPixmap.size()));
    }
    painter.restore();
}

bool NarrationOverlay::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::Resize) {
        // The view lays its cards out after this (its own resize event): the callout follows
        // them on its layoutChanged().
        syncGeometry();
    } else if (watched != m_view
        && (event->type() == QEvent::Resize || event->type() == QEvent::Move
            || event->type() == QEvent::Show || event->type() == QEvent::Hide)) {
        // The charts or the centre moved (a splitter drag, a dock, full screen): the room over
        // the charts changed.
        syncGeometry();
        if (m_shown && m_current >= 0) {
            placeBox();
            update();
        }
    }
    return QWidget::eventFilter(watched, event);
}

void NarrationOverlay::paintEvent(QPaintEvent *)
{
    if (m_current >= 0
        && (m_targetsFor != m_view->size() || m_targetsLayout != m_view->layoutGeneration())) {
        // A layout this overlay has not followed yet: never paint a ring where no card is.
        updateTargets();
        placeBox();
    }
    QPainter painter(this);
    painter.translate(viewOffset());
    paintCallout(painter);
}

} // namespace Rblab
