// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/strategycollection.h>

#include <QObject>

/*!
    The JavaScript plugin's root object (API 1.1): the registry hands it every .js file it finds
    in a plugin folder, and it offers that file's strategy.
*/
class JsStrategyCollection final : public QObject, public Rblab::StrategyCollection
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RBLAB_STRATEGY_COLLECTION_IID FILE "javascript.json")
    Q_INTERFACES(Rblab::StrategyCollection)

public:
    QStringList fileSuffixes() const override;
    Rblab::StrategyOffer open(const QString &path) const override;
};
