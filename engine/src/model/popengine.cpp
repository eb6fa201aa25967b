// SPDX-License-Identifier: Apache-2.0
#include "model/popengine.h"

#include "model/popbroker.h"
#include "model/popclient.h"
#include "model/world.h"

namespace Rblab {

PopEngine::GroupFigures &PopEngine::GroupFigures::operator+=(const GroupFigures &o)
{
    popped += o.popped;
    acked += o.acked;
    lateAcks += o.lateAcks;
    changedInvisible += o.changedInvisible;
    revived += o.revived;
    redelivered += o.redelivered;
    skipped += o.skipped;
    discarded += o.discarded;
    droppedAfterRetries += o.droppedAfterRetries;
    inFlight += o.inFlight;
    invisible += o.invisible;
    retryBacklog += o.retryBacklog;
    return *this;
}

PopEngine::PopEngine(World *world)
    : m_world(world)
    , m_broker(std::make_unique<PopBroker>(world))
    , m_client(std::make_unique<PopClient>(world, this, m_broker.get()))
{
}

PopEngine::~PopEngine() = default;

void PopEngine::build()
{
    World &w = *m_world;
    m_popGroup.assign(w.groups.size(), 0);
    for (size_t g = 0; g < w.groups.size(); ++g) {
        const GroupState &group = w.groups[g];
        // RebalancePushImpl.clientRebalance: orderly and BROADCASTING always rebalance on the
        // client, whatever the broker's mode.
        if (group.spec.simple() && !group.broadcasting()) {
            m_popGroup[g] = 2; // every gRPC receive is a POP_MESSAGE issued by the proxy
            m_active = true;
        } else if (group.spec.pops()) {
            m_popGroup[g] = 1;
            m_active = true;
        }
    }
    if (!m_active) {
        return; // nothing scheduled: runs without POP groups stay as they were
    }
    m_broker->start();
}

Task<bool> PopEngine::rebalance(qint32 consumer, qint32 topic)
{
    return m_client->rebalance(consumer, topic);
}

void PopEngine::destroy(qint32 consumer)
{
    m_client->destroy(consumer);
}

void PopEngine::consumerStateChanged(qint32 consumer)
{
    m_client->consumerStateChanged(consumer);
}

qint32 PopEngine::eventConsumer(const Event &e) const
{
    switch (Op(e.small)) {
    case Op::Execute:
    case Op::Reply:
    case Op::ClientTimeout:
    case Op::ConsumeDone:
        return qint32(e.target);
    default:
        return -1;
    }
}

void PopEngine::handle(const Event &e)
{
    World &w = *m_world;
    const quint32 id = quint32(e.arg & 0xffffffffu);
    const quint32 gen = quint32(e.arg >> 32);
    switch (Op(e.small)) {
    case Op::Execute:
        m_client->popMessage(qint32(e.arg));
        break;
    case Op::Reply:
        if (m_broker->live(id, gen)) {
            m_client->onReply(id);
        }
        break;
    case Op::ClientTimeout:
        if (m_broker->live(id, gen)) {
            m_client->onClientTimeout(id);
        }
        break;
    case Op::ConsumeDone: {
        Consumer &c = *w.consumers[e.target];
        if (gen == c.incarnation && c.alive()) {
            m_client->onConsumeDone(c, quint16(id));
        }
        break;
    }
    case Op::BrokerArrive:
        if (m_broker->live(id, gen) && !m_broker->request(id).answered) {
            m_broker->onArrive(id);
        }
        break;
    case Op::ParkTimeout:
        if (m_broker->live(id, gen)) {
            m_broker->onParkTimeout(id);
        }
        break;
    case Op::ArrivalWake:
        m_broker->onArrivalWake(qint32(e.target), quint32(e.arg));
        break;
    case Op::Ack:
        m_broker->onAck(qint32(e.target), id, gen);
        break;
    case Op::ChangeInvisible:
        m_broker->onChangeInvisible(
            qint32(e.target & 0xffffu), id, gen, SimTime(e.target >> 16) * kSecond);
        break;
    case Op::ReviveTick:
        m_broker->onReviveTick(qint32(e.target), e.arg);
        break;
    }
}

qint64 PopEngine::pendingUndelivered(qint32 group) const
{
    return popGroup(group) ? m_broker->pendingUndelivered(group) : 0;
}

PopEngine::GroupFigures PopEngine::groupFigures(qint32 group) const
{
    GroupFigures f = m_client->groupFigures(group);
    f += m_broker->groupFigures(group);
    return f;
}

PopEngine::GroupFigures PopEngine::worldFigures() const
{
    GroupFigures t;
    for (size_t g = 0; g < m_world->groups.size(); ++g) {
        t += groupFigures(qint32(g));
    }
    return t;
}

PopEngine::ConsumerFigures PopEngine::consumerFigures(qint32 consumer) const
{
    ConsumerFigures f = m_client->consumerFigures(consumer);
    f.invisible = m_broker->invisibleOf(consumer);
    f.revived = m_broker->revivedOf(consumer);
    return f;
}

std::vector<PopEngine::Holding> PopEngine::holdings(qint32 consumer) const
{
    return m_client->holdings(consumer);
}

std::vector<qint32> PopEngine::poppers(qint32 queue) const
{
    return m_client->poppers(queue);
}

} // namespace Rblab
