// SPDX-License-Identifier: Apache-2.0
#include "assignment/assignmentrenderer.h"

#include <scenario/topicnames.h>

#include "guitext.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace Rblab {

namespace {

using Detail = AssignmentLayout::Detail;

qreal easeInOut(qreal t)
{
    return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) / 2;
}

// Brokers are letters in the legend order (A, B, …): short enough for a 46 px tile.
QChar brokerLetter(int brokerIndex)
{
    return QChar(char16_t(0x41 + (brokerIndex >= 0 ? brokerIndex % 26 : 0)));
}

QColor withAlpha(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

bool hasOrderlyGroup(const Catalog &catalog)
{
    return catalog.anyGroupOrderly();
}

} // namespace

QRectF TileItem::rectAt(qint64 wallMs) const
{
    if (start < 0 || duration <= 0 || wallMs >= start + duration) {
        return target;
    }
    const qreal t = easeInOut(qBound<qreal>(0, qreal(wallMs - start) / duration, 1));
    return QRectF(from.x() + (target.x() - from.x()) * t, from.y() + (target.y() - from.y()) * t,
        from.width() + (target.width() - from.width()) * t,
        from.height() + (target.height() - from.height()) * t);
}

QString AssignmentRenderer::stateWords(const SnapshotConsumer &consumer, const QString &stateText)
{
    // A read-only world's words for what it saw (a log gone silent, a live client that left
    // or does not answer) stand for the engine's "killed" and "frozen".
    return (consumer.state == ConsumerState::Killed || consumer.state == ConsumerState::Frozen)
            && !stateText.isEmpty()
        ? stateText
        : GuiText::stateName(consumer.state, consumer.slowed);
}

void AssignmentRenderer::setFont(const QFont &font)
{
    m_font = font;
    m_boldFont = font;
    m_boldFont.setBold(true);
    m_smallFont = font;
    m_smallFont.setPointSizeF(font.pointSizeF() > 0 ? font.pointSizeF() * 0.9 : 8);
    // Large enough to read from the back of a room: 1.7 times the view's (already zoomed) font.
    m_largeScheduleFont = m_boldFont;
    if (font.pointSizeF() > 0) {
        m_largeScheduleFont.setPointSizeF(font.pointSizeF() * 1.7);
    } else {
        m_largeScheduleFont.setPixelSize(qMax(12, int(font.pixelSize() * 1.7)));
    }
    m_tileFontScale = 0;
    m_compactFontPx = 0;
    invalidate();
}

void AssignmentRenderer::invalidate()
{
    m_names.clear();
    m_cardBackgrounds.clear();
}

const QList<QStaticText> &AssignmentRenderer::cardNames(const Catalog &catalog, qreal width)
{
    constexpr size_t kWidths = 4;
    auto it = std::find_if(
        m_names.begin(), m_names.end(), [width](const FittedNames &f) { return f.width == width; });
    if (it == m_names.end()) {
        if (m_names.size() >= kWidths) {
            m_names.erase(m_names.begin()); // the least recently used width
        }
        m_names.push_back({ width, CardNames() });
        it = m_names.end() - 1;
    } else if (it != m_names.end() - 1) {
        std::rotate(it, it + 1, m_names.end()); // most recently used last
        it = m_names.end() - 1;
    }
    return it->names.names(catalog, m_boldFont, width);
}

QString AssignmentRenderer::tileLabel(const Catalog &catalog, qint32 queue) const
{
    const QueueInfo &q = catalog.queues.at(queue);
    const QChar broker = brokerLetter(q.brokerIndex);
    if (q.retry) {
        return QStringLiteral("R·%1").arg(broker);
    }
    // The topic only when the group's queues come from more than one topic besides the retry
    // topics (%RETRY%group): "A0·0" on every tile of a one-topic world is noise.
    int topics = 0;
    for (const QString &topic : catalog.topics) {
        topics += TopicNames::isRetryTopic(topic) ? 0 : 1;
    }
    if (topics > 1 && q.topicIndex >= 0) {
        return QStringLiteral("%1%2·%3").arg(broker).arg(q.queueId).arg(q.topicIndex);
    }
    return QStringLiteral("%1%2").arg(broker).arg(q.queueId);
}

void AssignmentRenderer::paint(QPainter &p, const Input &in)
{
    if (!in.layout || !in.layout->isValid() || !in.catalog || !in.snapshot) {
        return;
    }
    p.save();
    p.setFont(m_font);
    paintLegend(p, in);
    for (int s = 0; s < in.layout->sections().size(); ++s) {
        paintSection(p, in, s);
    }
    // The view most of each group holds: a card whose own view differs says so.
    m_commonViews.resize(in.layout->sections().size());
    for (int s = 0; s < in.layout->sections().size(); ++s) {
        m_commonViews[s] = CardSchedule::commonView(
            *in.catalog, *in.snapshot, in.layout->sections().at(s).group);
    }
    for (int c = 0; c < in.layout->cards().size(); ++c) {
        paintCard(p, in, c);
    }
    paintTiles(p, in);
    p.restore();
}

qreal AssignmentRenderer::scheduleLineHeight(bool large) const
{
    return std::ceil(QFontMetricsF(large ? m_largeScheduleFont : m_font).height()) + 2;
}

