// SPDX-License-Identifier: Apache-2.0
// The narration callouts of the bundled lessons in the real window (issue 37 item 3): the box
// never covers the card it points at nor the tiles that just moved, at 100 %, 150 % and 200 %
// zoom, in English and Chinese, on 1280×720 and 1600×1000; the rings follow the cards through
// a resize and a zoom; a note ends when its consumer leaves the view.
#include <assignment/assignmentview.h>
#include <charts/chartpanel.h>
#include <document/scenariodocument.h>
#include <languagemanager.h>
#include <mainwindow.h>
#include <simulation/simulationcontroller.h>
#include <teaching/calloutplacement.h>
#include <teaching/narrationoverlay.h>
#include <windowactions.h>

#include <allocation/strategyregistry.h>

#include <QApplication>
#include <QPainter>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace Rblab;

class tst_NarrationCallouts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void placementNeverCoversTheFocus();
    void placementShrinksBeforeItCovers();
    void calloutNeverCoversItsFocus_data();
    void calloutNeverCoversItsFocus();
    void placementSpillsWhenEveryLayoutIsTall();
    void shortViewKeepsEveryCardReadable_data();
    void shortViewKeepsEveryCardReadable();
    void laneMovesBesideItsTitleOnlyWhenShort();
    void calloutFollowsItsCardThroughResizeAndZoom();
    void noteEndsWhenItsConsumerLeavesTheView();

private:
    //! A window at `size`, `zoom` % and in `language`, on `scenario` run to `at`.
    void open(
        const QString &scenario, SimTime at, int zoom, const QString &language, const QSize &size);
    //! Lets the window lay itself out (docks, splitter, view) after a change.
    static void settle();
    NarrationOverlay *overlay() const;
    //! The catalog index of the consumer named `name`, or -1.
    qint32 consumerNamed(const QString &name) const;
    //! The view rects of the cards of the current note's consumers.
    QList<QRectF> focusCards() const;
    /*!
        The tiles of the focused consumers' groups whose process queue was made since
        kMovedBefore before the note (after the run's first assignment): found here from the
        snapshot, not taken from the overlay.
    */
    QList<QRectF> movedTiles() const;
    static QString describe(const QRectF &r);

    StrategyRegistry m_registry;
    LanguageManager m_languages;
    std::unique_ptr<MainWindow> m_window;
};

void tst_NarrationCallouts::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("rebalance-lab-tests"));
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY2(
        m_registry.find(QStringLiteral("AVG")), "the AVG plugin must load from the build tree");
}

void tst_NarrationCallouts::cleanup()
{
    m_window.reset();
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

void tst_NarrationCallouts::settle()
{
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
    }
}

void tst_NarrationCallouts::open(
    const QString &scenario, SimTime at, int zoom, const QString &language, const QSize &size)
{
    QVERIFY(m_languages.setLanguage(language));
    m_window = std::make_unique<MainWindow>(m_registry, m_languages);
    m_window->setQuiet(true);
    m_window->resize(size);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->windowActions()->setZoom(zoom);
    QVERIFY2(m_window->openScenario(scenario), qPrintable(m_window->lastError()));
    m_window->controller()->setPlaying(false);
    m_window->controller()->runTo(at);
    QCOMPARE(m_window->controller()->now(), at);
    m_window->assignmentView()->settle();
    settle();
}

NarrationOverlay *tst_NarrationCallouts::overlay() const
{
    return m_window->findChild<NarrationOverlay *>(QStringLiteral("NarrationOverlay"));
}

qint32 tst_NarrationCallouts::consumerNamed(const QString &name) const
{
    const CatalogPtr catalog = m_window->controller()->catalog();
    for (qint32 c = 0; catalog && c < catalog->consumers.size(); ++c) {
        if (catalog->consumers.at(c).name == name) {
            return c;
        }
    }
    return -1;
}

QList<QRectF> tst_NarrationCallouts::focusCards() const
{
    const NarrationOverlay *o = overlay();
    const QList<NarrationNote> &notes = m_window->document()->scenario().narration;
    QList<QRectF> cards;
    if (o->currentNote() < 0 || o->currentNote() >= notes.size()) {
        return cards;
    }
    const AssignmentLayout &layout = m_window->assignmentView()->layout();
    for (const QString &name : notes.at(o->currentNote()).focus) {
        const int card = layout.cardOf(consumerNamed(name));
        if (card >= 0) {
            cards.append(layout.cards().at(card).rect);
        }
    }
    return cards;
}

