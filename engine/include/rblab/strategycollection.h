// SPDX-License-Identifier: Apache-2.0
// API 1.1: a plugin that offers several strategies, one per file of its own kind (scripts).
#pragma once

#include <rblab/rblab_global.h>
#include <rblab/strategyfactory.h>

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace Rblab {

/*!
    One strategy a collection offers: its metadata, in the shape of a native plugin's JSON file
    ({"Strategy": {"Name": …, "Parameters": […]}}), and the factory that makes it; or why the
    file cannot be one ("avg.js:12: SyntaxError: …").
*/
struct StrategyOffer
{
    QJsonObject metaData;
    std::shared_ptr<const AllocationStrategyFactory> factory;
    QString error; //!< null when the offer is usable

    bool ok() const { return error.isNull() && factory != nullptr; }
};

/*!
    The root object of a plugin that runs strategies written in files (API 1.1): the JavaScript
    plugin opens every ".js" file the registry finds in a plugin folder. Its IID is its own, so a
    host of API 1.0 refuses it by its interface, and plugins built against API 1.0 (one strategy
    each, AllocationStrategyFactory) keep loading unchanged.

    The registry reads the metadata of each offer exactly as a native plugin's (same keys, same
    checks: name, version, API version, parameter schema) before it makes any strategy.
*/
class RBLAB_SDK_EXPORT StrategyCollection
{
public:
    virtual ~StrategyCollection();

    //! The file name suffixes this plugin opens, without the dot ("js").
    virtual QStringList fileSuffixes() const = 0;
    //! Reads one file and offers its strategy; must not throw, must not run the file's code
    //! outside its sandbox.
    virtual StrategyOffer open(const QString &path) const = 0;
};

} // namespace Rblab

#define RBLAB_STRATEGY_COLLECTION_IID "org.rebalancelab.StrategyCollection/1"
Q_DECLARE_INTERFACE(Rblab::StrategyCollection, RBLAB_STRATEGY_COLLECTION_IID)
