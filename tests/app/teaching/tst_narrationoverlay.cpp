// SPDX-License-Identifier: Apache-2.0
// The narration callouts over the assignment view: which note shows when, in which language,
// what it points at (a card, a tile), where its box is drawn, and the pause it asks for once.
#include "testworld.h"

#include <assignment/assignmentview.h>
#include <teaching/narrationoverlay.h>

#include <QLocale>
#include <QSignalSpy>
#include <QTest>

using namespace Rblab;

class tst_NarrationOverlay : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void showsTheNoteOfTheTime_data();
    void showsTheNoteOfTheTime();
    void pointsAtCardsAndTiles();
    void pausesOncePerNoteAndRun();
    void chineseText();
    void boxIsPainted();
    void boxLeavesTheCardsVisibleAtPresenterZoom();
    void boxAvoidsTheTiles();
    void boxNeverHidesWhatItPointsAt();

private:
    static QList<NarrationNote> notes();
    //! One English note at 0 s.
    static NarrationNote noteAtStart(const QString &text, const QStringList &focus = {});
};

NarrationNote tst_NarrationOverlay::noteAtStart(const QString &text, const QStringList &focus)
{
    NarrationNote note;
    note.at = 0;
    note.text = { { QStringLiteral("en"), text } };
    note.focus = focus;
    return note;
}

QList<NarrationNote> tst_NarrationOverlay::notes()
{
    NarrationNote first;
    first.at = 10 * kSecond;
    first.text = { { QStringLiteral("en"), QStringLiteral("watch c2") },
        { QStringLiteral("zh_CN"), QStringLiteral("看 c2") } };
    // Consumer 2 (10.0.0.2@1001 in TestWorld) and queue broker-a/1 of TopicTest.
    first.focus = { QStringLiteral("10.0.0.2@1001"), QStringLiteral("broker-a/1") };
    NarrationNote second;
    second.at = 30 * kSecond;
    second.text = { { QString(), QStringLiteral("plain") } };
    second.pause = true;
    return { first, second };
}

void tst_NarrationOverlay::showsTheNoteOfTheTime_data()
{
    QTest::addColumn<qint64>("now");
    QTest::addColumn<int>("note");
    QTest::newRow("before the first") << qint64(9999) << -1;
    QTest::newRow("at the first") << qint64(10000) << 0;
    QTest::newRow("until the next") << qint64(29999) << 0;
    QTest::newRow("at the last") << qint64(30000) << 1;
    QTest::newRow("last stays 20 s") << qint64(49999) << 1;
    QTest::newRow("then goes") << qint64(50000) << -1;
}

void tst_NarrationOverlay::showsTheNoteOfTheTime()
{
    QFETCH(qint64, now);
    QFETCH(int, note);
    TestWorld world(16, 4);
    AssignmentView view;
    view.resize(1200, 700);
    NarrationOverlay overlay(&view);
    overlay.setNarration(notes());
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    overlay.setTime(world.catalog(), now, 1);
    QCOMPARE(overlay.currentNote(), note);
    QCOMPARE(overlay.isVisibleTo(&view), note >= 0);
    QCOMPARE(overlay.currentText(),
        note == 0       ? QStringLiteral("watch c2")
            : note == 1 ? QStringLiteral("plain")
                        : QString());
}

void tst_NarrationOverlay::pointsAtCardsAndTiles()
{
    TestWorld world(16, 4);
    AssignmentView view;
    view.resize(1200, 700);
    NarrationOverlay overlay(&view);
    overlay.setNarration(notes());
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    overlay.setTime(world.catalog(), 12 * kSecond, 1);
    QCOMPARE(overlay.geometry(), view.rect());
    // One card and one tile (broker-a/1 is held by one consumer; the retry queue is not it).
    QCOMPARE(overlay.targets().size(), 2);
    const int card = view.layout().cardOf(1);
    QVERIFY(card >= 0);
    QCOMPARE(overlay.targets().at(0), view.layout().cards().at(card).rect);
    qint32 queue = -1;
    for (qint32 q = 0; q < world.catalog()->queues.size(); ++q) {
        const QueueInfo &info = world.catalog()->queues.at(q);
        if (!info.retry && info.brokerName == QLatin1String("broker-a") && info.queueId == 1) {
            queue = q;
        }
    }
    QVERIFY(queue >= 0);
    bool found = false;
    for (const TileItem &tile : view.tiles()) {
        found = found || (tile.queue == queue && tile.target == overlay.targets().at(1));
    }
    QVERIFY(found);
    // The box sits in a bottom corner, 12 px in, inside the view.
    const QRectF box = overlay.boxRect();
    QVERIFY(QRectF(view.rect()).contains(box));
    QCOMPARE(box.bottom(), 700.0 - 12);
}

