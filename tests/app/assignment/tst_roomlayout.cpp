// SPDX-License-Identifier: Apache-2.0
// The assignment view and its panels in a real room (issue 10, build 4): departed consumers
// leave, names keep their distinguishing end, compact tiles keep their labels, time reads as a
// clock, tooltips claim the broker lock only where there is one, settings say what is pending.
#include "testworld.h"

#include <assignment/assignmenttooltip.h>
#include <assignment/assignmentview.h>
#include <assignment/cardnames.h>
#include <simulation/settingspanel.h>
#include <charts/timeaxis.h>

#include <QCategoryAxis>
#include <QFontMetricsF>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

using namespace Rblab;

class tst_RoomLayout : public QObject
{
    Q_OBJECT

private slots:
    void departedAndNotStartedCardsLeave_data();
    void departedAndNotStartedCardsLeave();
    void aKillLingersBeforeTheCardGoes();
    void hidingCanBeSwitchedOff();
    void compactTilesCarryTheirLabels_data();
    void compactTilesCarryTheirLabels();
    void namesKeepTheirDistinguishingEnd_data();
    void namesKeepTheirDistinguishingEnd();
    void manyCardsShowDistinctNames();
    void shownNamesStayDistinctAndSayTheyWereCut_data();
    void shownNamesStayDistinctAndSayTheyWereCut();
    void lockIsClaimedOnlyInOrderlyGroups_data();
    void lockIsClaimedOnlyInOrderlyGroups();
    void timeReadsAsAClock_data();
    void timeReadsAsAClock();
    void timeAxisLabelsNeverTouch_data();
    void timeAxisLabelsNeverTouch();
    void timeAxisLabelsFitQtChartsRoom();
    void settingsMarkPendingEditsAndApplyOnEnter();

private:
    static QList<ConsumerState> states(int consumers, int killed, int absent);
    //! Queue q held by the q-th running consumer (round robin), the others hold nothing.
    static QList<QList<qint32>> runningOwners(
        const TestWorld &world, const QList<ConsumerState> &states);
};

QList<ConsumerState> tst_RoomLayout::states(int consumers, int killed, int absent)
{
    QList<ConsumerState> list;
    for (int c = 0; c < consumers; ++c) {
        list.append(c < killed        ? ConsumerState::Killed
                : c < killed + absent ? ConsumerState::Absent
                                      : ConsumerState::Running);
    }
    return list;
}

QList<QList<qint32>> tst_RoomLayout::runningOwners(
    const TestWorld &world, const QList<ConsumerState> &states)
{
    QList<qint32> running;
    for (qint32 c = 0; c < states.size(); ++c) {
        if (states.at(c) == ConsumerState::Running) {
            running.append(c);
        }
    }
    QList<QList<qint32>> owners;
    for (int q = 0; q < world.queueCount(); ++q) {
        owners.append(QList<qint32> { running.at(q % running.size()) });
    }
    return owners;
}

void tst_RoomLayout::departedAndNotStartedCardsLeave_data()
{
    QTest::addColumn<int>("consumers");
    QTest::addColumn<int>("killed");
    QTest::addColumn<int>("absent");
    QTest::addColumn<int>("cards");
    QTest::addColumn<QString>("title");
    // The default world after 6 h: 93 of 97 cards were dead and squeezed the 4 live ones.
    QTest::newRow("97 consumers, 93 gone")
        << 97 << 93 << 0 << 4 << QStringLiteral("4 of 4 consumers running (93 departed");
    QTest::newRow("6 later joins not started")
        << 12 << 0 << 6 << 6 << QStringLiteral("6 of 6 consumers running (6 departed");
    QTest::newRow("gone and not started")
        << 20 << 5 << 5 << 10 << QStringLiteral("10 of 10 consumers running (10 ");
    // A few consumers all fit: a killed card teaches something, it stays.
    QTest::newRow("6 consumers keep every card")
        << 6 << 2 << 1 << 6 << QStringLiteral("3 of 6 consumers running, AVG");
}

