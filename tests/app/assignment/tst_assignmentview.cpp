// SPDX-License-Identifier: Apache-2.0
// The assignment view on worlds built by hand: what it shows, how it lays out, how tiles travel.
#include "testworld.h"

#include <assignment/assignmentrenderer.h>
#include <assignment/assignmentview.h>
#include <assignment/cardnames.h>
#include <guitext.h>

#include <QFontMetricsF>
#include <QGuiApplication>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

using namespace Rblab;

class tst_AssignmentView : public QObject
{
    Q_OBJECT

private slots:
    void showsEveryCardAndTile_data();
    void showsEveryCardAndTile();
    void levelOfDetailFollowsDensity_data();
    void levelOfDetailFollowsDensity();
    void movedQueueTravels();
    void noTravelWhenTooFast();
    void unassignedLaneAndDoubleOwnership();
    void laneShowsEveryUnassignedQueue_data();
    void laneShowsEveryUnassignedQueue();
    void countsKeepRetryQueuesApart();
    void broadcastingIsNotDoubleOwnership();
    void narrowCardsKeepWhatNamesDifferBy();
    void killedCardSaysKilled();
    void stateWatermarkFitsItsCard_data();
    void stateWatermarkFitsItsCard();
    void heatMapCellsStayReadableUnderTallNames();
    void groupTitleNamesEveryStrategyOfARollingDeploy();
    void groupTitleEndsInAnEllipsisWhenNarrow();
    void hitTestAndSelection();
    void exportsImageAndSvg();
    void followsDarkPalette();
};

void tst_AssignmentView::showsEveryCardAndTile_data()
{
    QTest::addColumn<int>("queues");
    QTest::addColumn<int>("consumers");
    QTest::newRow("1 queue, 1 consumer") << 1 << 1;
    QTest::newRow("16 queues, 4 consumers") << 16 << 4;
    QTest::newRow("16 queues, 20 consumers") << 16 << 20;
    QTest::newRow("256 queues, 32 consumers") << 256 << 32;
    QTest::newRow("1024 queues, 128 consumers") << 1024 << 128;
}

void tst_AssignmentView::showsEveryCardAndTile()
{
    QFETCH(int, queues);
    QFETCH(int, consumers);
    const TestWorld world(queues, consumers);
    AssignmentView view;
    view.resize(1400, 800);
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    QCOMPARE(view.cardCount(), consumers);
    QCOMPARE(view.tileCount(), world.queueCount());
    QCOMPARE(view.laneTileCount(), 0);
    // Every tile lies inside its consumer's card.
    for (const TileItem &item : view.tiles()) {
        QVERIFY(item.consumer >= 0);
        const QRectF card = view.layout().cards().at(view.layout().cardOf(item.consumer)).rect;
        QVERIFY2(card.contains(item.target),
            qPrintable(QStringLiteral("queue %1 outside its card").arg(item.queue)));
    }
}

void tst_AssignmentView::levelOfDetailFollowsDensity_data()
{
    QTest::addColumn<int>("queues");
    QTest::addColumn<int>("consumers");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("detail");
    QTest::newRow("training world")
        << 16 << 4 << QSize(1200, 700) << int(AssignmentLayout::Detail::Full);
    QTest::newRow("1024 x 128") << 1024 << 128 << QSize(1200, 700)
                                << int(AssignmentLayout::Detail::Compact);
    QTest::newRow("1024 x 128, small window")
        << 1024 << 128 << QSize(500, 320) << int(AssignmentLayout::Detail::HeatMap);
    QTest::newRow("1024 x 2") << 1024 << 2 << QSize(900, 500)
                              << int(AssignmentLayout::Detail::Compact);
    QTest::newRow("1024 x 2, small window")
        << 1024 << 2 << QSize(360, 240) << int(AssignmentLayout::Detail::HeatMap);
}

void tst_AssignmentView::levelOfDetailFollowsDensity()
{
    QFETCH(int, queues);
    QFETCH(int, consumers);
    QFETCH(QSize, size);
    QFETCH(int, detail);
    const TestWorld world(queues, consumers);
    AssignmentView view;
    view.resize(size);
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    QCOMPARE(int(view.detail()), detail);
    // Whatever the level, nothing is dropped: every holding has a tile, none overflows.
    QCOMPARE(view.tileCount(), world.queueCount());
    const auto &grid = view.layout().sections().first().cardGrid;
    QVERIFY(grid.capacity >= (world.queueCount() + consumers - 1) / consumers);
}

