#include "@target@strategy.h"

TemplateClassStrategy::TemplateClassStrategy(qsizetype offset) : m_offset(offset)
{
}

Rblab::AllocateResult TemplateClassStrategy::allocate(const QString &consumerGroup,
    const QString &currentCid, const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    Q_UNUSED(consumerGroup);
    // AbstractAllocateMessageQueueStrategy.check: empty arguments are an error (the round is
    // skipped), a consumer missing from cidAll gets nothing.
    if (auto early = checkArguments(currentCid, mqAll, cidAll)) {
        return *early;
    }
    const qsizetype consumers = cidAll.size();
    // This consumer's place once the list is rotated by the offset.
    const qsizetype index
        = (cidAll.indexOf(currentCid) - m_offset % consumers + consumers) % consumers;
    // AllocateMessageQueueAveragely: the first (queues mod consumers) places get one more.
    const qsizetype queues = mqAll.size();
    const qsizetype mod = queues % consumers;
    const qsizetype averageSize = queues <= consumers
        ? 1
        : (mod > 0 && index < mod ? queues / consumers + 1 : queues / consumers);
    const qsizetype startIndex
        = (mod > 0 && index < mod) ? index * averageSize : index * averageSize + mod;
    const qsizetype range = qMin(averageSize, queues - startIndex);
    Rblab::AllocateResult result;
    for (qsizetype i = 0; i < range; ++i) {
        result.queues.append(mqAll.at((startIndex + i) % queues));
    }
    return result;
}