void AssignmentRenderer::paintSchedule(QPainter &p, const Input &in,
    const AssignmentLayout::Card &card, const SnapshotConsumer &sc, const QRectF &line)
{
    const bool alive = sc.state != ConsumerState::Killed && sc.state != ConsumerState::Shutdown
        && sc.state != ConsumerState::Absent && sc.state != ConsumerState::Frozen;
    const qint64 seconds = CardSchedule::secondsToNext(sc, in.snapshot->now);
    // A departed consumer's last view says nothing about the group now: only the living show it
    // (a frozen one included: its stale view is the point).
    const bool present = sc.state != ConsumerState::Killed && sc.state != ConsumerState::Shutdown
        && sc.state != ConsumerState::Absent;
    const CardSchedule::View own
        = present ? CardSchedule::ownView(*in.catalog, sc) : CardSchedule::View();
    const CardSchedule::View common = m_commonViews.value(card.section);
    // Its own view against its group's: a consumer that computed with another consumer list or
    // queue count (a notification lost or late, a stale route) is where double ownership and
    // orphaned queues come from, so the difference is drawn in the warning colour.
    const bool differs = alive && own.consumers >= 0 && common.consumers >= 0 && !(own == common);
    const QFont &font = in.largeSchedule ? m_largeScheduleFont : m_font;
    const QFont &viewFont = in.largeSchedule ? m_largeScheduleFont : differs ? m_boldFont : m_font;
    const QFontMetricsF fm(font);
    const QFontMetricsF vfm(viewFont);
    const QString sep = QStringLiteral(" · ");
    // "≠": the difference is not told by colour alone.
    const QString mark = differs ? QStringLiteral("≠ ") : QString();
    QString countdown = in.scheduleKnown ? CardSchedule::countdownText(seconds, alive) : QString();
    QString view = mark + CardSchedule::viewText(own);
    if (fm.horizontalAdvance(countdown + sep) + vfm.horizontalAdvance(view) > line.width()) {
        countdown = CardSchedule::shortCountdownText(seconds, alive);
        view = mark + CardSchedule::shortViewText(own);
        if (fm.horizontalAdvance(countdown + sep) + vfm.horizontalAdvance(view) > line.width()) {
            // The queue count is the group's: the consumer count is what is left to tell, in
            // words ("4 consumers" reads from the back of a room, "4 c · 16 q" does not).
            view = mark
                + (own.queues == common.queues ? CardSchedule::consumersText(own)
                                               : CardSchedule::tinyViewText(own));
        }
    }
    qreal x = line.left();
    p.setFont(font);
    p.setPen(in.largeSchedule ? m_palette.text : m_palette.mutedText);
    if (!countdown.isEmpty()) {
        const QString text = view.isEmpty() ? countdown : countdown + sep;
        p.drawText(QRectF(x, line.top(), qMax<qreal>(0, line.right() - x), line.height()),
            Qt::AlignLeft | Qt::AlignVCenter,
            fm.elidedText(text, Qt::ElideRight, qMax<qreal>(0, line.right() - x)));
        x += fm.horizontalAdvance(text);
    }
    if (own.consumers < 0 || x >= line.right()) {
        return;
    }
    p.setFont(viewFont);
    if (differs) {
        p.setPen(m_palette.flowSpan);
    }
    p.drawText(QRectF(x, line.top(), line.right() - x, line.height()),
        Qt::AlignLeft | Qt::AlignVCenter, vfm.elidedText(view, Qt::ElideRight, line.right() - x));
    p.setFont(m_font);
}

qreal AssignmentRenderer::legendWidth(const Catalog &catalog, const QStringList &labels) const
{
    const QFontMetricsF fm(m_font);
    const qreal h = fm.height();
    qreal width = 0;
    for (int b = 0; b < catalog.brokers.size(); ++b) {
        width += h * 1.4 + 4
            + fm.horizontalAdvance(QStringLiteral("A %1 ✕").arg(catalog.brokers.at(b))) + 14;
    }
    width += 10;
    for (qsizetype i = 0; i < labels.size(); ++i) {
        if (i == 5 && !hasOrderlyGroup(catalog)) {
            break; // the lock is only explained where locks are drawn
        }
        width += h * 1.4 + 4 + fm.horizontalAdvance(labels.at(i)) + 14;
    }
    return width;
}