void tst_AssignmentView::movedQueueTravels()
{
    const TestWorld world(8, 2);
    AssignmentView view;
    view.resize(1000, 600);
    view.setSpeed(1);
    QList<QList<qint32>> owners;
    for (int q = 0; q < world.queueCount(); ++q) {
        owners.append(QList<qint32> { q % 2 });
    }
    view.setFrame(world.catalog(), world.snapshot(owners), 1);
    const qint32 moved = 3; // held by consumer 1, moves to consumer 0
    QCOMPARE(owners.at(moved).first(), 1);
    QVERIFY(!view.isQueueAnimating(moved));
    QRectF before;
    for (const TileItem &item : view.tiles()) {
        if (item.queue == moved) {
            before = item.target;
        }
    }
    owners[moved] = { 0 };
    view.setFrame(world.catalog(), world.snapshot(owners), 1);
    QVERIFY(view.isQueueAnimating(moved));
    QVERIFY(view.animationDuration() >= 120 && view.animationDuration() <= 600);
    for (const TileItem &item : view.tiles()) {
        if (item.queue == moved) {
            QCOMPARE(item.consumer, 0);
            QCOMPARE(item.from, before); // it starts where it was drawn
            QVERIFY(item.target != before);
            const QRectF card = view.layout().cards().at(view.layout().cardOf(0)).rect;
            QVERIFY(card.contains(item.target));
            QVERIFY(!card.contains(item.from));
        }
    }
    QTRY_VERIFY_WITH_TIMEOUT(!view.isQueueAnimating(moved), 2000);
}

void tst_AssignmentView::noTravelWhenTooFast()
{
    const TestWorld world(8, 2);
    AssignmentView view;
    view.resize(1000, 600);
    view.setSpeed(500);
    QList<QList<qint32>> owners;
    for (int q = 0; q < world.queueCount(); ++q) {
        owners.append(QList<qint32> { q % 2 });
    }
    view.setFrame(world.catalog(), world.snapshot(owners), 1);
    owners[3] = { 0 };
    view.setFrame(world.catalog(), world.snapshot(owners), 1);
    QCOMPARE(view.animationDuration(), 0);
    QVERIFY(!view.isQueueAnimating(3));
}

void tst_AssignmentView::unassignedLaneAndDoubleOwnership()
{
    const TestWorld world(6, 3);
    AssignmentView view;
    view.resize(1000, 600);
    QList<QList<qint32>> owners;
    for (int q = 0; q < world.queueCount(); ++q) {
        owners.append(QList<qint32> { q % 3 });
    }
    owners[2] = {}; // nobody
    owners[4] = { 0, 1 }; // two owners
    // Consumer 2 is frozen: what it holds has no running owner.
    view.setFrame(world.catalog(),
        world.snapshot(
            owners, { ConsumerState::Running, ConsumerState::Running, ConsumerState::Frozen }),
        1);
    int frozenHeld = 0;
    for (int q = 0; q < world.queueCount(); ++q) {
        frozenHeld += owners.at(q).contains(2) ? 1 : 0;
    }
    QCOMPARE(view.laneTileCount(), 1 + frozenHeld);
    int doubleMarked = 0;
    int ghostsInLane = 0;
    for (const TileItem &item : view.tiles()) {
        if (item.queue == 4) {
            QVERIFY(item.flags & TileItem::DoubleOwned);
            ++doubleMarked;
        } else {
            QVERIFY(!(item.flags & TileItem::DoubleOwned));
        }
        if (item.consumer < 0 && (item.flags & TileItem::Ghost)) {
            ++ghostsInLane;
        }
        if (world.catalog()->queues.at(item.queue).retry) {
            QVERIFY(item.flags & TileItem::Retry);
        }
    }
    QCOMPARE(doubleMarked, 2); // on both cards
    QCOMPARE(ghostsInLane, frozenHeld);
}

void tst_AssignmentView::laneShowsEveryUnassignedQueue_data()
{
    // Issue 37 item 4: 12 of 18 shown at 1280×720, 17 of 18 at 200 %, 9 of 10 in a replay pane.
    QTest::addColumn<int>("queues"); // the topic's; two retry queues come with them
    QTest::addColumn<int>("consumers");
    QTest::addColumn<QSize>("size");
    for (const QSize size : { QSize(1000, 500), QSize(760, 420), QSize(640, 360), QSize(520, 300),
             QSize(400, 260), QSize(300, 200) }) {
        for (const int queues : { 8, 16, 40, 100, 256 }) {
            for (const int consumers : { 3, 12 }) {
                QTest::addRow("%d queues, %d consumers, %dx%d", queues, consumers, size.width(),
                    size.height())
                    << queues << consumers << size;
            }
        }
    }
}