void tst_NarrationOverlay::pausesOncePerNoteAndRun()
{
    TestWorld world(16, 4);
    AssignmentView view;
    view.resize(1200, 700);
    NarrationOverlay overlay(&view);
    overlay.setNarration(notes());
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    QSignalSpy spy(&overlay, &NarrationOverlay::pauseRequested);
    overlay.setTime(world.catalog(), 0, 1);
    overlay.setTime(world.catalog(), 12 * kSecond, 1); // a note without pause
    QCOMPARE(spy.count(), 0);
    overlay.setTime(world.catalog(), 30500, 1);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 1);
    overlay.setTime(world.catalog(), 31 * kSecond, 1); // still the same note: no second pause
    overlay.setTime(world.catalog(), 40 * kSecond, 1);
    QCOMPARE(spy.count(), 1);
    // Back before it and forward again: it pauses again.
    overlay.setTime(world.catalog(), 20 * kSecond, 1);
    overlay.setTime(world.catalog(), 30 * kSecond, 1);
    QCOMPARE(spy.count(), 2);
    // A new run that starts past the note (a restored session jumping to 35 s) does not pause.
    overlay.setTime(world.catalog(), 35 * kSecond, 2);
    QCOMPARE(overlay.currentNote(), 1);
    QCOMPARE(spy.count(), 2);
}

void tst_NarrationOverlay::chineseText()
{
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    TestWorld world(16, 4);
    AssignmentView view;
    view.resize(1200, 700);
    NarrationOverlay overlay(&view);
    overlay.setNarration(notes());
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    overlay.setTime(world.catalog(), 12 * kSecond, 1);
    QCOMPARE(overlay.currentText(), QStringLiteral("看 c2"));
    // No zh_CN text: the plain one.
    overlay.setTime(world.catalog(), 31 * kSecond, 1);
    QCOMPARE(overlay.currentText(), QStringLiteral("plain"));
}

void tst_NarrationOverlay::boxIsPainted()
{
    TestWorld world(16, 4);
    AssignmentView view;
    view.resize(1200, 700);
    NarrationOverlay overlay(&view);
    overlay.setNarration(notes());
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    overlay.setTime(world.catalog(), 12 * kSecond, 1);
    view.settle();
    const QImage image = view.grab().toImage();
    const QRectF box = overlay.boxRect();
    // The box's fill (0xfff4c2 at alpha 240 over the view) just inside its left edge, between
    // the border and the text.
    const QColor fill = image.pixelColor(QPoint(int(box.left()) + 6, int(box.center().y())));
    QVERIFY2(fill.red() > 240 && fill.green() > 230 && fill.blue() > 180 && fill.blue() < 215,
        qPrintable(fill.name()));
}