QList<QRectF> tst_NarrationCallouts::movedTiles() const
{
    const NarrationOverlay *o = overlay();
    const NarrationNote &note = m_window->document()->scenario().narration.at(o->currentNote());
    const CatalogPtr catalog = m_window->controller()->catalog();
    const AssignmentView *view = m_window->assignmentView();
    QList<qint32> groups;
    for (const QString &name : note.focus) {
        groups.append(catalog->consumers.at(consumerNamed(name)).groupIndex);
    }
    const SimTime now = m_window->controller()->now();
    QList<QRectF> moved;
    for (const SnapshotHolding &h : view->snapshot().holdings) {
        if (h.createdAt <= 0 || h.createdAt < note.at - NarrationOverlay::kMovedBefore
            || h.createdAt > now
            || !groups.contains(catalog->consumers.at(h.consumer).groupIndex)) {
            continue;
        }
        for (const TileItem &tile : view->tiles()) {
            if (tile.queue == h.queue && tile.consumer == h.consumer
                && !(tile.flags & TileItem::Overflow)) {
                moved.append(tile.target);
            }
        }
    }
    return moved;
}

QString tst_NarrationCallouts::describe(const QRectF &r)
{
    return QStringLiteral("%1,%2 %3×%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

void tst_NarrationCallouts::placementNeverCoversTheFocus()
{
    // A focus in the bottom-right corner, where the box goes first: it goes elsewhere.
    CalloutPlacement::Input in;
    in.area = QRectF(12, 30, 800, 400);
    in.focus = { QRectF(560, 300, 250, 130) };
    in.sizes = { QSizeF(300, 100) };
    const CalloutPlacement::Result r = CalloutPlacement::place(in);
    QCOMPARE(r.size, 0);
    QCOMPARE(r.scale, 1.0);
    QVERIFY(in.area.contains(r.box));
    QVERIFY(CalloutPlacement::keepsClear(r.box, in.focus));
    QCOMPARE(r.box.bottomLeft(), QPointF(12, 430)); // the other bottom corner
    // A focus that fills the area but a strip at its left: the box is drawn smaller, beside it.
    in.focus = { QRectF(200, 30, 612, 400) };
    const CalloutPlacement::Result squeezed = CalloutPlacement::place(in);
    QVERIFY(!squeezed.box.isNull());
    QVERIFY(squeezed.scale < 1);
    QVERIFY(squeezed.box.right() <= 200 - CalloutPlacement::kClearance);
    QVERIFY(CalloutPlacement::keepsClear(squeezed.box, in.focus));
    // No room at all: no box (the rings alone), never one over the focus.
    in.focus = { in.area };
    QVERIFY(CalloutPlacement::place(in).box.isNull());
}

void tst_NarrationCallouts::placementShrinksBeforeItCovers()
{
    // Cards' tiles everywhere but a 200 px column at the left: the wide layout would hide tiles
    // anywhere, the narrow one hides none.
    CalloutPlacement::Input in;
    in.area = QRectF(0, 0, 1000, 500);
    for (int x = 220; x < 1000; x += 40) {
        for (int y = 0; y < 500; y += 40) {
            in.tiles.append(QRectF(x, y, 36, 36));
        }
    }
    in.sizes = { QSizeF(450, 120), QSizeF(190, 260) };
    const CalloutPlacement::Result r = CalloutPlacement::place(in);
    QCOMPARE(r.size, 1);
    QCOMPARE(r.hidden, 0.0);
    QVERIFY(r.box.right() <= 220);
}

void tst_NarrationCallouts::calloutNeverCoversItsFocus_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<qint64>("at");
    QTest::addColumn<int>("zoom");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    const struct
    {
        const char *name;
        QString path;
        SimTime at;
    } lessons[] = {
        { "default 0:06", MainWindow::defaultScenarioPath(), 6 * kSecond },
        { "push-vs-pop-kill 2:05", QStringLiteral(":/scenarios/push-vs-pop-kill.json"),
            125 * kSecond },
    };
    for (const auto &lesson : lessons) {
        for (const int zoom : { 100, 150, 200 }) {
            for (const QString &language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
                for (const QSize &size : { QSize(1280, 720), QSize(1600, 1000) }) {
                    QTest::addRow("%s %d %% %s %dx%d", lesson.name, zoom, qPrintable(language),
                        size.width(), size.height())
                        << lesson.path << qint64(lesson.at) << zoom << language << size;
                }
            }
        }
    }
}

void tst_NarrationCallouts::calloutNeverCoversItsFocus()
{
    QFETCH(QString, scenario);
    QFETCH(qint64, at);
    QFETCH(int, zoom);
    QFETCH(QString, language);
    QFETCH(QSize, size);
    open(scenario, at, zoom, language, size);
    NarrationOverlay *o = overlay();
    QVERIFY(o);
    QVERIFY(o->isCalloutShown());
    QVERIFY(o->isVisible());
    const QRectF box = o->boxRect();
    QVERIFY2(!box.isNull(), "a box with room beside its focus");
    // In the view, or over the charts (mapped into the view's coordinates) at presenter zoom.
    const AssignmentView *view = m_window->assignmentView();
    const QWidget *charts = m_window->chartPanel();
    const QRectF chartsRect(QPointF(charts->mapTo(m_window.get(), QPoint()))
            - QPointF(view->mapTo(m_window.get(), QPoint())),
        QSizeF(charts->size()));
    QVERIFY2(o->boxOverCharts() ? chartsRect.contains(box) : QRectF(view->rect()).contains(box),
        qPrintable(describe(box)));
    const QList<QRectF> cards = focusCards();
    QCOMPARE(cards.size(), 2 - (at == 6 * kSecond ? 1 : 0)); // default: one card; the lesson: two
    for (const QRectF &card : cards) {
        QVERIFY2(!box.intersects(card),
            qPrintable(QStringLiteral("box %1 over card %2").arg(describe(box), describe(card))));
    }
    const QList<QRectF> moved = movedTiles();
    // Both moments are just after a kill: the killed consumers' queues are on the others' cards.
    QVERIFY2(moved.size() >= 3, qPrintable(QString::number(moved.size())));
    for (const QRectF &tile : moved) {
        QVERIFY2(!box.intersects(tile),
            qPrintable(QStringLiteral("box %1 over tile %2").arg(describe(box), describe(tile))));
    }
    // The rings are on the cards as laid out now.
    QCOMPARE(o->targets(), cards);
    // Readable: never below the presenter's own font size (the room over the charts is there
    // when the view has none).
    QVERIFY2(o->boxScale() >= 1.0, qPrintable(QString::number(o->boxScale())));
}

void tst_NarrationCallouts::placementSpillsWhenEveryLayoutIsTall()
{
    // A view 200 px tall (200 % in a 1280×720 window): every layout of the box is "tall", yet
    // the charts below have room. The box goes there, not over the other cards' names.
    CalloutPlacement::Input in;
    in.area = QRectF(8, 8, 900, 190);
    in.focus = { QRectF(8, 100, 150, 100) };
    for (int card = 1; card < 6; ++card) {
        in.texts.append(QRectF(8 + card * 155, 100, 150, 70));
        in.tiles.append(QRectF(8 + card * 155, 175, 150, 20));
    }
    in.sizes = { QSizeF(760, 150), QSizeF(600, 180) };
    in.fallbackFrom = 0;
    in.spill = QRectF(8, 280, 900, 200);
    const CalloutPlacement::Result r = CalloutPlacement::place(in);
    QVERIFY(r.spilled);
    QCOMPARE(r.size, 0);
    QCOMPARE(r.scale, 1.0);
    QVERIFY(in.spill.contains(r.box));
    QCOMPARE(r.box.top(), 280.0);
}

void tst_NarrationCallouts::shortViewKeepsEveryCardReadable_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<qint64>("at");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("statesInWords");
    const QString kfs = QStringLiteral(":/scenarios/kill-freeze-shutdown.json");
    const QString pvp = QStringLiteral(":/scenarios/push-vs-pop-kill.json");
    for (const QString &language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        for (const QSize &size : { QSize(1280, 720), QSize(1600, 1000) }) {
            QTest::addRow("kill-freeze-shutdown 2:30 %s %dx%d", qPrintable(language), size.width(),
                size.height())
                << kfs << qint64(150 * kSecond) << language << size << true;
            // Two groups in Chinese at 1280×720: 75 px for cards whose two lines of a CJK face
            // need 89; they keep their names above the cells (the state is the card's colour).
            const bool words = language == QLatin1String("en") || size.height() > 720;
            QTest::addRow(
                "push-vs-pop-kill 2:05 %s %dx%d", qPrintable(language), size.width(), size.height())
                << pvp << qint64(125 * kSecond) << language << size << words;
        }
    }
}