void tst_AssignmentView::laneShowsEveryUnassignedQueue()
{
    QFETCH(int, queues);
    QFETCH(int, consumers);
    QFETCH(QSize, size);
    const TestWorld world(queues, consumers);
    AssignmentView view;
    view.resize(size);
    // Nobody holds anything (every consumer killed): every queue is in the lane.
    const QList<ConsumerState> states(consumers, ConsumerState::Killed);
    view.setFrame(world.catalog(), world.snapshot({}, states), 1);
    QCOMPARE(view.laneTileCount(), world.queueCount());
    const QRectF lane = view.layout().sections().first().lane;
    QList<QRectF> shown;
    int more = 0;
    for (const TileItem &item : view.tiles()) {
        if (item.consumer >= 0) {
            continue;
        }
        QVERIFY2(lane.contains(item.target),
            qPrintable(QStringLiteral("a lane tile outside the lane at %1,%2")
                           .arg(item.target.x())
                           .arg(item.target.y())));
        if (item.flags & TileItem::Overflow) {
            more += item.overflowCount;
        } else {
            shown.append(item.target);
        }
    }
    // Every unassigned queue is a tile of its own (none on top of another), or counted in "+N".
    QCOMPARE(int(shown.size()) + more, world.queueCount());
    if (queues <= 100) {
        QCOMPARE(int(shown.size()), world.queueCount()); // these strips hold them all
    }
    for (qsizetype i = 0; i < shown.size(); ++i) {
        for (qsizetype j = i + 1; j < shown.size(); ++j) {
            QVERIFY(!shown.at(i).intersects(shown.at(j)));
        }
    }
}

void tst_AssignmentView::countsKeepRetryQueuesApart()
{
    // Queues 0 and 1 are the retry queues (one per broker), then the topic's.
    const TestWorld world(6, 3);
    QVERIFY(world.catalog()->queues.at(0).retry && !world.catalog()->queues.at(2).retry);
    AssignmentView view;
    view.resize(1000, 600);
    QList<QList<qint32>> owners;
    for (int q = 0; q < world.queueCount(); ++q) {
        owners.append(QList<qint32> { q % 3 });
    }
    owners[0] = {}; // a retry queue nobody holds
    owners[3] = {}; // a topic queue nobody holds
    owners[4] = {};
    owners[1] = { 0, 1 }; // a retry queue held twice
    owners[5] = { 1, 2 }; // a topic queue held twice
    view.setFrame(world.catalog(), world.snapshot(owners), 1);
    QCOMPARE(view.laneTileCount(), 3);
    QCOMPARE(view.unassignedCount(), 2);
    QCOMPARE(view.unassignedRetryCount(), 1);
    QCOMPARE(view.doubleOwnedCount(), 1);
    QCOMPARE(view.doubleOwnedRetryCount(), 1);
}

void tst_AssignmentView::broadcastingIsNotDoubleOwnership()
{
    // Every consumer holds every queue: in BROADCASTING that is the design, in CLUSTERING trouble.
    const TestWorld world(8, 3);
    QList<QList<qint32>> owners(world.queueCount(), QList<qint32> { 0, 1, 2 });
    const WorldSnapshot snapshot = world.snapshot(owners);
    AssignmentView view;
    view.resize(1000, 600);

    view.setFrame(world.broadcastingCatalog(), snapshot, 1);
    QCOMPARE(view.tileCount(), 3 * world.queueCount());
    for (const TileItem &item : view.tiles()) {
        QVERIFY(!(item.flags & TileItem::DoubleOwned));
    }
    QCOMPARE(view.doubleOwnedCount() + view.doubleOwnedRetryCount(), 0);

    view.setFrame(world.catalog(), snapshot, 2);
    int marked = 0;
    for (const TileItem &item : view.tiles()) {
        marked += (item.flags & TileItem::DoubleOwned) ? 1 : 0;
    }
    QCOMPARE(marked, 3 * world.queueCount());
    QCOMPARE(view.doubleOwnedCount(), world.mainQueueCount());
    QCOMPARE(view.doubleOwnedRetryCount(), world.queueCount() - world.mainQueueCount());
}

