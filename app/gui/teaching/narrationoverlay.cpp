// SPDX-License-Identifier: Apache-2.0
#include "teaching/narrationoverlay.h"

#include "assignment/assignmentview.h"

#include <QEvent>
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
    hide();
}

void NarrationOverlay::setShown(bool shown)
{
    if (m_shown == shown) {
        return;
    }
    m_shown = shown;
    if (m_shown && m_current >= 0) {
        layOutBox();
        updateTargets();
        placeBox();
    }
    setVisible(m_shown && m_current >= 0);
}

void NarrationOverlay::setNarration(const QList<NarrationNote> &notes)
{
    m_notes = notes;
    m_current = -1;
    m_lastPauseAsked = -1;
    m_boxText.clear();
    m_targets.clear();
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
    setVisible(m_shown && m_current >= 0);
    if (m_shown && m_current >= 0) {
        layOutBox();
        updateTargets();
        placeBox();
        update();
    }
}

void NarrationOverlay::retranslate()
{
    m_boxText.clear();
    if (m_current >= 0) {
        layOutBox();
        update();
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
    m_targetsFor = m_view->size();
    if (!m_catalog || m_current < 0) {
        return;
    }
    const AssignmentLayout &layout = m_view->layout();
    for (const QString &id : m_notes.at(m_current).focus) {
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
                }
            }
        }
    }
}

void NarrationOverlay::layOutBox()
{
    const QString text = currentText();
    // The view's font is part of the key: presenter zoom changes it without resizing the view.
    if (text == m_boxText && size() == m_boxFor && m_view->font() == m_boxFont
        && !m_boxPixmap.isNull()) {
        return;
    }
    m_boxText = text;
    m_boxFor = size();
    m_boxFont = m_view->font();
    // Large enough to read from the back of a room: 1.3× the view's font, at most 45% wide. At
    // presenter zoom on a small screen that box was taller than the cards and hid half of
    // them: taller than kMaxHeightShare of the view, its text goes down to the view's own font
    // size (the one the presenter chose), then the box widens (to 80% at most).
    QTextDocument doc;
    doc.setDocumentMargin(0);
    doc.setPlainText(text);
    const qreal maxHeight = std::max<qreal>(60, height() * kMaxHeightShare) - 2 * kPadding;
    bool fits = false;
    for (const qreal share : { 0.45, 0.6, 0.8 }) {
        for (const qreal scale : { 1.3, 1.15, 1.0 }) {
            QFont font = m_view->font();
            font.setPointSizeF(font.pointSizeF() * scale);
            doc.setDefaultFont(font);
            const qreal maxWidth = std::max<qreal>(200, width() * share);
            doc.setTextWidth(maxWidth);
            doc.setTextWidth(std::min(maxWidth, doc.idealWidth() + 1));
            m_boxScale = scale;
            fits = doc.size().height() <= maxHeight;
            if (fits) {
                break;
            }
        }
        if (fits) {
            break;
        }
    }
    const QSizeF textSize = doc.size();
    const QSizeF boxSize(textSize.width() + 2 * kPadding, textSize.height() + 2 * kPadding);
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
    updateTargets(); // the place depends on them: find them first
    placeBox();
}

void NarrationOverlay::placeBox()
{
    const QSizeF boxSize = m_boxPixmap.deviceIndependentSize();
    // Where the note was put stays while it shows (a box that follows the tiles would jump);
    // a new note, card, view size or box size places it again.
    const PlacementKey key { m_current, m_view->cardCount(), size(), boxSize };
    if (key == m_placedFor && !m_box.isNull()) {
        return;
    }
    m_placedFor = key;
    m_box = bestPlace(boxSize);
}