void tst_NarrationCallouts::shortViewKeepsEveryCardReadable()
{
    // At 200 %: kill-freeze-shutdown in Chinese on 1280×720 left the cards 57 px under a
    // two-row legend, so the shut-down card said nothing, and the note's box went over the
    // other five cards' names (and, shrunk, was unreadable). push-vs-pop-kill's two groups had
    // 17 px of cards under their titles and lanes: strips of cells without names.
    QFETCH(QString, scenario);
    QFETCH(qint64, at);
    QFETCH(QString, language);
    QFETCH(QSize, size);
    QFETCH(bool, statesInWords);
    open(scenario, at, 200, language, size);
    const AssignmentView *view = m_window->assignmentView();
    const AssignmentLayout &layout = view->layout();
    QVERIFY(layout.cards().size() >= 6);
    const qreal line = layout.lineHeight();
    const QString heights = QStringLiteral("cards %1 high, lines %2")
                                .arg(layout.cards().first().rect.height())
                                .arg(line);
    QCOMPARE(layout.cardsSayTheirState(), statesInWords);
    for (const AssignmentLayout::Card &card : layout.cards()) {
        // The name, and the state (with the count) under it.
        QVERIFY2(card.header.height() >= (statesInWords ? 2 : 1) * line, qPrintable(heights));
        QVERIFY(QRectF(view->rect()).contains(card.rect));
    }
    NarrationOverlay *o = overlay();
    QVERIFY(o && o->isCalloutShown());
    const QRectF box = o->boxRect();
    QVERIFY2(!box.isNull(), "a box");
    QVERIFY2(o->boxScale() >= 1.0, qPrintable(QString::number(o->boxScale())));
    for (const AssignmentLayout::Card &card : layout.cards()) {
        QVERIFY2(!box.intersects(card.header),
            qPrintable(QStringLiteral("box %1 over the header %2 of consumer %3")
                           .arg(describe(box), describe(card.header))
                           .arg(card.consumer)));
    }
}

