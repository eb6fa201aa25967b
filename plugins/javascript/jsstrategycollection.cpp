// SPDX-License-Identifier: Apache-2.0
#include "jsstrategycollection.h"

#include "jsprogram.h"
#include "jsstrategyfactory.h"

QStringList JsStrategyCollection::fileSuffixes() const
{
    return { QStringLiteral("js") };
}

Rblab::StrategyOffer JsStrategyCollection::open(const QString &path) const
{
    Rblab::StrategyOffer offer;
    QString error;
    std::shared_ptr<const JsProgram> program = JsProgram::load(path, &error);
    if (!program) {
        offer.error = error;
        return offer;
    }
    offer.metaData = program->metaData;
    offer.factory = std::make_shared<JsStrategyFactory>(program);
    return offer;
}