void tst_RoomLayout::departedAndNotStartedCardsLeave()
{
    QFETCH(int, consumers);
    QFETCH(int, killed);
    QFETCH(int, absent);
    QFETCH(int, cards);
    QFETCH(QString, title);
    const TestWorld world(16, consumers);
    const QList<ConsumerState> st = states(consumers, killed, absent);
    AssignmentView view;
    view.resize(1000, 560);
    QVERIFY(view.hidesInactive()); // on by default
    view.setFrame(world.catalog(), world.snapshot(runningOwners(world, st), st), 1);
    QCOMPARE(view.cardCount(), cards);
    QCOMPARE(view.hiddenCount(), consumers - cards);
    QVERIFY2(
        view.sectionTitles().first().contains(title), qPrintable(view.sectionTitles().first()));
    // Every queue is still on screen, on the card of its live owner.
    QCOMPARE(view.tileCount(), world.queueCount());
    QCOMPARE(view.laneTileCount(), 0);
    for (const AssignmentLayout::Card &card : view.layout().cards()) {
        const ConsumerState state = st.at(card.consumer);
        QVERIFY(cards == consumers || state == ConsumerState::Running);
    }
}

void tst_RoomLayout::aKillLingersBeforeTheCardGoes()
{
    const TestWorld world(16, 8);
    AssignmentView view;
    view.resize(1000, 560);
    QList<ConsumerState> st = states(8, 0, 0);
    WorldSnapshot s = world.snapshot(runningOwners(world, st), st);
    s.now = 1000;
    view.setFrame(world.catalog(), s, 1);
    QCOMPARE(view.cardCount(), 8);

    // Killed at 2 s, its queues taken over at once: the room sees the "killed" card for
    // CardVisibility::kLingerMs (from the last frame that showed it alive), then it goes.
    st[7] = ConsumerState::Killed;
    s = world.snapshot(runningOwners(world, st), st);
    s.now = 2000;
    view.setFrame(world.catalog(), s, 1);
    QCOMPARE(view.cardCount(), 8);
    QCOMPARE(view.cardStateText(7), QStringLiteral("killed"));
    s.now = 1000 + CardVisibility::kLingerMs - 1;
    view.setFrame(world.catalog(), s, 1);
    QCOMPARE(view.cardCount(), 8);
    s.now = 1000 + CardVisibility::kLingerMs;
    view.setFrame(world.catalog(), s, 1);
    QCOMPARE(view.cardCount(), 7);
    QCOMPARE(view.layout().cardOf(7), -1);

    // A gone consumer that still holds a queue (not yet taken over) keeps its card.
    QList<QList<qint32>> owners = runningOwners(world, st);
    owners[0].append(7);
    s = world.snapshot(owners, st);
    s.now = 60000;
    view.setFrame(world.catalog(), s, 1);
    QCOMPARE(view.cardCount(), 8);
}

void tst_RoomLayout::hidingCanBeSwitchedOff()
{
    const TestWorld world(16, 97);
    const QList<ConsumerState> st = states(97, 93, 0);
    AssignmentView view;
    view.resize(1000, 560);
    view.setFrame(world.catalog(), world.snapshot(runningOwners(world, st), st), 1);
    QCOMPARE(view.cardCount(), 4);
    QCOMPARE(view.layout().detail(), AssignmentLayout::Detail::Full);
    view.setHideInactive(false);
    QCOMPARE(view.cardCount(), 97);
    QCOMPARE(view.hiddenCount(), 0);
    QVERIFY(view.layout().detail() != AssignmentLayout::Detail::Full); // what hiding avoids
    view.setHideInactive(true);
    QCOMPARE(view.cardCount(), 4);
}

void tst_RoomLayout::compactTilesCarryTheirLabels_data()
{
    QTest::addColumn<int>("queues");
    QTest::addColumn<int>("consumers");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("assigned");
    QTest::addColumn<int>("detail");
    QTest::addColumn<int>("labelled");
    // Two groups of 8 cards at 1280×720 gave compact tiles as bare colour blocks.
    QTest::newRow("18 queues, 8 cards, short view")
        << 16 << 8 << QSize(820, 170) << true << int(AssignmentLayout::Detail::Compact) << 18;
    QTest::newRow("64 queues, 16 cards")
        << 64 << 16 << QSize(820, 330) << true << int(AssignmentLayout::Detail::Compact) << 66;
    // The unassigned lane packs denser once it overflows, its tiles keep their labels.
    QTest::newRow("48 queues unassigned")
        << 48 << 4 << QSize(1000, 520) << false << int(AssignmentLayout::Detail::Full) << 50;
    // Cells of a few pixels have no room for a label.
    QTest::newRow("1024 queues, 128 cards")
        << 1024 << 128 << QSize(800, 400) << true << int(AssignmentLayout::Detail::HeatMap) << 0;
}