QTEST_MAIN(tst_NarrationOverlay)
void tst_NarrationOverlay::boxLeavesTheCardsVisibleAtPresenterZoom()
{
    // Presenter zoom 200 % on 1280×720: the view is about 830×290 and its font twice the size;
    // a 45 %-wide box at 1.3× that font was taller than the cards and covered three of six.
    TestWorld world(16, 6);
    AssignmentView view;
    QFont font = view.font();
    font.setPointSizeF(font.pointSizeF() * 2);
    view.setFont(font);
    view.resize(830, 290);
    NarrationOverlay overlay(&view);
    overlay.setNarration({ noteAtStart(
        QStringLiteral("Graceful shutdown of 10.0.0.1@1001: it persists its offsets and "
                       "unregisters, and the five others rebalance at once (same second), with no "
                       "duplicates.")) });
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    overlay.setTime(world.catalog(), 0, 1);
    const QRectF box = overlay.boxRect();
    QVERIFY(QRectF(view.rect()).contains(box));
    QVERIFY2(box.height() <= 290 * NarrationOverlay::kMaxHeightShare + 1,
        qPrintable(QStringLiteral("%1 px of 290").arg(box.height())));
    QVERIFY2(box.width() <= 830 * 0.8 + 2 * 12 + 1, qPrintable(QString::number(box.width())));
    // Never below the presenter's own font size.
    QVERIFY(overlay.boxScale() >= 1.0);
    QVERIFY(overlay.boxScale() < 1.3);
    // Back to 100 % (the font alone changes, as presenter zoom does, paused: no new time):
    // laid out again in the smaller font. Six cards fill this short view: a 1.3× box would hide
    // tiles wherever it went, so it keeps the view's own font size (issue 37 item 3: it
    // shrinks before it covers).
    const qreal zoomedHeight = box.height();
    view.setFont(QFont());
    QVERIFY(overlay.boxScale() >= 1.0);
    QVERIFY(overlay.boxRect().height() < zoomedHeight);
    // With room (the same view at 1600×1000 and 100 %), the box keeps 1.3× and 45 %.
    view.resize(1100, 600);
    overlay.setGeometry(view.rect()); // what the view's resize event does once it is shown
    overlay.setTime(world.catalog(), 2, 1);
    QCOMPARE(overlay.boxScale(), 1.3);
    QVERIFY(overlay.boxRect().width() <= 1100 * 0.45 + 2 * 12 + 1);
}

#include "tst_narrationoverlay.moc"

// The bottom-right corner is full of the last consumer's tiles while the other cards have room
// below theirs: the box goes where it hides no tile (it used to take the right corner whenever
// the left one hid no fewer targets, here none, and hid the tiles under it).
void tst_NarrationOverlay::boxAvoidsTheTiles()
{
    TestWorld world(48, 4);
    QList<QList<qint32>> owners;
    for (int q = 0; q < world.queueCount(); ++q) {
        owners.append(QList<qint32> { q < 46 ? 3 : q % 3 });
    }
    AssignmentView view;
    view.resize(1200, 300);
    NarrationOverlay overlay(&view);
    overlay.setNarration({ noteAtStart(QStringLiteral("One consumer holds most queues.")) });
    view.setFrame(world.catalog(), world.snapshot(owners), 1);
    view.settle();
    overlay.setTime(world.catalog(), 0, 1);
    const QRectF box = overlay.boxRect();
    QVERIFY(QRectF(view.rect()).contains(box));
    const auto tilesUnder = [&view](const QRectF &r) {
        int n = 0;
        for (const TileItem &tile : view.tiles()) {
            n += r.intersects(tile.target) ? 1 : 0;
        }
        return n;
    };
    const QRectF corner(
        QPointF(view.width() - box.width() - 12, view.height() - box.height() - 12), box.size());
    QVERIFY2(tilesUnder(corner) >= 3, qPrintable(QString::number(tilesUnder(corner))));
    QCOMPARE(tilesUnder(box), 0);
    // It stays while the note shows, even as tiles move under it (a box that jumps is lost).
    owners[0] = QList<qint32> { 0 };
    view.setFrame(world.catalog(), world.snapshot(owners), 2);
    view.settle();
    overlay.setTime(world.catalog(), 1000, 1);
    QCOMPARE(overlay.boxRect(), box);
}

// The note points at the only card, whose empty body under the bottom-right corner hides no
// tile: the box goes above it (the targets are found before the place is chosen; a place
// chosen without them hid the card).
void tst_NarrationOverlay::boxNeverHidesWhatItPointsAt()
{
    TestWorld world(4, 1);
    AssignmentView view;
    view.resize(1200, 400);
    NarrationOverlay overlay(&view);
    overlay.setNarration({ noteAtStart(
        QStringLiteral("This consumer is the slow one: watch its cache climb to the threshold "
                       "and its pulls wait 50 ms at a time."),
        { QStringLiteral("10.0.0.1@1000") }) });
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    view.settle();
    overlay.setTime(world.catalog(), 0, 1);
    QCOMPARE(overlay.targets().size(), 1);
    const QRectF box = overlay.boxRect();
    const QRectF corner(
        QPointF(view.width() - box.width() - 12, view.height() - box.height() - 12), box.size());
    QVERIFY(corner.intersects(overlay.targets().constFirst()));
    QVERIFY(!box.intersects(overlay.targets().constFirst()));
}
