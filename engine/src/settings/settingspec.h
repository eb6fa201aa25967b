// SPDX-License-Identifier: Apache-2.0
// Table-driven descriptions of RocketMQ settings: one place for names, defaults and ranges.
#pragma once

#include <rblab/rblab_global.h>

#include <QString>
#include <QVariant>

namespace Rblab {

/*!
    One RocketMQ setting as scenarios, validation, the GUI's settings panel and the writer see it:
    its RocketMQ name (the key in scenario files), a friendly name, its kind, its default and the
    range RocketMQ itself allows (DefaultMQPushConsumerImpl.checkConfig and friends).
*/
struct RBLAB_ENGINE_EXPORT SettingSpec
{
    enum class Kind { Integer, Duration, Boolean };

    const char *key; //!< RocketMQ's name: "pullThresholdForQueue"
    const char *friendlyName; //!< "Cached messages per queue" (translated by the GUI)
    const char *unit; //!< "messages", "MiB", "" (durations are shown with units)
    Kind kind;
    qint64 defaultValue; //!< ms for durations, 0/1 for booleans
    qint64 minimum;
    qint64 maximum;
    bool minusOneMeansOff; //!< -1 is allowed and means "off" (pullThresholdForTopic)
    const char *source; //!< where RocketMQ defines it

    QString name() const { return QString::fromLatin1(key); }
    bool accepts(qint64 value) const
    {
        return (value >= minimum && value <= maximum) || (minusOneMeansOff && value == -1);
    }
    //! "an integer from 1 to 65535, or -1 (off)", "a duration from 100ms to 1h", "true or false".
    QString rangeText() const;
    //! A value as scenarios and commands carry it: booleans as 0 or 1, the rest as integers.
    static qint64 valueOf(const QVariant &value)
    {
        return value.typeId() == QMetaType::Bool ? (value.toBool() ? 1 : 0) : value.toLongLong();
    }
    //! This setting's value in a map of settings by RocketMQ name, or its default.
    qint64 valueIn(const QVariantMap &settings) const
    {
        const QVariant value = settings.value(name());
        return value.isValid() ? valueOf(value) : defaultValue;
    }
};

//! Formats milliseconds the way scenario files write them: "250ms", "1.5s", "20s", "5m", "1h".
RBLAB_ENGINE_EXPORT QString formatDuration(qint64 ms);
//! Formats a fractional duration (consume times): "0.5ms", "2ms", "1.5s".
RBLAB_ENGINE_EXPORT QString formatDurationF(double ms);

} // namespace Rblab