void tst_RoomLayout::compactTilesCarryTheirLabels()
{
    QFETCH(int, queues);
    QFETCH(int, consumers);
    QFETCH(QSize, size);
    QFETCH(bool, assigned);
    QFETCH(int, detail);
    QFETCH(int, labelled);
    const TestWorld world(queues, consumers);
    AssignmentView view;
    view.resize(size);
    view.setFrame(world.catalog(),
        assigned ? world.evenSnapshot() : world.snapshot(QList<QList<qint32>>()), 1);
    QCOMPARE(int(view.layout().detail()), detail);
    int shown = 0;
    int compact = 0;
    for (const TileItem &item : view.tiles()) {
        shown += view.tileShowsLabel(item) ? 1 : 0;
        compact += item.target.height() >= 12 && item.target.width() >= 22 ? 1 : 0;
    }
    QCOMPARE(shown, labelled);
    // Whenever a tile has room for a label (12 px high, 22 px wide: "A15" at 7 px) it has one.
    QVERIFY2(shown >= compact, qPrintable(QStringLiteral("%1 of %2").arg(shown).arg(compact)));
}

void tst_RoomLayout::namesKeepTheirDistinguishingEnd_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("room"); // the width of this text, plus a pixel
    QTest::addColumn<QString>("shown");
    const QStringList mixed = { QStringLiteral("10.0.0.5@1005"), QStringLiteral("10.1.0.29@2029"),
        QStringLiteral("10.1.0.117@2117") };
    // Ids that differ early (10.0.x next to 10.1.0.x) showed "1…" on every card.
    QTest::newRow("10.1.0.x among 10.0.x")
        << mixed << 1 << QStringLiteral("…29@2029") << QStringLiteral("…29@2029");
    QTest::newRow("10.0.x among 10.1.0.x")
        << mixed << 0 << QStringLiteral("…29@2029") << QStringLiteral("…5@1005");
    QTest::newRow("whole when it fits")
        << mixed << 2 << QStringLiteral("10.1.0.117@2117") << QStringLiteral("10.1.0.117@2117");
    const QStringList same = { QStringLiteral("10.1.0.29@2029"), QStringLiteral("10.1.0.3@2003") };
    // Left out with a mark like every cut: "29@2029" read as a whole name.
    QTest::newRow("shared start left out")
        << same << 0 << QStringLiteral("…29@2029") << QStringLiteral("…29@2029");
    QTest::newRow("only the end fits")
        << same << 0 << QStringLiteral("…029") << QStringLiteral("…029");
}

void tst_RoomLayout::namesKeepTheirDistinguishingEnd()
{
    QFETCH(QStringList, names);
    QFETCH(int, index);
    QFETCH(QString, room);
    QFETCH(QString, shown);
    QFont font;
    font.setBold(true);
    const QFontMetricsF metrics(font);
    const qreal width = metrics.horizontalAdvance(room) + 1;
    const QString fitted
        = CardNames::fitted(names.at(index), CardNames::commonPrefixLength(names), metrics, width);
    QCOMPARE(fitted, shown);
    QVERIFY(metrics.horizontalAdvance(fitted) <= width);
}

void tst_RoomLayout::manyCardsShowDistinctNames()
{
    // 60 consumers over 10.0.0.x and 10.0.1.x in cards too narrow for whole names: every card
    // ends with its own pid, so no two cards read the same ("1…" was on all of them).
    const TestWorld world(64, 300);
    auto catalog = std::make_shared<Catalog>(*world.catalog());
    catalog->consumers = catalog->consumers.mid(220, 60); // 10.0.0.221… and 10.0.1.1…
    for (int c = 0; c < catalog->consumers.size(); ++c) {
        catalog->consumers[c].groupIndex = 0;
    }
    QFont font;
    font.setBold(true);
    const QFontMetricsF metrics(font);
    const qreal width = metrics.horizontalAdvance(QStringLiteral("…221@1220")) + 1;
    CardNames names;
    const QList<QStaticText> &texts = names.names(*catalog, font, width);
    QCOMPARE(texts.size(), 60);
    QSet<QString> distinct;
    for (int c = 0; c < texts.size(); ++c) {
        const QString pid = catalog->consumers.at(c).name.section(QLatin1Char('@'), 1);
        QVERIFY2(texts.at(c).text().endsWith(pid), qPrintable(texts.at(c).text()));
        distinct.insert(texts.at(c).text());
    }
    QCOMPARE(distinct.size(), 60);
}

