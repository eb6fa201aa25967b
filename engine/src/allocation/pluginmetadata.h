// SPDX-License-Identifier: Apache-2.0
// A strategy plugin's metadata, read from the library without loading it.
#pragma once

#include <rblab/messagequeue.h>
#include <rblab/rblab_global.h>

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QVariant>

#include <optional>

namespace Rblab {

/*!
    A text in the source language with translations by locale name ("zh_CN"), as plugins write
    it: "Description" plus "Description[zh_CN]" (KDE's convention).
*/
struct RBLAB_ENGINE_EXPORT LocalizedText
{
    QString source;
    QHash<QString, QString> translations;

    //! The text for a locale name such as "zh_CN" (falls back to "zh", then to the source).
    QString text(const QString &localeName = QString()) const;
};

enum class ParameterType { Int, Double, Bool, String, StringList, QueueList, Strategy };

RBLAB_ENGINE_EXPORT QString parameterTypeName(ParameterType type);

/*!
    One entry of a plugin's parameter schema: name, type, default, range and description.
    For int and double, minimum/maximum bound the value; for strings and lists they bound the
    length. Every bound is inclusive.
*/
struct RBLAB_ENGINE_EXPORT ParameterSpec
{
    QString name;
    ParameterType type = ParameterType::String;
    QVariant defaultValue; //!< already of the C++ type of `type`; invalid when required
    bool absentIsNull = false; //!< "default": null: may be left out, and then reaches the factory
                               //!< as absent (Java's null)
    std::optional<double> minimum;
    std::optional<double> maximum;
    QStringList choices; //!< allowed values of a string, when the set is closed
    LocalizedText description;

    bool required() const { return !defaultValue.isValid() && !absentIsNull; }
    //! "integer from 0 to 100000", "one of AVG, …": the allowed range, in words.
    QString rangeText() const;
};

/*!
    The "Strategy" object of a plugin's metadata JSON (docs/plugin-sdk.md lists its keys).
*/
struct RBLAB_ENGINE_EXPORT StrategyMetadata
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::StrategyMetadata)

public:
    QString name;
    LocalizedText description;
    QString version;
    int apiMajor = 0;
    int apiMinor = 0;
    QString author;
    QString license;
    QString rocketMqClass; //!< the Java class it reproduces, when it reproduces one
    QList<ParameterSpec> parameters;
    bool forwardsParameters = false; //!< undeclared parameters go to an inner strategy

    const ParameterSpec *parameter(QStringView name) const;

    /*!
        Reads and checks the "MetaData" object that QPluginLoader::metaData() returns (or the
        plugin's JSON file itself). On failure, error says which key is wrong and how.
    */
    static StrategyMetadata fromJson(const QJsonObject &metaData, QString *error);
};

/*!
    The outcome of checking parameters against a schema: the values with their C++ types and
    defaults filled in, or which parameter is wrong (with the allowed range in the message).
*/
struct RBLAB_ENGINE_EXPORT ParameterCheck
{
    QVariantMap values;
    QVariantMap forwarded; //!< undeclared parameters, for strategies that forward them
    QString parameter;
    QString error;

    bool ok() const { return error.isNull(); }
};

/*!
    Converts and checks raw parameters (from JSON, a scenario or the GUI's form) against a schema.
    defaultTopic is the topic of queueList entries that do not name one.
*/
class RBLAB_ENGINE_EXPORT ParameterValidator
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ParameterValidator)

public:
    static ParameterCheck check(const StrategyMetadata &metadata, const QVariantMap &raw,
        const QString &defaultTopic = QString());
    //! One value; returns an error message naming the parameter, or a null string.
    static QString convert(
        const ParameterSpec &spec, const QVariant &raw, const QString &defaultTopic, QVariant *out);
};

} // namespace Rblab
