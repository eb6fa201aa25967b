// SPDX-License-Identifier: Apache-2.0
#include "scenario/scenario.h"

namespace Rblab {

namespace {

struct ActionName
{
    ScenarioEvent::Action action;
    const char16_t *name;
};

constexpr ActionName kActionNames[] = {
    { ScenarioEvent::Action::Join, u"join" },
    { ScenarioEvent::Action::Shutdown, u"shutdown" },
    { ScenarioEvent::Action::Kill, u"kill" },
    { ScenarioEvent::Action::Freeze, u"freeze" },
    { ScenarioEvent::Action::Unfreeze, u"unfreeze" },
    { ScenarioEvent::Action::Partition, u"partition" },
    { ScenarioEvent::Action::Heal, u"heal" },
    { ScenarioEvent::Action::Pause, u"pause" },
    { ScenarioEvent::Action::Resume, u"resume" },
    { ScenarioEvent::Action::SetConsumeTime, u"setConsumeTime" },
    { ScenarioEvent::Action::SetFailureRate, u"setFailureRate" },
    { ScenarioEvent::Action::SetProduceRate, u"setProduceRate" },
    { ScenarioEvent::Action::SetQueues, u"setQueues" },
    { ScenarioEvent::Action::BrokerDown, u"brokerDown" },
    { ScenarioEvent::Action::BrokerUp, u"brokerUp" },
    { ScenarioEvent::Action::SetStrategy, u"setStrategy" },
    { ScenarioEvent::Action::SetClient, u"setClient" },
    { ScenarioEvent::Action::SetBroker, u"setBroker" },
    { ScenarioEvent::Action::SetChurn, u"setChurn" },
};

} // namespace

int TopicSpec::queueCount(const QString &broker) const
{
    for (const auto &q : queues) {
        if (q.first == broker) {
            return q.second;
        }
    }
    return 0;
}

QString ScenarioEvent::actionName(Action action)
{
    for (const ActionName &a : kActionNames) {
        if (a.action == action) {
            return QString::fromUtf16(a.name);
        }
    }
    return QString();
}

std::optional<ScenarioEvent::Action> ScenarioEvent::actionFromName(QStringView name)
{
    for (const ActionName &a : kActionNames) {
        if (name == QStringView(a.name)) {
            return a.action;
        }
    }
    return std::nullopt;
}

QString Scenario::textFor(
    const QMap<QString, QString> &texts, const QString &localeName, const QString &fallback)
{
    const QString language = localeName.section(QLatin1Char('_'), 0, 0);
    for (const QString &key : { localeName, language, QStringLiteral("en"), QString() }) {
        const auto it = texts.constFind(key);
        if (it != texts.cend() && !it->isEmpty()) {
            return *it;
        }
    }
    return fallback;
}

QString Scenario::descriptionFor(const QString &localeName) const
{
    return textFor(
        description, localeName, description.isEmpty() ? QString() : description.first());
}

QString Scenario::nameFor(const QString &localeName) const
{
    return textFor(localizedName, localeName, name);
}

const TopicSpec *Scenario::topic(const QString &topicName) const
{
    for (const TopicSpec &t : topics) {
        if (t.name == topicName) {
            return &t;
        }
    }
    return nullptr;
}

const GroupSpec *Scenario::group(const QString &groupName) const
{
    for (const GroupSpec &g : groups) {
        if (g.name == groupName) {
            return &g;
        }
    }
    return nullptr;
}

QString profileName(Profile profile)
{
    return profile == Profile::V49 ? QStringLiteral("4.9") : QStringLiteral("5.x");
}

QString messageModelName(MessageModel model)
{
    return model == MessageModel::Broadcasting ? QStringLiteral("BROADCASTING")
                                               : QStringLiteral("CLUSTERING");
}

QString consumeModeName(ConsumeMode mode)
{
    return mode == ConsumeMode::Orderly ? QStringLiteral("ORDERLY")
                                        : QStringLiteral("CONCURRENTLY");
}

QString consumeFromWhereName(ConsumeFromWhere where)
{
    switch (where) {
    case ConsumeFromWhere::LastOffset:
        return QStringLiteral("CONSUME_FROM_LAST_OFFSET");
    case ConsumeFromWhere::FirstOffset:
        return QStringLiteral("CONSUME_FROM_FIRST_OFFSET");
    case ConsumeFromWhere::Timestamp:
        return QStringLiteral("CONSUME_FROM_TIMESTAMP");
    }
    return QString();
}

} // namespace Rblab
