// SPDX-License-Identifier: Apache-2.0
// MessageQueue: RocketMQ's text form (hashed by CONSISTENT_HASH) and compareTo order (the order
// in which RebalanceImpl hands mqAll to a strategy).
#include <rblab/messagequeue.h>

#include <QSet>
#include <QTest>

using namespace Rblab;

class tst_MessageQueue : public QObject
{
    Q_OBJECT

private slots:
    void toStringIsRocketMqs();
    void order_data();
    void order();
    void sortsLikeRebalanceImpl();
    void equalityAndHash();
};

void tst_MessageQueue::toStringIsRocketMqs()
{
    QCOMPARE((MessageQueue { QStringLiteral("T"), QStringLiteral("broker-a"), 0 }).toString(),
        QStringLiteral("MessageQueue [topic=T, brokerName=broker-a, queueId=0]"));
    // Text that looks like placeholders is copied, not substituted.
    QCOMPARE((MessageQueue { QStringLiteral("%1"), QStringLiteral("%2"), 12 }).toString(),
        QStringLiteral("MessageQueue [topic=%1, brokerName=%2, queueId=12]"));
}

void tst_MessageQueue::order_data()
{
    QTest::addColumn<QString>("topicA");
    QTest::addColumn<QString>("brokerA");
    QTest::addColumn<int>("idA");
    QTest::addColumn<QString>("topicB");
    QTest::addColumn<QString>("brokerB");
    QTest::addColumn<int>("idB");
    QTest::newRow("topic first") << "A"
                                 << "z" << 9 << "B"
                                 << "a" << 0;
    QTest::newRow("then broker") << "T"
                                 << "broker-a" << 9 << "T"
                                 << "broker-b" << 0;
    QTest::newRow("then queueId, numerically") << "T"
                                               << "b" << 2 << "T"
                                               << "b" << 10;
    QTest::newRow("broker by code unit") << "T"
                                         << "Broker" << 0 << "T"
                                         << "broker" << 0;
}

void tst_MessageQueue::order()
{
    QFETCH(QString, topicA);
    QFETCH(QString, brokerA);
    QFETCH(int, idA);
    QFETCH(QString, topicB);
    QFETCH(QString, brokerB);
    QFETCH(int, idB);
    const MessageQueue a { topicA, brokerA, idA };
    const MessageQueue b { topicB, brokerB, idB };
    QVERIFY(a < b);
    QVERIFY(!(b < a));
    QVERIFY(a != b);
}

void tst_MessageQueue::sortsLikeRebalanceImpl()
{
    MessageQueueList queues { { QStringLiteral("T"), QStringLiteral("broker-b"), 0 },
        { QStringLiteral("T"), QStringLiteral("broker-a"), 10 },
        { QStringLiteral("T"), QStringLiteral("broker-a"), 2 } };
    sortRocketMq(queues);
    QCOMPARE(queues.at(0).queueId, 2);
    QCOMPARE(queues.at(1).queueId, 10);
    QCOMPARE(queues.at(2).brokerName, QStringLiteral("broker-b"));

    QStringList ids { QStringLiteral("10.0.0.2@2#2"), QStringLiteral("10.0.0.1@1#1"),
        QStringLiteral("10.0.0.10@3#3") };
    sortRocketMq(ids);
    QCOMPARE(ids,
        (QStringList { QStringLiteral("10.0.0.10@3#3"), QStringLiteral("10.0.0.1@1#1"),
            QStringLiteral("10.0.0.2@2#2") }));
}

void tst_MessageQueue::equalityAndHash()
{
    const MessageQueue a { QStringLiteral("T"), QStringLiteral("b"), 1 };
    const MessageQueue same { QStringLiteral("T"), QStringLiteral("b"), 1 };
    QCOMPARE(a, same);
    QCOMPARE(qHash(a), qHash(same));
    QSet<MessageQueue> set { a, same, { QStringLiteral("T"), QStringLiteral("b"), 2 },
        { QStringLiteral("U"), QStringLiteral("b"), 1 } };
    QCOMPARE(set.size(), 3);
}

QTEST_APPLESS_MAIN(tst_MessageQueue)
#include "tst_messagequeue.moc"