void tst_AssignmentView::narrowCardsKeepWhatNamesDifferBy()
{
    const QStringList ids = { QStringLiteral("10.1.0.29@2029"), QStringLiteral("10.1.0.3@2003"),
        QStringLiteral("10.1.0.117@2117") };
    QCOMPARE(CardNames::commonPrefixLength(ids), 7); // "10.1.0."
    QCOMPARE(CardNames::commonPrefixLength({ QStringLiteral("twin-a"), QStringLiteral("twin-b"),
                 QStringLiteral("10.0.0.2@1002") }),
        0);
    // A shared start that ends inside a part is cut back to the last separator.
    QCOMPARE(CardNames::commonPrefixLength(
                 { QStringLiteral("10.0.0.11@1011"), QStringLiteral("10.0.0.12@1012") }),
        7);

    QFont font;
    font.setBold(true);
    const QFontMetricsF metrics(font);
    const QString wide = CardNames::fitted(ids.at(0), 7, metrics, 1000);
    QCOMPARE(wide, ids.at(0)); // whole when it fits
    const qreal narrow = metrics.horizontalAdvance(QStringLiteral("29@20…")) + 1;
    const QString shown = CardNames::fitted(ids.at(0), 7, metrics, narrow);
    // Too narrow for "29@2029" without its shared start: its end, where the ids differ.
    QCOMPARE(shown, QStringLiteral("…2029"));
    QVERIFY(metrics.horizontalAdvance(shown) <= narrow);

    // 100 consumers in a small view: every card's name still starts with its own host part.
    const TestWorld world(1024, 100);
    AssignmentView view;
    view.resize(1000, 520);
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    QVERIFY(view.detail() != AssignmentLayout::Detail::Full);
    CardNames names;
    const AssignmentLayout::Card &card = view.layout().cards().first();
    // As the renderer does: the header less room for a two-digit queue count.
    const qreal width = card.header.width() - 4
        - QFontMetricsF(QFont()).horizontalAdvance(QStringLiteral("00")) - 4;
    const QList<QStaticText> &texts = names.names(*world.catalog(), font, width);
    QCOMPARE(texts.size(), 100);
    QSet<QString> distinct;
    for (const QStaticText &text : texts) {
        distinct.insert(text.text());
    }
    // Host parts 1…100: the shown names tell every card apart, where "…0" told ten.
    QCOMPARE(distinct.size(), 100);
}

void tst_AssignmentView::killedCardSaysKilled()
{
    const TestWorld world(8, 2);
    AssignmentView view;
    view.resize(1000, 600);
    view.setFrame(
        world.catalog(), world.snapshot({}, { ConsumerState::Running, ConsumerState::Killed }), 1);
    QCOMPARE(view.cardStateText(0), GuiText::stateName(ConsumerState::Running));
    QCOMPARE(view.cardStateText(1), GuiText::stateName(ConsumerState::Killed));
    QCOMPARE(view.cardStateText(1), QStringLiteral("killed"));
    QCOMPARE(view.laneTileCount(), world.queueCount());
}

void tst_AssignmentView::stateWatermarkFitsItsCard_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<qreal>("width");
    for (const QString &word :
        { QStringLiteral("shut down"), QStringLiteral("partitioned"), QStringLiteral("已关闭") }) {
        for (const qreal width : { 40.0, 70.0, 90.0, 120.0, 160.0, 400.0 }) {
            QTest::addRow("%s in %g px", qPrintable(word), width) << word << width;
        }
    }
}

void tst_AssignmentView::stateWatermarkFitsItsCard()
{
    // Issue 37 item 4: "shut down" in large letters was cut at both ends on narrow cards
    // ("ut dow"). It fits inside the body (4 px each side) or is not drawn.
    QFETCH(QString, word);
    QFETCH(qreal, width);
    QFont bold;
    bold.setPointSizeF(9);
    bold.setBold(true);
    const std::optional<QFont> font = AssignmentRenderer::watermarkFont(bold, word, width);
    QFont full = bold;
    full.setPointSizeF(9 * 2.2);
    const qreal fullWidth = QFontMetricsF(full).horizontalAdvance(word);
    if (fullWidth <= width - 8) {
        QVERIFY(font);
        QCOMPARE(font->pointSizeF(), 9 * 2.2); // room enough: as large as before
    } else if (font) {
        QVERIFY2(QFontMetricsF(*font).horizontalAdvance(word) <= width - 8,
            qPrintable(QString::number(QFontMetricsF(*font).horizontalAdvance(word))));
        QVERIFY(font->pointSizeF() >= 9 * 1.2 - 1e-9);
    }
    if (width >= 400) {
        QVERIFY(font);
    }
}