void tst_NarrationCallouts::laneMovesBesideItsTitleOnlyWhenShort()
{
    // push-vs-pop-kill at 200 % on 1280×720: each lane beside its group's title, one line tall,
    // and the cards that gained the room say their state with the count beside the name.
    open(QStringLiteral(":/scenarios/push-vs-pop-kill.json"), 125 * kSecond, 200,
        QStringLiteral("en"), QSize(1280, 720));
    const AssignmentLayout &layout = m_window->assignmentView()->layout();
    QCOMPARE(layout.sections().size(), 2);
    for (const AssignmentLayout::Section &section : layout.sections()) {
        QVERIFY(section.inlineLane);
        QCOMPARE(section.lane.top(), section.title.top());
        QVERIFY(section.lane.left() >= section.title.right());
        QVERIFY(section.stateLine);
    }
    QCOMPARE(layout.legend().height(), 0.0);
    // Narrower cards, too short for the count's own line: the count goes beside the name and
    // the state keeps its line (the rebalance line used to win, and no card said its state).
    AssignmentLayout narrow = layout;
    const AssignmentView *view = m_window->assignmentView();
    // (260 px: the view's height in the app's window at this size, with the lesson's banner.)
    narrow.compute(
        *m_window->controller()->catalog(), QSizeF(640, 260), view->font(), layout.tilesPerCard());
    for (const AssignmentLayout::Section &section : narrow.sections()) {
        QVERIFY(section.stateLine);
        QVERIFY(section.countOnName);
        QVERIFY(!section.countLine);
        QVERIFY(!section.scheduleLine);
    }
    // At 100 % on 1600×1000 there is room: the lane under the title, the legend shown.
    open(QStringLiteral(":/scenarios/push-vs-pop-kill.json"), 125 * kSecond, 100,
        QStringLiteral("en"), QSize(1600, 1000));
    const AssignmentLayout &roomy = m_window->assignmentView()->layout();
    for (const AssignmentLayout::Section &section : roomy.sections()) {
        QVERIFY(!section.inlineLane);
        QVERIFY(section.lane.top() >= section.title.bottom());
    }
    QVERIFY(roomy.legend().height() > 0);
}