void tst_RoomLayout::shownNamesStayDistinctAndSayTheyWereCut_data()
{
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QString>("room"); // the width of this text, plus a pixel
    QStringList hundred;
    for (int i = 0; i < 100; ++i) {
        hundred.append(QStringLiteral("consumer-%1").arg(i));
    }
    // Issue 37 item 4: "…0" to "…9" on ten cards each in a world of 100 consumers.
    QTest::newRow("100 consumers, room for one digit") << hundred << QStringLiteral("…0");
    QTest::newRow("100 consumers, room for two digits") << hundred << QStringLiteral("…00");
    // "…01" twice in each compare pane: two hosts whose pids end alike.
    const QStringList pane = { QStringLiteral("10.0.0.1@1001"), QStringLiteral("10.0.1.1@1101"),
        QStringLiteral("10.0.0.2@1002") };
    QTest::newRow("pids ending alike, room for two") << pane << QStringLiteral("…01");
    QTest::newRow("pids ending alike, room for three") << pane << QStringLiteral("…001");
    // "0.1@1001": the shared start cut off with no mark.
    const QStringList shared = { QStringLiteral("10.0.0.1@1001"), QStringLiteral("10.0.0.2@1002") };
    QTest::newRow("shared start") << shared << QStringLiteral("0.1@1001");
    QTest::newRow("shared start, less room") << shared << QStringLiteral("1@1001");
}

void tst_RoomLayout::shownNamesStayDistinctAndSayTheyWereCut()
{
    QFETCH(QStringList, ids);
    QFETCH(QString, room);
    const TestWorld world(64, int(ids.size()));
    auto catalog = std::make_shared<Catalog>(*world.catalog());
    for (int c = 0; c < ids.size(); ++c) {
        catalog->consumers[c].name = ids.at(c);
    }
    QFont font;
    font.setBold(true);
    const QFontMetricsF metrics(font);
    CardNames names;
    const QList<QStaticText> &texts
        = names.names(*catalog, font, metrics.horizontalAdvance(room) + 1);
    QCOMPARE(texts.size(), ids.size());
    const QString mark(QChar(0x2026));
    QSet<QString> distinct;
    for (int c = 0; c < texts.size(); ++c) {
        const QString shown = texts.at(c).text();
        distinct.insert(shown);
        if (shown != ids.at(c)) {
            // A cut says so, and what is left is the name's own end.
            QVERIFY2(shown.startsWith(mark), qPrintable(shown));
            QVERIFY2(ids.at(c).endsWith(shown.mid(1)), qPrintable(shown));
        }
    }
    QCOMPARE(distinct.size(), ids.size());
}

void tst_RoomLayout::lockIsClaimedOnlyInOrderlyGroups_data()
{
    QTest::addColumn<bool>("orderly");
    QTest::newRow("concurrent") << false;
    QTest::newRow("orderly") << true;
}

void tst_RoomLayout::lockIsClaimedOnlyInOrderlyGroups()
{
    QFETCH(bool, orderly);
    const TestWorld world(8, 2);
    auto catalog = std::make_shared<Catalog>(*world.catalog());
    catalog->groups.first().consumeMode
        = orderly ? ConsumeMode::Orderly : ConsumeMode::Concurrently;
    WorldSnapshot s = world.evenSnapshot();
    for (SnapshotHolding &h : s.holdings) {
        h.locked = true; // a concurrent group's ProcessQueue may carry the flag too
    }
    const QString tip = AssignmentToolTip::queue(*catalog, s, 0);
    QVERIFY(tip.contains(QStringLiteral("Held by")));
    QCOMPARE(tip.contains(QStringLiteral("broker lock")), orderly);
}