void tst_AssignmentView::heatMapCellsStayReadableUnderTallNames()
{
    // Issue 37 item 4: under a Chinese name (the CJK face the font falls back to is taller than
    // its Latin face) the heat map's cells were squashed to slivers. At presenter size, in the
    // Chinese interface's font, across window sizes and worlds: a card that shows its name has
    // a header as tall as a line of Chinese and cells at least kMinNamedCell tall; a compact
    // card with a state line has room for two such lines and is as wide as the line.
    QFont font = QGuiApplication::font();
    font.setFamilies({ font.family(), QStringLiteral("Noto Sans CJK SC") });
    font.setPointSizeF(QGuiApplication::font().pointSizeF() * 2);
    QFont bold = font;
    bold.setBold(true);
    const qreal cjkLine = AssignmentLayout::textLineHeight(bold, QStringLiteral("消费者 已关闭"));
    int named = 0;
    int strips = 0;
    for (const QPair<int, int> &world :
        { qMakePair(64, 8), qMakePair(256, 16), qMakePair(512, 32), qMakePair(1024, 64) }) {
        const TestWorld testWorld(world.first, world.second);
        for (int w = 320; w <= 1000; w += 85) {
            for (int h = 160; h <= 440; h += 35) {
                AssignmentView view;
                view.setFont(font);
                view.resize(w, h);
                view.setFrame(testWorld.catalog(), testWorld.evenSnapshot(), 1);
                const AssignmentLayout &layout = view.layout();
                QVERIFY(layout.lineHeight() >= cjkLine - 0.5);
                for (const AssignmentLayout::Section &section : layout.sections()) {
                    if (section.cards.isEmpty()) {
                        continue;
                    }
                    const AssignmentLayout::Card &card = layout.cards().at(section.cards.first());
                    const QString where
                        = QStringLiteral("%1 q × %2 c in %3x%4: header %5 px, cells %6 px")
                              .arg(world.first)
                              .arg(world.second)
                              .arg(w)
                              .arg(h)
                              .arg(card.header.height())
                              .arg(section.cardGrid.tile.height());
                    if (section.cardGrid.detail == AssignmentLayout::Detail::HeatMap) {
                        if (card.header.height() < layout.lineHeight()) {
                            ++strips; // a strip in the state's colour, no name
                            continue;
                        }
                        ++named;
                        QVERIFY2(card.header.height() >= cjkLine, qPrintable(where));
                        QVERIFY2(section.cardGrid.tile.height() >= AssignmentLayout::kMinNamedCell,
                            qPrintable(where));
                    } else if (section.stateLine) {
                        const AssignmentRenderer::StateLine line
                            = view.cardStateLine(card.consumer);
                        const int rows = line.countRect.isEmpty() ? 2 : 3;
                        QVERIFY2(card.header.height() >= rows * cjkLine, qPrintable(where));
                        QVERIFY2(line.width <= line.rect.width(), qPrintable(where));
                        QVERIFY2(card.header.contains(line.rect), qPrintable(where));
                        QVERIFY2(line.countRect.isEmpty() || card.header.contains(line.countRect),
                            qPrintable(where));
                    }
                }
            }
        }
    }
    QVERIFY(named > 0);
    QVERIFY(strips > 0);
}

void tst_AssignmentView::groupTitleNamesEveryStrategyOfARollingDeploy()
{
    const TestWorld world(8, 4);
    AssignmentView view;
    view.resize(1000, 600);
    WorldSnapshot snapshot = world.evenSnapshot();
    view.setFrame(world.catalog(), snapshot, 1);
    QCOMPARE(view.sectionTitles().size(), 1);
    QVERIFY2(view.sectionTitles().first().endsWith(QStringLiteral("4 of 4 consumers running, AVG")),
        qPrintable(view.sectionTitles().first()));

    // Half way through a rolling deploy: one consumer already runs the new strategy.
    snapshot.consumers[2].strategy = QStringLiteral("AVG_BY_CIRCLE");
    view.setFrame(world.catalog(), snapshot, 2);
    QVERIFY2(
        view.sectionTitles().first().endsWith(QStringLiteral("mixed: AVG ×3, AVG_BY_CIRCLE ×1")),
        qPrintable(view.sectionTitles().first()));
}