void tst_NarrationCallouts::calloutFollowsItsCardThroughResizeAndZoom()
{
    open(MainWindow::defaultScenarioPath(), 6 * kSecond, 100, QStringLiteral("en"),
        QSize(1600, 1000));
    NarrationOverlay *o = overlay();
    AssignmentView *view = m_window->assignmentView();
    QVERIFY(o->isCalloutShown());
    const QList<QRectF> before = focusCards();
    QCOMPARE(before.size(), 1);
    QCOMPARE(o->targets(), before);
    const auto ringAt = [&](const QRectF &card) {
        // The ring's left edge, half way down: the ring's ink (0xc06a00), not the card's.
        view->settle();
        // The overlay is above the view and the charts: grab the window, as on screen.
        const QImage image = m_window->grab().toImage();
        const QPoint at
            = view->mapTo(m_window.get(), QPointF(card.left() - 3, card.center().y()).toPoint());
        const QColor c = image.pixelColor(at * image.devicePixelRatio());
        return c.red() > 150 && c.green() > 70 && c.green() < 140 && c.blue() < 60;
    };
    QVERIFY(ringAt(before.constFirst()));
    const auto follows = [&](const char *what) {
        const QList<QRectF> now = focusCards();
        QCOMPARE(now.size(), 1);
        QCOMPARE(o->targets().size(), 1);
        const QRectF card = now.constFirst();
        const QRectF target = o->targets().constFirst();
        QVERIFY2(std::abs(target.left() - card.left()) <= 1
                && std::abs(target.top() - card.top()) <= 1
                && std::abs(target.right() - card.right()) <= 1
                && std::abs(target.bottom() - card.bottom()) <= 1,
            qPrintable(QStringLiteral("%1: ring %2, card %3")
                           .arg(QLatin1String(what), describe(target), describe(card))));
        QVERIFY2(!o->boxRect().intersects(card), what);
        for (const QRectF &tile : movedTiles()) {
            QVERIFY2(!o->boxRect().intersects(tile), what);
        }
        QVERIFY2(ringAt(card), what);
    };
    // The window shrinks (1600×1000 → 1280×720): the card moves, the ring and line with it.
    m_window->resize(1280, 720);
    settle();
    QVERIFY(focusCards().constFirst() != before.constFirst());
    follows("after the resize");
    // Presenter zoom while paused (no new frame): the cards are laid out again at once.
    const QRectF atFull = focusCards().constFirst();
    m_window->windowActions()->setZoom(200);
    settle();
    QVERIFY(focusCards().constFirst() != atFull);
    follows("at 200 %");
    m_window->windowActions()->setZoom(100);
    settle();
    follows("back at 100 %");
}

void tst_NarrationCallouts::noteEndsWhenItsConsumerLeavesTheView()
{
    // The default scenario's first note (5 s) points at 10.0.0.2@1002, killed at 0:04; the next
    // note is at 9:26. Once the churn has brought the group past CardVisibility::kFewConsumers
    // the dead consumer's card is left out: the note must end then, not point at nothing.
    open(MainWindow::defaultScenarioPath(), 5 * kSecond, 100, QStringLiteral("en"),
        QSize(1280, 720));
    NarrationOverlay *o = overlay();
    AssignmentView *view = m_window->assignmentView();
    const qint32 killed = consumerNamed(QStringLiteral("10.0.0.2@1002"));
    QVERIFY(killed >= 0);
    QCOMPARE(o->currentNote(), 0);
    QVERIFY(o->isCalloutShown());
    SimTime hiddenAt = -1;
    for (SimTime t = 5 * kSecond; t < 566 * kSecond; t += kSecond) {
        m_window->controller()->runTo(t);
        QCOMPARE(o->currentNote(), 0);
        const bool carded = view->layout().cardOf(killed) >= 0;
        QCOMPARE(o->isCalloutShown(), carded);
        QCOMPARE(o->isVisible(), carded);
        if (!carded) {
            hiddenAt = t;
            break;
        }
    }
    QVERIFY2(hiddenAt > 0, "the killed consumer's card is left out before 9:26");
    qInfo("the card of 10.0.0.2@1002 leaves the view at %lld s", hiddenAt / kSecond);
    // It stays ended while its consumer is out of the view, until the next note.
    m_window->controller()->runTo(hiddenAt + 60 * kSecond);
    QCOMPARE(o->currentNote(), 0);
    QVERIFY(!o->isCalloutShown());
    // The clip export paints nothing for it either.
    QImage image(view->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    o->paintCallout(painter);
    painter.end();
    QImage blank(view->size(), QImage::Format_ARGB32_Premultiplied);
    blank.fill(Qt::transparent);
    QVERIFY(image == blank);
    // The next note (9:26) shows again: its consumer is on screen (played up to it: after a
    // jump the departed are left out at once).
    for (SimTime t = hiddenAt + 60 * kSecond; t <= 567 * kSecond; t += 10 * kSecond) {
        m_window->controller()->runTo(t);
    }
    m_window->controller()->runTo(567 * kSecond);
    QCOMPARE(o->currentNote(), 1);
    QVERIFY(o->isCalloutShown());
}

QTEST_MAIN(tst_NarrationCallouts)
#include "tst_narrationcallouts.moc"
