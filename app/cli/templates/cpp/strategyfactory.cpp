#include "@target@strategyfactory.h"

#include "@target@strategy.h"

Rblab::StrategyCreation TemplateClassStrategyFactory::create(
    const QVariantMap &params, const Rblab::StrategyProvider &provider) const
{
    Q_UNUSED(provider); // for strategies that wrap another one (MACHINE_ROOM_NEARBY does)
    // The host has checked the parameters against the schema in @target@.json and filled in the
    // defaults: "offset" is here, a qlonglong from 0 to 1000000.
    const qlonglong offset = params.value(QStringLiteral("offset")).toLongLong();
    return { std::make_unique<TemplateClassStrategy>(qsizetype(offset)), QString(), QString() };
}