void AssignmentRenderer::paintLegend(QPainter &p, const Input &in)
{
    const QRectF r = in.layout->legend();
    if (r.height() <= 0) {
        return;
    }
    const QFontMetricsF fm(m_font);
    const qreal rowHeight = in.layout->lineHeight() + 6;
    const qreal h = rowHeight - 6;
    qreal x = r.left();
    qreal y = r.top() + 2;
    p.setRenderHint(QPainter::Antialiasing, true);
    // Each entry is a swatch and a label; an entry that does not fit goes to the next row.
    auto entry = [&](const QColor &fill, const QColor &border, Qt::BrushStyle pattern, bool dashed,
                     const QString &text) {
        const qreal w = h * 1.4 + 4 + fm.horizontalAdvance(text);
        if (x > r.left() && x + w > r.right() && y + 2 * rowHeight <= r.bottom() + 2) {
            x = r.left();
            y += rowHeight;
        }
        const QRectF s(x, y + 1, h * 1.4, h - 2);
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        p.drawRoundedRect(s, 2, 2);
        if (pattern != Qt::NoBrush) {
            p.setBrush(QBrush(m_palette.doubleOwned, pattern));
            p.drawRoundedRect(s, 2, 2);
        }
        if (border.isValid()) {
            QPen pen(border, 2);
            if (dashed) {
                pen.setStyle(Qt::DashLine);
                pen.setWidthF(1.5);
            }
            p.setPen(pen);
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(s.adjusted(1, 1, -1, -1), 2, 2);
        }
        p.setPen(m_palette.text);
        p.drawText(QRectF(s.right() + 4, y, w, h), Qt::AlignVCenter | Qt::AlignLeft, text);
        x += w + 14;
    };
    const Catalog &catalog = *in.catalog;
    for (int b = 0; b < catalog.brokers.size(); ++b) {
        const bool up = b >= in.snapshot->brokerUp.size() || in.snapshot->brokerUp.at(b);
        const QString name
            = QStringLiteral("%1 %2").arg(brokerLetter(b)).arg(catalog.brokers.at(b));
        entry(m_palette.broker(b), QColor(), Qt::NoBrush, false,
            up ? name : name + QStringLiteral(" ✕"));
    }
    const QStringList &l = in.legendLabels;
    if (l.size() >= 5) {
        x += 10;
        entry(m_palette.broker(0), m_palette.doubleOwned, Qt::BDiagPattern, false, l.at(0));
        entry(m_palette.broker(0).lighter(125), m_palette.text, Qt::NoBrush, true, l.at(1));
        entry(m_palette.broker(0), m_palette.flowCount, Qt::NoBrush, false, l.at(2));
        entry(m_palette.broker(0), m_palette.flowSize, Qt::NoBrush, false, l.at(3));
        entry(m_palette.broker(0), m_palette.flowSpan, Qt::NoBrush, false, l.at(4));
    }
    if (l.size() >= 6 && hasOrderlyGroup(catalog)) {
        const qreal w = h * 1.4 + 4 + fm.horizontalAdvance(l.at(5));
        if (x > r.left() && x + w > r.right() && y + 2 * rowHeight <= r.bottom() + 2) {
            x = r.left();
            y += rowHeight;
        }
        const QRectF s(x, y + 1, h * 1.4, h - 2);
        p.setPen(Qt::NoPen);
        p.setBrush(m_palette.broker(0));
        p.drawRoundedRect(s, 2, 2);
        paintLock(p, QRectF(s.center().x() - 4, s.top() + 1, 8, s.height() - 2), m_palette.text);
        p.setPen(m_palette.text);
        p.drawText(QRectF(s.right() + 4, y, w, h), Qt::AlignVCenter | Qt::AlignLeft, l.at(5));
    }
}

QString AssignmentRenderer::fittedTitle(const QString &title, qreal width) const
{
    return QFontMetricsF(m_boldFont).elidedText(title, Qt::ElideRight, width - 2);
}

void AssignmentRenderer::paintSection(QPainter &p, const Input &in, int s)
{
    const AssignmentLayout::Section &section = in.layout->sections().at(s);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setFont(m_boldFont);
    p.setPen(m_palette.text);
    if (s < in.sectionTitles.size()) {
        // A narrow pane (compare mode at 1280×720, Chinese) cut the title off mid-word with no
        // sign that more followed: it ends in "…" instead. A few sections a frame.
        const QRectF title = section.title.adjusted(2, 0, 0, 0);
        p.drawText(title, Qt::AlignVCenter | Qt::AlignLeft,
            fittedTitle(in.sectionTitles.at(s), section.title.width()));
    }
    // The lane is tinted only when it holds something: trouble stands out, calm stays calm.
    const int unassigned = s < in.laneCounts.size() ? in.laneCounts.at(s) : 0;
    p.setPen(QPen(unassigned > 0 ? m_palette.doubleOwned : m_palette.cardBorder, 1, Qt::DashLine));
    p.setBrush(unassigned > 0 ? QBrush(m_palette.laneBackground) : QBrush(Qt::NoBrush));
    p.drawRoundedRect(section.lane, 5, 5);
    p.setFont(m_font);
    p.setPen(unassigned > 0 ? m_palette.text : m_palette.mutedText);
    // Beside the title the lane has one line: "Unassigned 3 +1 retry".
    QString label = in.laneLabels.value(s);
    if (section.inlineLane) {
        label.replace(QLatin1Char('\n'), QLatin1Char(' '));
    }
    p.drawText(section.laneLabel,
        Qt::AlignVCenter | Qt::AlignLeft | (section.inlineLane ? 0 : Qt::TextWordWrap), label);
}

void AssignmentRenderer::paintCard(QPainter &p, const Input &in, int index)
{
    const AssignmentLayout::Card &card = in.layout->cards().at(index);
    const Detail detail = in.layout->sections().at(card.section).cardGrid.detail;
    const qint32 c = card.consumer;
    if (c < 0 || c >= in.snapshot->consumers.size()) {
        return;
    }
    const SnapshotConsumer &sc = in.snapshot->consumers.at(c);
    // A client of imported logs that fell silent is drawn as a hang, not in a kill's red: the
    // logs cannot tell the two apart (issue 37 item 5).
    const QColor stateColor
        = m_palette.state(isSilent(in, c) ? ConsumerState::Frozen : sc.state, sc.slowed);
    paintCardFrame(p, in, card, detail, sc, stateColor);
    if (paintCardHeader(p, in, card, detail, sc, stateColor)) {
        paintCardLines(p, in, card, sc, stateColor);
    }
}

