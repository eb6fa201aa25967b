// SPDX-License-Identifier: Apache-2.0
#include "strategytestsupport.h"

#include <QDir>
#include <QFileInfo>

namespace TestSupport {

QString loadBuiltinRegistry(Rblab::StrategyRegistry &registry)
{
    Rblab::StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    sources.staticPlugins = false;
    registry.load(sources);
    QStringList problems;
    const QString buildDir = QFileInfo(QStringLiteral(RBLAB_PLUGIN_BUILD_DIR)).canonicalFilePath();
    for (const QString &name : rocketMqStrategyNames()) {
        const Rblab::PluginRecord *record = registry.find(name);
        if (!record) {
            problems.append(QStringLiteral("%1 is not loaded").arg(name));
        } else if (QFileInfo(record->file).canonicalPath() != buildDir) {
            problems.append(QStringLiteral("%1 came from %2, not from the build tree's %3")
                                .arg(name, record->file, buildDir));
        }
    }
    for (const Rblab::PluginRecord *failure : registry.failures()) {
        problems.append(QStringLiteral("%1: %2").arg(failure->file, failure->error));
    }
    return problems.join(QStringLiteral("; "));
}

Rblab::GroupAllocateResult allocateEach(Rblab::AllocationStrategy &strategy,
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    Rblab::GroupAllocateResult result;
    for (const QString &cid : cidAll) {
        Rblab::AllocateResult one
            = Rblab::guardedAllocate(strategy, QStringLiteral("group"), cid, mqAll, cidAll);
        if (!one.ok()) {
            result.error = one.error;
            result.perConsumer.clear();
            return result;
        }
        result.perConsumer.append(std::move(one.queues));
    }
    return result;
}

QStringList rocketMqStrategyNames()
{
    return { QStringLiteral("AVG"), QStringLiteral("AVG_BY_CIRCLE"), QStringLiteral("CONFIG"),
        QStringLiteral("CONSISTENT_HASH"), QStringLiteral("MACHINE_ROOM"),
        QStringLiteral("MACHINE_ROOM_NEARBY") };
}

Rblab::MessageQueueList makeQueues(
    const QString &topic, const QList<std::pair<QString, int>> &brokers)
{
    Rblab::MessageQueueList queues;
    for (const auto &[broker, count] : brokers) {
        for (int id = 0; id < count; ++id) {
            queues.append(Rblab::MessageQueue { topic, broker, id });
        }
    }
    Rblab::sortRocketMq(queues);
    return queues;
}

QString brief(const Rblab::MessageQueueList &queues)
{
    QStringList parts;
    for (const Rblab::MessageQueue &mq : queues) {
        parts.append(mq.brokerName + QLatin1Char(':') + QString::number(mq.queueId));
    }
    return parts.join(QLatin1Char(','));
}

QSet<Rblab::MessageQueue> toSet(const Rblab::MessageQueueList &queues)
{
    return QSet<Rblab::MessageQueue>(queues.cbegin(), queues.cend());
}

Rblab::MessageQueueList sorted(Rblab::MessageQueueList queues)
{
    Rblab::sortRocketMq(queues);
    return queues;
}

QStringList sorted(QStringList clientIds)
{
    Rblab::sortRocketMq(clientIds);
    return clientIds;
}

} // namespace TestSupport