void tst_RoomLayout::timeReadsAsAClock_data()
{
    QTest::addColumn<double>("seconds");
    QTest::addColumn<double>("step");
    QTest::addColumn<bool>("hours");
    QTest::addColumn<QString>("label");
    QTest::newRow("start") << 0.0 << 10.0 << false << QStringLiteral("0:00");
    QTest::newRow("2:10") << 130.0 << 10.0 << false << QStringLiteral("2:10");
    // The axes said 21480 and 43556.
    QTest::newRow("21480 s") << 21480.0 << 60.0 << true << QStringLiteral("5:58:00");
    QTest::newRow("43556 s") << 43556.0 << 1.0 << true << QStringLiteral("12:05:56");
    QTest::newRow("an hour") << 3600.0 << 600.0 << false << QStringLiteral("1:00:00");
    QTest::newRow("h:mm:ss range") << 300.0 << 300.0 << true << QStringLiteral("0:05:00");
    QTest::newRow("below a second") << 2.5 << 0.5 << false << QStringLiteral("0:02.5");
}

void tst_RoomLayout::timeReadsAsAClock()
{
    QFETCH(double, seconds);
    QFETCH(double, step);
    QFETCH(bool, hours);
    QFETCH(QString, label);
    QCOMPARE(TimeAxis::label(seconds, step, hours), label);
}

void tst_RoomLayout::timeAxisLabelsNeverTouch_data()
{
    QTest::addColumn<double>("x0");
    QTest::addColumn<double>("x1");
    QTest::addColumn<double>("pixels");
    QTest::addColumn<double>("step");
    QTest::newRow("2 min at 1×, 480 px") << 10.0 << 130.0 << 480.0 << 15.0;
    QTest::newRow("2 min after 6 h, 300 px") << 21480.0 << 21600.0 << 300.0 << 30.0;
    // 1000× for 12 h: the labels said "11…".
    QTest::newRow("12 h at 1000×, 450 px") << 0.0 << 43556.0 << 450.0 << 7200.0;
    QTest::newRow("a zoom on 2 s") << 100.0 << 102.0 << 600.0 << 0.2;
}

void tst_RoomLayout::timeAxisLabelsNeverTouch()
{
    QFETCH(double, x0);
    QFETCH(double, x1);
    QFETCH(double, pixels);
    QFETCH(double, step);
    QCategoryAxis axis;
    QFont font;
    const QFontMetricsF metrics(font);
    TimeAxis::apply(&axis, x0, x1, pixels, metrics);
    QCOMPARE(axis.min(), x0);
    QCOMPARE(axis.max(), x1);
    const QStringList labels = axis.categoriesLabels();
    QVERIFY2(labels.size() >= 2, qPrintable(labels.join(QLatin1Char(' '))));
    const QRegularExpression clock(QStringLiteral("^\\d+:\\d\\d(:\\d\\d)?(\\.\\d)?$"));
    qreal widest = 0;
    for (const QString &label : labels) {
        QVERIFY2(clock.match(label).hasMatch(), qPrintable(label));
        widest = qMax(widest, metrics.horizontalAdvance(label));
    }
    const double gap
        = (axis.endValue(labels.at(1)) - axis.endValue(labels.at(0))) / (x1 - x0) * pixels;
    QCOMPARE(gap / pixels * (x1 - x0), step);
    QVERIFY2(gap > widest, qPrintable(QStringLiteral("%1 px for %2 px").arg(gap).arg(widest)));
    // No label centred on the plot's right end, where it would be cut.
    const double last = axis.endValue(labels.last());
    QVERIFY((x1 - last) / (x1 - x0) * pixels >= widest / 2);
}