QString AssignmentRenderer::fittedStateWords(
    const QString &words, const QFontMetricsF &metrics, qreal width)
{
    // A parenthesis goes first: "silent since 21:42:01" keeps the time that matters.
    QString fitted = words;
    if (metrics.horizontalAdvance(words) > width) {
        for (const QString &open : { QStringLiteral(" ("), QStringLiteral("（") }) {
            if (const qsizetype at = words.indexOf(open); at > 0) {
                fitted = words.left(at);
                break;
            }
        }
    }
    return metrics.elidedText(fitted, Qt::ElideRight, width);
}

bool AssignmentRenderer::isSilent(const Input &in, qint32 consumer)
{
    const ConsumerState state = in.snapshot->consumers.at(consumer).state;
    return (state == ConsumerState::Killed || state == ConsumerState::Frozen)
        && !in.stateTexts.value(consumer).isEmpty();
}

void AssignmentRenderer::paintCardFrame(QPainter &p, const Input &in,
    const AssignmentLayout::Card &card, Detail detail, const SnapshotConsumer &sc,
    const QColor &stateColor)
{
    p.setRenderHint(QPainter::Antialiasing, true);
    QColor background = m_palette.cardBackground;
    if (isSilent(in, card.consumer)) {
        background = withAlpha(stateColor, m_palette.dark ? 55 : 34);
    } else if (sc.state == ConsumerState::Killed) {
        background = withAlpha(m_palette.flowSize, m_palette.dark ? 50 : 28);
    } else if (sc.state == ConsumerState::Frozen || sc.state == ConsumerState::Partitioned
        || sc.state == ConsumerState::Paused) {
        // Alive but not consuming: its queues are stuck. The whole card says so, not only the
        // stripe.
        background = withAlpha(stateColor, m_palette.dark ? 55 : 34);
    } else if (!isAlive(sc.state)) {
        background = withAlpha(m_palette.cardBackground, 120);
    }
    QPen border(m_palette.cardBorder, 1);
    if (sc.state == ConsumerState::Absent || sc.state == ConsumerState::Shutdown) {
        border.setStyle(Qt::DashLine);
    }
    const qreal radius = detail == Detail::HeatMap ? 2 : 5;
    const auto paintBackground = [&](QPainter &to, const QRectF &rect) {
        to.setPen(border);
        to.setBrush(background);
        to.drawRoundedRect(rect, radius, radius);
        // State stripe on the left edge: the state is readable from across a classroom.
        to.setPen(Qt::NoPen);
        to.setBrush(stateColor);
        to.drawRoundedRect(
            QRectF(rect.left(), rect.top(), detail == Detail::Full ? 5 : 3, rect.height()), 2, 2);
    };
    if (CardBackgroundCache::usable(p)) {
        // The same few backgrounds every frame: drawn once, then blitted (see the cache).
        CardBackgroundCache::Key key;
        key.background = background.rgba();
        key.border = m_palette.cardBorder.rgba();
        key.stripe = stateColor.rgba();
        key.dashed = border.style() == Qt::DashLine ? 1 : 0;
        key.detail = quint8(detail);
        m_cardBackgrounds.draw(p, card.rect, key, paintBackground);
    } else {
        paintBackground(p, card.rect);
    }

    const qint32 c = card.consumer;
    if (in.cards && c < in.cards->size()) {
        const CardItem &ci = in.cards->at(c);
        if (ci.flashStart >= 0 && in.wallNow - ci.flashStart < kFlashMs) {
            const int alpha = int(255 * (1.0 - qreal(in.wallNow - ci.flashStart) / kFlashMs));
            p.setPen(QPen(withAlpha(m_palette.flash, alpha), detail == Detail::HeatMap ? 2 : 4));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(card.rect.adjusted(1, 1, -1, -1), radius, radius);
        }
    }
    if (in.selection.isConsumer() && in.selection.index == c) {
        p.setPen(QPen(m_palette.selection, 3));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(card.rect.adjusted(-1, -1, 1, 1), radius, radius);
    }
}