QRectF NarrationOverlay::bestPlace(const QSizeF &boxSize) const
{
    // Where it hides least of what a reader needs: never what the note points at if any place
    // avoids it, then as little of the tiles, the cards' names and state, and the group titles
    // as it can (text twice as much as tiles). The bottom corners first (right, then left): the
    // place a reader looks for it when all else is equal.
    const AssignmentLayout &layout = m_view->layout();
    const qreal top = std::max(kMargin, layout.legend().bottom() + kMargin);
    const qreal bottom = height() - boxSize.height() - kMargin;
    const qreal right = width() - boxSize.width() - kMargin;
    QList<QPointF> places { { right, bottom }, { kMargin, bottom } };
    constexpr int kColumns = 5;
    const auto addRow = [&](qreal y) { // kColumns places from the right edge to the left
        for (int column = 0; column < kColumns && right > kMargin; ++column) {
            places.append({ right - (right - kMargin) * column / (kColumns - 1), y });
        }
    };
    constexpr int kRows = 8;
    for (int row = 0; row <= kRows && bottom > top; ++row) {
        addRow(bottom - (bottom - top) * row / kRows);
    }
    QList<QRectF> texts; // what a reader reads besides the tiles
    for (const AssignmentLayout::Card &card : layout.cards()) {
        texts.append(card.header);
    }
    for (const AssignmentLayout::Section &section : layout.sections()) {
        texts.append(section.title);
        texts.append(section.laneLabel);
        // The "unassigned" lane is room too when empty: the box at its top, middle and bottom.
        for (const qreal y : { section.lane.top(), section.lane.center().y() - boxSize.height() / 2,
                 section.lane.bottom() - boxSize.height() }) {
            if (y >= top && y <= bottom) {
                addRow(y);
            }
        }
    }
    const auto area = [](const QRectF &a, const QRectF &b) {
        const QRectF both = a.intersected(b);
        return both.isValid() ? both.width() * both.height() : 0.0;
    };
    const auto cost = [&](const QRectF &box) {
        double hidden = 0;
        for (const QRectF &target : m_targets) {
            hidden += box.intersects(target) ? 1e12 : 0;
        }
        for (const TileItem &tile : m_view->tiles()) {
            hidden += area(box, tile.target);
        }
        for (const QRectF &text : texts) {
            hidden += 2 * area(box, text); // a name half hidden is not read at all
        }
        return hidden;
    };
    QRectF best(places.constFirst(), boxSize);
    double least = cost(best);
    for (qsizetype i = 1; i < places.size() && least > 0; ++i) {
        const QRectF box(places.at(i), boxSize);
        // A place must hide clearly less (a few pixels' difference keeps the earlier one).
        if (const double c = cost(box); c < least - 64) {
            best = box;
            least = c;
        }
    }
    return best;
}

void NarrationOverlay::paintCallout(QPainter &painter) const
{
    if (m_current < 0 || m_boxPixmap.isNull()) {
        return;
    }
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor ink(0xc0, 0x6a, 0x00);
    painter.setPen(QPen(ink, 2.5, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    const QPointF from = m_box.center();
    for (const QRectF &target : m_targets) {
        const QRectF ring = target.adjusted(-3, -3, 3, 3);
        // From the box's edge to the ring's nearest point.
        const QPointF to(std::clamp(from.x(), ring.left(), ring.right()),
            std::clamp(from.y(), ring.top(), ring.bottom()));
        QPointF start(std::clamp(to.x(), m_box.left(), m_box.right()),
            std::clamp(to.y(), m_box.top(), m_box.bottom()));
        if (m_box.contains(to)) {
            start = to;
        }
        painter.drawLine(start, to);
    }
    painter.setPen(QPen(ink, 3));
    for (const QRectF &target : m_targets) {
        painter.drawRoundedRect(target.adjusted(-3, -3, 3, 3), 5, 5);
    }
    painter.drawPixmap(m_box.topLeft(), m_boxPixmap);
    painter.restore();
}

bool NarrationOverlay::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::Resize) {
        setGeometry(m_view->rect());
        if (m_current >= 0) {
            layOutBox();
        }
    } else if (watched == m_view && event->type() == QEvent::FontChange && m_current >= 0) {
        layOutBox(); // presenter zoom, also while paused
        update();
    }
    return QWidget::eventFilter(watched, event);
}

void NarrationOverlay::paintEvent(QPaintEvent *)
{
    if (m_targetsFor != m_view->size()) {
        // The view laid itself out again after the resize this overlay saw first.
        updateTargets();
        placeBox();
    }
    QPainter painter(this);
    paintCallout(painter);
}

} // namespace Rblab