void tst_RoomLayout::timeAxisLabelsFitQtChartsRoom()
{
    // The cache chart at 3 h on 1280×720 at 150 %: a 201 px plot, 13.5 pt labels. Two
    // categories (2:58:00 on the left end, 2:59:00) left QtCharts 201 / 3 - 8 = 59 px a label,
    // and "2:59:00" needs 62: it read "2:59…", and 2:58:00 was hidden off the end.
    QCategoryAxis axis;
    QFont font;
    font.setPointSizeF(13.5);
    const QFontMetricsF metrics(font);
    const double x0 = 10680;
    const double x1 = 10800;
    const double pixels = 201.5;
    TimeAxis::apply(&axis, x0, x1, pixels, metrics);
    const QStringList labels = axis.categoriesLabels();
    QCOMPARE(labels, QStringList { QStringLiteral("2:59:00") });
    for (const QString &label : labels) {
        const double room = pixels / double(labels.size() + 1) - 8;
        QVERIFY2(metrics.horizontalAdvance(label) + 2 <= room,
            qPrintable(QStringLiteral("%1 in %2 px").arg(label).arg(room)));
        const double at = (axis.endValue(label) - x0) / (x1 - x0) * pixels;
        QVERIFY(at >= metrics.horizontalAdvance(label) / 2);
        QVERIFY(pixels - at >= metrics.horizontalAdvance(label) / 2);
    }
}

void tst_RoomLayout::settingsMarkPendingEditsAndApplyOnEnter()
{
    SettingsPanel panel;
    Scenario scenario;
    GroupSpec group;
    group.name = QStringLiteral("g");
    scenario.groups = { group };
    panel.setScenario(scenario);
    panel.resize(420, 500); // the client Apply button is far below, out of sight
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    int sayWhen = 0; // the client and broker titles say how their settings apply
    for (const QLabel *label : panel.findChildren<QLabel *>()) {
        sayWhen += label->text().contains(QStringLiteral("on Enter or Apply")) ? 1 : 0;
    }
    QCOMPARE(sayWhen, 2);
    QSignalSpy client(&panel, &SettingsPanel::clientSettingsRequested);
    QSignalSpy broker(&panel, &SettingsPanel::brokerSettingsRequested);

    auto *batch = qobject_cast<QLineEdit *>(panel.editor(QStringLiteral("pullBatchSize")));
    QVERIFY(batch);
    QCOMPARE(batch->property("pending").toBool(), false);
    batch->setText(QStringLiteral("64"));
    QCOMPARE(batch->property("pending").toBool(), true);
    QCOMPARE(panel.pendingClientCount(), 1);
    QVERIFY2(panel.message().contains(QStringLiteral("1 client setting(s) not sent to g yet")),
        qPrintable(panel.message()));
    QCOMPARE(client.count(), 0); // typing alone sends nothing

    QTest::keyClick(batch, Qt::Key_Return);
    QCOMPARE(client.count(), 1);
    const auto command = client.first().first().value<ScenarioEvent>();
    QCOMPARE(command.action, ScenarioEvent::Action::SetClient);
    QCOMPARE(command.group, QStringLiteral("g"));
    QCOMPARE(command.client, (QVariantMap { { QStringLiteral("pullBatchSize"), 64 } }));
    QCOMPARE(batch->property("pending").toBool(), false);
    QCOMPARE(panel.pendingClientCount(), 0);
    QVERIFY2(panel.message().startsWith(QStringLiteral("Sent 1 client setting(s) to g")),
        qPrintable(panel.message()));

    // A value out of range is not sent on Enter, and says why.
    batch->setText(QStringLiteral("0"));
    QTest::keyClick(batch, Qt::Key_Return);
    QCOMPARE(client.count(), 1);
    QVERIFY2(
        panel.message().contains(QStringLiteral("pullBatchSize")), qPrintable(panel.message()));

    // A broker field's Enter sends the broker settings, to every broker.
    batch->setText(QStringLiteral("64")); // what the group runs since the Enter above
    QCOMPARE(panel.pendingClientCount(), 0);
    auto *brokerEdit
        = qobject_cast<QLineEdit *>(panel.editor(QStringLiteral("channelExpiredTimeout")));
    QVERIFY(brokerEdit);
    brokerEdit->setText(QStringLiteral("90s"));
    QCOMPARE(panel.pendingBrokerCount(), 1);
    QCOMPARE(brokerEdit->property("pending").toBool(), true);
    QTest::keyClick(brokerEdit, Qt::Key_Return);
    QCOMPARE(broker.count(), 1);
    QCOMPARE(client.count(), 1);
    QCOMPARE(panel.pendingBrokerCount(), 0);
}

QTEST_MAIN(tst_RoomLayout)

#include "tst_roomlayout.moc"