bool AssignmentRenderer::paintCardHeader(QPainter &p, const Input &in,
    const AssignmentLayout::Card &card, Detail detail, const SnapshotConsumer &sc,
    const QColor &stateColor)
{
    const qreal lh = in.layout->lineHeight();
    if (detail == Detail::HeatMap && card.header.height() < lh) {
        // The densest level: a strip in the state's colour is the whole header.
        p.setPen(Qt::NoPen);
        p.setBrush(stateColor);
        p.drawRect(
            QRectF(card.rect.left(), card.rect.top(), card.rect.width(), card.header.height()));
        return false;
    }
    // Names are static texts elided to the card width: laid out once, drawn every frame.
    // Room for the name: the header less the queue count at the right (as wide as the widest
    // count shown, so narrow cards keep as much of the name as they can).
    // A card too narrow for "000 queues" and the distinguishing end of a client id
    // ("…000@0000", zoomed text at 1280×720) gives the count as a bare number, as compact cards.
    const qreal wordsWidth
        = QFontMetricsF(m_font).horizontalAdvance(in.queuesLabel.arg(QStringLiteral("000"))) + 6;
    const bool countInWords = detail == Detail::Full
        && card.header.width() - 8 - wordsWidth
            >= QFontMetricsF(m_boldFont).horizontalAdvance(QStringLiteral("…000@0000"));
    const qreal countWidth = countInWords
        ? wordsWidth
        : QFontMetricsF(m_font).horizontalAdvance(QStringLiteral("00")) + 4;
    // A compact card with a state line says its count there, in words: the name has the line.
    // (Unless the card is too narrow for both and the count went beside the name.)
    const bool stateLine
        = detail == Detail::Compact && in.layout->sections().at(card.section).stateLine;
    const bool countBesideName = detail != Detail::HeatMap
        && (!stateLine || in.layout->sections().at(card.section).countOnName);
    const qreal nameWidth = card.header.width() - (detail == Detail::Full ? 8 : 4)
        - (countBesideName ? countWidth : 0);
    const QList<QStaticText> &names = cardNames(*in.catalog, nameWidth);
    const QPointF namePos(card.header.left() + (detail == Detail::Full ? 6 : 2), card.header.top());
    const bool alive = isAlive(sc.state);
    p.setPen(alive || sc.state == ConsumerState::Absent ? m_palette.text : m_palette.mutedText);
    p.setFont(m_boldFont);
    // A name keeps the end that tells it from the others even when that is wider than its
    // room (CardNames): it then takes the count's place, and never runs into the next card.
    const QStaticText &name = names.at(card.consumer);
    const bool nameOverflows = name.size().width() > nameWidth;
    if (detail != Detail::HeatMap || card.header.width() > 30) {
        if (nameOverflows) {
            p.save();
            p.setClipRect(card.header);
            p.drawStaticText(namePos, name);
            p.restore();
        } else {
            p.drawStaticText(namePos, name);
        }
    }
    p.setFont(m_font);
    if (detail == Detail::HeatMap) {
        return false;
    }
    const QRectF countRect(card.header.left(), card.header.top(), card.header.width() - 2, lh);
    if (countInWords) {
        p.drawText(countRect, Qt::AlignRight | Qt::AlignTop,
            sc.queueCount == 1 ? in.oneQueueLabel : in.queuesLabel.arg(sc.queueCount));
        return true;
    }
    if (detail == Detail::Full) {
        if (!nameOverflows) { // (else its tiles show the count)
            p.drawText(countRect, Qt::AlignRight | Qt::AlignTop, QString::number(sc.queueCount));
        }
        return true;
    }
    qreal y = card.header.top() + lh + 2;
    if (stateLine) {
        // Second line, as on a full card: the state in words in its colour, then the count with
        // its unit ("shut down · 0 queues"), never a bare "3" (issue 37 item 4).
        const StateLine line = compactStateLine(in, card, sc);
        p.setPen(m_palette.dark ? stateColor.lighter(130) : stateColor.darker(130));
        p.setFont(m_font);
        p.drawText(line.rect, Qt::AlignLeft | Qt::AlignTop, line.state);
        const qreal stateWidth = QFontMetricsF(m_font).horizontalAdvance(line.state);
        p.setPen(m_palette.mutedText);
        if (line.countRect.isEmpty()) {
            p.drawText(
                line.rect.adjusted(stateWidth, 0, 0, 0), Qt::AlignLeft | Qt::AlignTop, line.count);
            y = line.rect.bottom() + 2;
        } else { // a narrow card: the count on a line of its own
            p.drawText(line.countRect, Qt::AlignLeft | Qt::AlignTop, line.count);
            y = line.countRect.bottom() + 2;
        }
    }
    if (countBesideName && !nameOverflows) { // (else its tiles show the count)
        p.setPen(m_palette.mutedText);
        p.drawText(countRect, Qt::AlignRight | Qt::AlignTop, QString::number(sc.queueCount));
    }
    if (in.layout->sections().at(card.section).scheduleLine) {
        // The layout gave this compact card the rebalance line (a small group, or the
        // presenter's large line).
        const qreal scheduleHeight
            = in.layout->scheduleLine() < 0 ? lh + 2 : in.layout->scheduleLine();
        paintSchedule(
            p, in, card, sc, QRectF(namePos.x(), y, card.header.width() - 4, scheduleHeight));
    }
    return false;
}

AssignmentRenderer::StateLine AssignmentRenderer::compactStateLine(
    const Input &in, const AssignmentLayout::Card &card, const SnapshotConsumer &sc) const
{
    StateLine line;
    if (card.section < 0 || !in.layout->sections().at(card.section).stateLine) {
        return line;
    }
    const qreal lh = in.layout->lineHeight();
    line.rect
        = QRectF(card.header.left() + 1, card.header.top() + lh + 2, card.header.width() - 1, lh);
    const QString count = sc.queueCount == 1 ? in.oneQueueLabel : in.queuesLabel.arg(sc.queueCount);
    const QFontMetricsF fm(m_font);
    if (in.layout->sections().at(card.section).countOnName) { // the count is beside the name
        line.state = fm.elidedText(
            stateWords(sc, in.stateTexts.value(card.consumer)), Qt::ElideRight, line.rect.width());
        line.width = fm.horizontalAdvance(line.state);
        return line;
    }
    if (in.layout->sections().at(card.section).countLine) {
        line.count = count;
        line.countRect = line.rect.translated(0, lh + 2);
        line.countWidth = fm.horizontalAdvance(count);
        line.state = fm.elidedText(
            stateWords(sc, in.stateTexts.value(card.consumer)), Qt::ElideRight, line.rect.width());
        line.width = fm.horizontalAdvance(line.state);
        return line;
    }
    line.count = QStringLiteral(" · ") + count;
    const qreal countWidth = fm.horizontalAdvance(line.count);
    line.state = fm.elidedText(stateWords(sc, in.stateTexts.value(card.consumer)), Qt::ElideRight,
        qMax<qreal>(0, line.rect.width() - countWidth));
    line.width = fm.horizontalAdvance(line.state) + countWidth;
    return line;
}