void tst_AssignmentView::groupTitleEndsInAnEllipsisWhenNarrow()
{
    // Compare mode at 1280×720 in Chinese gives each pane ~420 px: the title was cut mid-word
    // with nothing to say that more followed.
    const TestWorld world(8, 4);
    AssignmentView view;
    view.resize(1000, 600);
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    const QString full = view.sectionTitles().first();
    QCOMPARE(view.shownSectionTitle(0), full);
    view.resize(180, 600);
    view.setFrame(world.catalog(), world.evenSnapshot(), 2);
    const QString shown = view.shownSectionTitle(0);
    QVERIFY2(shown.endsWith(QChar(0x2026)), qPrintable(shown));
    QVERIFY2(shown.size() < full.size(), qPrintable(shown));
    // What is kept is the title's start: the group's name.
    QVERIFY(full.startsWith(shown.chopped(1)));
    QVERIFY(QFontMetricsF(view.font()).horizontalAdvance(shown)
        <= view.layout().sections().first().title.width());
    QCOMPARE(view.shownSectionTitle(1), QString());
}

void tst_AssignmentView::hitTestAndSelection()
{
    const TestWorld world(8, 2);
    AssignmentView view;
    view.resize(1000, 600);
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    QSignalSpy spy(&view, &AssignmentView::selectionChanged);
    const TileItem tile = view.tiles().first();
    QCOMPARE(view.hitTest(tile.target.center()), Selection::queue(tile.queue));
    const auto &card = view.layout().cards().at(1);
    QCOMPARE(view.hitTest(card.header.center()), Selection::consumer(card.consumer));
    QTest::mouseClick(&view, Qt::LeftButton, {}, card.header.center().toPoint());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(view.selection(), Selection::consumer(card.consumer));
}

void tst_AssignmentView::exportsImageAndSvg()
{
    const TestWorld world(16, 4);
    AssignmentView view;
    view.resize(800, 500);
    QList<QList<qint32>> owners;
    for (int q = 0; q < world.queueCount(); ++q) {
        owners.append(QList<qint32> { q % 3 });
    }
    owners[5] = { 0, 1 };
    owners[6] = {};
    view.setFrame(world.catalog(),
        world.snapshot(owners,
            { ConsumerState::Running, ConsumerState::Running, ConsumerState::Running,
                ConsumerState::Killed }),
        1);
    view.settle();
    const QImage image = view.exportImage(2.0);
    QCOMPARE(image.size(), QSize(1600, 1000));
    if (qEnvironmentVariableIsSet("RBLAB_VIEW_IMAGE")) {
        image.save(qEnvironmentVariable("RBLAB_VIEW_IMAGE")); // for looking at it
    }
    // Not blank: the cards and tiles put many colours on it.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7) {
            colours.insert(image.pixel(x, y));
        }
    }
    QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
    const QString path = QDir::temp().filePath(QStringLiteral("tst_assignmentview.svg"));
    QString error;
    QVERIFY2(view.exportSvg(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray svg = file.readAll();
    QVERIFY(svg.contains("<svg"));
    QVERIFY(svg.count("<path") + svg.count("<rect") > 20);
    file.remove();
}

void tst_AssignmentView::followsDarkPalette()
{
    const TestWorld world(16, 4);
    AssignmentView view;
    view.resize(800, 500);
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(45, 45, 48));
    dark.setColor(QPalette::Base, QColor(30, 30, 32));
    dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    view.setPalette(dark);
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    const QImage image = view.exportImage(1.0);
    if (qEnvironmentVariableIsSet("RBLAB_VIEW_IMAGE_DARK")) {
        image.save(qEnvironmentVariable("RBLAB_VIEW_IMAGE_DARK"));
    }
    // The background follows the palette, and so do the cards (no light cards on a dark base).
    QVERIFY(QColor(image.pixel(2, image.height() - 2)).lightnessF() < 0.2);
    const QRectF card = view.layout().cards().first().rect;
    const QPoint inside = (card.bottomRight() - QPointF(12, 12)).toPoint();
    QVERIFY2(QColor(image.pixel(inside)).lightnessF() < 0.5,
        qPrintable(QColor(image.pixel(inside)).name()));
}

QTEST_MAIN(tst_AssignmentView)
#include "tst_assignmentview.moc"
