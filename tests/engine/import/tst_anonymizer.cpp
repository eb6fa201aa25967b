// SPDX-License-Identifier: Apache-2.0
// The one anonymiser of import-logs and import-mqadmin --anonymize: stable placeholders per kind,
// numbered in the sorted order of the names, retry topics following their group.
#include <import/anonymizer.h>

#include <QTest>

using namespace Rblab;
using Kind = Anonymizer::Kind;

class tst_Anonymizer : public QObject
{
    Q_OBJECT

private slots:
    void placeholdersInSortedOrder();
    void sameNamesInAnotherOrderGiveTheSamePlaceholders();
    void retryTopicsFollowTheirGroup();
    void addressesKeepTheirPort();
    void unknownEmptyAndDisabledNamesStayAsTheyAre();
};

namespace {

Anonymizer incident(bool reversed)
{
    Anonymizer anon(true);
    QList<QPair<Kind, QString>> names {
        { Kind::Ip, QStringLiteral("10.0.0.2") }, { Kind::Ip, QStringLiteral("10.0.0.1") },
        { Kind::Client, QStringLiteral("10.0.0.2@222") },
        { Kind::Client, QStringLiteral("10.0.0.1@111") },
        { Kind::Group, QStringLiteral("orders_group") },
        { Kind::Group, QStringLiteral("billing_group") }, { Kind::Topic, QStringLiteral("Orders") },
        { Kind::Topic, QStringLiteral("Bills") },
        { Kind::Topic, QStringLiteral("%RETRY%orders_group") },
        { Kind::Host, QStringLiteral("/logs/hostB") },
        { Kind::Host, QStringLiteral("/logs/hostA") },
        { Kind::Group, QStringLiteral("orders_group") }, // twice: one placeholder
    };
    if (reversed) {
        std::reverse(names.begin(), names.end());
    }
    for (const auto &[kind, name] : names) {
        anon.add(kind, name);
    }
    anon.addAddress(QStringLiteral("10.0.0.3:10911"));
    anon.build();
    return anon;
}

} // namespace

void tst_Anonymizer::placeholdersInSortedOrder()
{
    const Anonymizer anon = incident(false);
    QCOMPARE(anon(Kind::Ip, QStringLiteral("10.0.0.1")), QStringLiteral("ip-1"));
    QCOMPARE(anon(Kind::Ip, QStringLiteral("10.0.0.2")), QStringLiteral("ip-2"));
    QCOMPARE(anon(Kind::Ip, QStringLiteral("10.0.0.3")), QStringLiteral("ip-3"));
    QCOMPARE(anon(Kind::Client, QStringLiteral("10.0.0.1@111")), QStringLiteral("client-1"));
    QCOMPARE(anon(Kind::Client, QStringLiteral("10.0.0.2@222")), QStringLiteral("client-2"));
    QCOMPARE(anon(Kind::Group, QStringLiteral("billing_group")), QStringLiteral("group-1"));
    QCOMPARE(anon(Kind::Group, QStringLiteral("orders_group")), QStringLiteral("group-2"));
    // The retry topic is not numbered among the topics.
    QCOMPARE(anon(Kind::Topic, QStringLiteral("Bills")), QStringLiteral("topic-1"));
    QCOMPARE(anon(Kind::Topic, QStringLiteral("Orders")), QStringLiteral("topic-2"));
    QCOMPARE(anon(Kind::Host, QStringLiteral("/logs/hostA")), QStringLiteral("host-1"));
    QCOMPARE(anon(Kind::Host, QStringLiteral("/logs/hostB")), QStringLiteral("host-2"));
    // Kinds are numbered apart: a group's name is not a topic's.
    QCOMPARE(anon(Kind::Topic, QStringLiteral("orders_group")), QStringLiteral("orders_group"));
}

void tst_Anonymizer::sameNamesInAnotherOrderGiveTheSamePlaceholders()
{
    const Anonymizer a = incident(false);
    const Anonymizer b = incident(true);
    for (const QString &ip : { QStringLiteral("10.0.0.1"), QStringLiteral("10.0.0.2") }) {
        QCOMPARE(b(Kind::Ip, ip), a(Kind::Ip, ip));
    }
    QCOMPARE(b(Kind::Client, QStringLiteral("10.0.0.2@222")),
        a(Kind::Client, QStringLiteral("10.0.0.2@222")));
    QCOMPARE(b(Kind::Group, QStringLiteral("orders_group")),
        a(Kind::Group, QStringLiteral("orders_group")));
    QCOMPARE(b(Kind::Topic, QStringLiteral("Orders")), a(Kind::Topic, QStringLiteral("Orders")));
    QCOMPARE(
        b(Kind::Host, QStringLiteral("/logs/hostB")), a(Kind::Host, QStringLiteral("/logs/hostB")));
}

void tst_Anonymizer::retryTopicsFollowTheirGroup()
{
    const Anonymizer anon = incident(false);
    QCOMPARE(
        anon(Kind::Topic, QStringLiteral("%RETRY%orders_group")), QStringLiteral("%RETRY%group-2"));
    QCOMPARE(anon(Kind::Topic, QStringLiteral("%RETRY%billing_group")),
        QStringLiteral("%RETRY%group-1"));
    // A group that was never named keeps its name in its retry topic.
    QCOMPARE(anon(Kind::Topic, QStringLiteral("%RETRY%other_group")),
        QStringLiteral("%RETRY%other_group"));
}

void tst_Anonymizer::addressesKeepTheirPort()
{
    const Anonymizer anon = incident(false);
    QCOMPARE(anon.address(QStringLiteral("10.0.0.3:10911")), QStringLiteral("ip-3:10911"));
    QCOMPARE(anon.address(QStringLiteral("10.0.0.1:52814")), QStringLiteral("ip-1:52814"));
    QCOMPARE(anon.address(QStringLiteral("10.0.0.2")), QStringLiteral("ip-2"));
    QCOMPARE(
        anon.address(QStringLiteral("192.168.0.1:10911")), QStringLiteral("192.168.0.1:10911"));
}

void tst_Anonymizer::unknownEmptyAndDisabledNamesStayAsTheyAre()
{
    const Anonymizer anon = incident(false);
    QCOMPARE(anon(Kind::Client, QStringLiteral("10.9.9.9@1")), QStringLiteral("10.9.9.9@1"));
    QCOMPARE(anon(Kind::Group, QString()), QString());
    QCOMPARE(anon.address(QString()), QString());

    Anonymizer off(false);
    off.add(Kind::Group, QStringLiteral("orders_group"));
    off.build();
    QVERIFY(!off.enabled());
    QCOMPARE(off(Kind::Group, QStringLiteral("orders_group")), QStringLiteral("orders_group"));
    QCOMPARE(off(Kind::Topic, QStringLiteral("%RETRY%orders_group")),
        QStringLiteral("%RETRY%orders_group"));
    QCOMPARE(off.address(QStringLiteral("10.0.0.1:1")), QStringLiteral("10.0.0.1:1"));
}

QTEST_GUILESS_MAIN(tst_Anonymizer)
#include "tst_anonymizer.moc"