void AssignmentRenderer::paintCardLines(QPainter &p, const Input &in,
    const AssignmentLayout::Card &card, const SnapshotConsumer &sc, const QColor &stateColor)
{
    const qreal lh = in.layout->lineHeight();
    // Second line: the state in words, in the state's colour, then the cache and the strategy.
    const QString stateText = in.stateTexts.value(card.consumer);
    const QRectF line2(
        card.header.left() + 6, card.header.top() + lh + 2, card.header.width() - 8, lh);
    // Long words ("silent since 21:42:01 (last log line)" on a 1280×720 card) end in "…",
    // never cut mid-word; the status after them keeps a few characters' room.
    const QString words = stateWords(sc, stateText);
    const QString state = fittedStateWords(
        words, QFontMetricsF(m_boldFont), qMax<qreal>(0, line2.width() - 3 * lh));
    const QColor stateInk = m_palette.dark ? stateColor.lighter(130) : stateColor.darker(130);
    p.setPen(stateInk);
    p.setFont(m_boldFont);
    p.drawText(line2, Qt::AlignLeft | Qt::AlignTop, state);
    p.setFont(m_font);
    p.setPen(m_palette.mutedText);
    paintCardStatus(p, in, card, sc,
        line2.left() + QFontMetricsF(m_boldFont).horizontalAdvance(state) + 10, line2);
    // Third line: when its RebalanceService wakes next and what it last computed with.
    const qreal scheduleHeight = in.layout->scheduleLine() < 0 ? lh + 2 : in.layout->scheduleLine();
    paintSchedule(
        p, in, card, sc, QRectF(line2.left(), line2.bottom() + 2, line2.width(), scheduleHeight));
    if (sc.state != ConsumerState::Running && sc.state != ConsumerState::Starting
        && sc.queueCount == 0 && card.body.height() > 3 * lh) {
        // An empty card of a stopped consumer says why in large letters, readable from the back
        // row ("silent", not the whole "silent since …" line, which the state line says).
        const bool silent = isSilent(in, card.consumer);
        const QString ownWord = in.silentWords.value(card.consumer);
        const QString word = !silent   ? words
            : !ownWord.isEmpty()       ? ownWord
            : !in.silentWord.isEmpty() ? in.silentWord
                                       : words;
        if (const std::optional<QFont> big = watermarkFont(m_boldFont, word, card.body.width())) {
            p.setFont(*big);
            p.setPen(withAlpha(stateInk, 110));
            p.drawText(card.body, Qt::AlignCenter, word);
            p.setFont(m_font);
        }
    }
}

std::optional<QFont> AssignmentRenderer::watermarkFont(
    const QFont &bold, const QString &word, qreal width)
{
    const qreal base = bold.pointSizeF() > 0 ? bold.pointSizeF() : 9;
    QFont big = bold;
    qreal size = base * 2.2;
    big.setPointSizeF(size);
    const qreal room = width - 8;
    const qreal needed = QFontMetricsF(big).horizontalAdvance(word);
    if (needed <= room) {
        return big;
    }
    // Glyph widths do not scale exactly with the size: from the proportional size, step down
    // until the word fits.
    size = size * room / needed;
    for (; size >= base * 1.2; size -= 0.25) {
        big.setPointSizeF(size);
        if (QFontMetricsF(big).horizontalAdvance(word) <= room) {
            return big;
        }
    }
    return std::nullopt;
}

void AssignmentRenderer::paintCardStatus(QPainter &p, const Input &in,
    const AssignmentLayout::Card &card, const SnapshotConsumer &sc, qreal x, const QRectF &line)
{
    const qreal lh = in.layout->lineHeight();
    const QFontMetricsF fm(m_font);
    // An observed world: "—", never a 0 the logs did not measure.
    const QString cache = !in.figuresMeasured ? in.unmeasuredLabel
        : sc.pop
        ? in.popLabel.arg(GuiText::count(sc.popInFlight), GuiText::count(sc.popInvisible))
        : in.cacheLabel.arg(GuiText::count(sc.cachedCount), GuiText::bytes(sc.cachedBytes));
    // A consumer whose strategy differs from its group's (a rolling deploy) says so in bold:
    // mixed strategies are how queues end up double-owned or orphaned.
    const QString groupStrategy = in.sectionStrategies.value(card.section);
    const bool odd
        = !sc.strategy.isEmpty() && !groupStrategy.isEmpty() && sc.strategy != groupStrategy;
    if (odd) {
        p.setFont(m_boldFont);
        p.setPen(m_palette.flowSpan);
        const QString badge = sc.strategy;
        p.drawText(
            QRectF(x, line.top(), line.right() - x, lh), Qt::AlignLeft | Qt::AlignTop, badge);
        x += QFontMetricsF(m_boldFont).horizontalAdvance(badge) + 8;
        p.setFont(m_font);
        p.setPen(m_palette.mutedText);
    }
    // The client instance it shares with other groups' consumers (ClientConfig.instanceName),
    // as a small outlined tag: one MQClientInstance, one rebalance thread for all of them.
    const qint32 c = card.consumer;
    const QString &instance
        = c < in.catalog->consumers.size() ? in.catalog->consumers.at(c).instanceName : QString();
    if (!instance.isEmpty()) {
        const QString tag = fm.elidedText(instance, Qt::ElideRight, line.width() / 3);
        const qreal tagWidth = fm.horizontalAdvance(tag) + 8;
        if (x + tagWidth + fm.horizontalAdvance(QStringLiteral("000 · 0")) <= line.right()) {
            const QRectF box(x, line.top() + 1, tagWidth, lh - 1);
            p.setPen(QPen(m_palette.mutedText, 1));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(box, 3, 3);
            p.drawText(box, Qt::AlignCenter, tag);
            x += tagWidth + 6;
        }
    }
    p.drawText(QRectF(x, line.top(), qMax<qreal>(0, line.right() - x), lh),
        Qt::AlignLeft | Qt::AlignTop,
        fm.elidedText(cache, Qt::ElideRight, qMax<qreal>(0, line.right() - x)));
}

void AssignmentRenderer::paintTiles(QPainter &p, const Input &in)
{
    const qreal fullHeight = in.layout->lineHeight() + 12;
    const auto &sections = in.layout->sections();
    for (const TileItem &item : *in.tiles) {
        const AssignmentLayout::Section &section = sections.at(item.section);
        const Detail detail = item.consumer >= 0 ? section.cardGrid.detail
            : in.laneGrids && item.section < in.laneGrids->size()
            ? in.laneGrids->at(item.section).detail
            : section.laneGrid.detail;
        const QRectF r = item.rectAt(in.wallNow);
        if (detail == Detail::Full) {
            const qreal scale = r.height() / fullHeight;
            if (qAbs(scale - m_tileFontScale) > 0.05) {
                m_tileFont = m_boldFont;
                m_tileFont.setPointSizeF(m_boldFont.pointSizeF() * qMax<qreal>(0.7, scale));
                m_tileFontScale = scale;
            }
        }
        paintTile(p, in, item, r, detail);
    }
}

bool AssignmentRenderer::compactLabelFits(const QRectF &r, const QString &label)
{
    // Above the fill bar, as large as the tile allows in height and then in width: any size
    // from kMinCompactLabelPx up reads on a projector better than a bare coloured block.
    const qreal barH = r.height() >= 8 ? qMax<qreal>(2, r.height() / 5) : 0;
    int px = int(qMin<qreal>(std::floor(r.height() - barH - 1), 14));
    if (px < kMinCompactLabelPx) {
        return false;
    }
    if (px != m_compactFontPx) {
        m_compactFont = m_boldFont;
        m_compactFont.setPixelSize(px);
        m_compactFontPx = px;
    }
    const qreal room = r.width() - 2;
    const qreal advance = QFontMetricsF(m_compactFont).horizontalAdvance(label);
    if (advance <= room) {
        return true;
    }
    px = int(std::floor(px * room / advance));
    if (px < kMinCompactLabelPx) {
        return false;
    }
    m_compactFont = m_boldFont;
    m_compactFont.setPixelSize(px);
    m_compactFontPx = px;
    return QFontMetricsF(m_compactFont).horizontalAdvance(label) <= room;
}

void AssignmentRenderer::paintCompactLabel(
    QPainter &p, const Catalog &catalog, qint32 queue, const QRectF &r, bool ghost)
{
    const QString label = tileLabel(catalog, queue);
    if (!compactLabelFits(r, label)) {
        return;
    }
    const qreal barH = r.height() >= 8 ? qMax<qreal>(2, r.height() / 5) : 0;
    p.setFont(m_compactFont);
    p.setPen(ghost ? withAlpha(m_palette.text, 120)
                   : (m_palette.dark ? QColor(250, 250, 250) : QColor(20, 20, 25)));
    p.drawText(QRectF(r.left(), r.top(), r.width(), r.height() - barH), Qt::AlignCenter, label);
}

void AssignmentRenderer::paintLock(QPainter &p, const QRectF &r, const QColor &color) const
{
    // A padlock: the broker lock of an orderly queue (RebalanceImpl.lock), visible at a glance.
    const qreal bodyTop = r.top() + r.height() * 0.45;
    p.setPen(QPen(color, 1.6));
    p.setBrush(Qt::NoBrush);
    const qreal inset = r.width() * 0.2;
    p.drawArc(QRectF(r.left() + inset, r.top(), r.width() - 2 * inset, (bodyTop - r.top()) * 2), 0,
        180 * 16);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawRoundedRect(QRectF(r.left(), bodyTop, r.width(), r.bottom() - bodyTop), 1.5, 1.5);
}

void AssignmentRenderer::paintTile(
    QPainter &p, const Input &in, const TileItem &item, const QRectF &r, Detail detail)
{
    const Catalog &catalog = *in.catalog;
    const bool selected = in.selection.isQueue() && in.selection.index == item.queue;
    if (item.flags & TileItem::Overflow) {
        p.setRenderHint(QPainter::Antialiasing, false);
        p.fillRect(r, m_palette.cardBorder);
        if (detail == Detail::Full) {
            p.setPen(m_palette.text);
            p.setFont(m_font);
            p.drawText(r, Qt::AlignCenter, QStringLiteral("+%1").arg(item.overflowCount));
        }
        return;
    }
    const QueueInfo &q = catalog.queues.at(item.queue);
    const bool ghost = item.flags & (TileItem::Ghost | TileItem::Dropped);
    QColor fill = m_palette.broker(q.brokerIndex);
    if (q.retry) {
        fill = m_palette.dark ? fill.darker(150) : fill.lighter(125);
    }
    const QColor flowColor = m_palette.flow(item.flow);

    if (detail == Detail::HeatMap) {
        // Cells of a few pixels: colour is all there is, so it says the most urgent thing.
        QColor c = item.flags & TileItem::DoubleOwned ? m_palette.doubleOwned
            : flowColor.isValid()                     ? flowColor
                                                      : m_palette.heat(item.pressure);
        if (ghost) {
            c = withAlpha(c, 90);
        }
        // Aliased, as compact tiles: the cells of a heat map meet edge to edge, and antialiasing
        // (left on by whatever was painted before) made the raster engine rasterise each cell's
        // fractional edges, 2,500 instructions a cell, two thirds of a 10,240-queue frame.
        if (p.testRenderHint(QPainter::Antialiasing)) {
            p.setRenderHint(QPainter::Antialiasing, false);
        }
        p.fillRect(r, selected ? m_palette.selection : c);
        return;
    }
    if (ghost) {
        fill = withAlpha(fill, 80);
    }

    if (detail == Detail::Compact) {
        p.setRenderHint(QPainter::Antialiasing, false);
        p.fillRect(r, fill);
        if (r.height() >= 8 && in.figuresMeasured) {
            const qreal barH = qMax<qreal>(2, r.height() / 5);
            const QRectF bar(
                r.left(), r.bottom() - barH, r.width() * qMin<qreal>(1, item.fill / 1.25), barH);
            p.fillRect(bar, flowColor.isValid() ? flowColor : m_palette.fillBar);
        }
        if (q.retry) {
            p.setPen(QPen(m_palette.text, 1, Qt::DotLine));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
        }
        paintCompactLabel(p, catalog, item.queue, r, ghost);
        if (flowColor.isValid() || (item.flags & TileItem::DoubleOwned) || selected) {
            const QColor border = selected             ? m_palette.selection
                : (item.flags & TileItem::DoubleOwned) ? m_palette.doubleOwned
                                                       : flowColor;
            p.setPen(QPen(border, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        return;
    }

    // Full tiles: broker colour, label, cache bar with the threshold tick, marks.
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRoundedRect(r, 3, 3);
    if (item.flags & TileItem::DoubleOwned) {
        p.setBrush(QBrush(m_palette.doubleOwned, Qt::BDiagPattern));
        p.drawRoundedRect(r, 3, 3);
    }
    const qreal barH = qMax<qreal>(4, r.height() * 0.16);
    const QRectF barArea(r.left() + 3, r.bottom() - barH - 3, r.width() - 6, barH);
    // An observed world's logs record no cache: no bar, whose empty look would read as 0.
    if (in.figuresMeasured) {
        p.setBrush(m_palette.fillBarBack);
        p.drawRect(barArea);
        // The bar spans 0…125 % of the threshold; the tick marks 100 %.
        p.setBrush(flowColor.isValid() ? flowColor : m_palette.fillBar);
        const QRectF bar(barArea.left(), barArea.top(),
            barArea.width() * qMin<qreal>(1, item.fill / 1.25), barH);
        p.drawRect(bar);
        if (item.flags & (TileItem::SizeBar | TileItem::SpanBar)) {
            // A bar of MiB (or span) is hatched, so it is not read as a message count.
            p.setBrush(QBrush(withAlpha(m_palette.text, 150),
                item.flags & TileItem::SizeBar ? Qt::BDiagPattern : Qt::Dense5Pattern));
            p.drawRect(bar);
        }
        p.setPen(QPen(m_palette.threshold, 1.2));
        const qreal tick = barArea.left() + barArea.width() * 0.8;
        p.drawLine(QPointF(tick, barArea.top() - 2), QPointF(tick, barArea.bottom() + 1));
    }

    p.setFont(m_tileFont);
    p.setPen(ghost ? withAlpha(m_palette.text, 120)
                   : (m_palette.dark ? QColor(250, 250, 250) : QColor(20, 20, 25)));
    p.drawText(QRectF(r.left(), r.top() + 1, r.width(), barArea.top() - r.top() - 1),
        Qt::AlignCenter, tileLabel(catalog, item.queue));

    p.setBrush(Qt::NoBrush);
    if (q.retry) {
        p.setPen(QPen(m_palette.text, 1.3, Qt::DashLine));
        p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 3, 3);
    }
    if (item.flags & TileItem::Locked) {
        paintLock(p, QRectF(r.right() - 12, r.top() + 3, 9, 11),
            ghost ? withAlpha(m_palette.text, 120) : m_palette.text);
    }
    if (flowColor.isValid()) {
        p.setPen(QPen(flowColor, 3));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(r.adjusted(1.5, 1.5, -1.5, -1.5), 3, 3);
    }
    if (item.flags & TileItem::DoubleOwned) {
        p.setPen(QPen(m_palette.doubleOwned, 2));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 3, 3);
    }
    if (selected) {
        p.setPen(QPen(m_palette.selection, 3));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(r.adjusted(-1.5, -1.5, 1.5, 1.5), 4, 4);
    }
}

} // namespace Rblab
