// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/allocationstrategy.h>

#include <QVariantMap>

namespace Rblab {

class PluginIsolation;

/*!
    The engine's side of a strategy that lives in a helper process: every call is a frame over
    the helper's local socket, answered within the isolation's call timeout. A helper that
    crashes, hangs or hangs up turns the call into an error naming the plugin and its version;
    the strategy is made again in the next helper before its next call.
*/
class IsolatedStrategy final : public AllocationStrategy
{
public:
    //! `label` names the plugin in errors ("CONSISTENT_HASH v2").
    //! `file` is the plugin's library, which the helper loads if its own search misses it.
    IsolatedStrategy(const PluginIsolation &isolation, QString strategy, QString file,
        QVariantMap params, QString defaultTopic, QString label);
    ~IsolatedStrategy() override;

    //! Makes the strategy in the calling thread's helper; false with the error and the
    //! offending parameter (if any) when the helper's factory refuses or fails.
    bool make(QString *parameter, QString *error);

    QString name() const override { return m_name; }
    AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const MessageQueueList &mqAll, const QStringList &cidAll) override;
    GroupAllocateResult allocateAll(const QString &consumerGroup, const MessageQueueList &mqAll,
        const QStringList &cidAll) override;

private:
    QString failureText(int failure, const char *call, const QString &detail) const;

    const PluginIsolation &m_isolation;
    QString m_strategy;
    QString m_file;
    QVariantMap m_params;
    QString m_defaultTopic;
    QString m_label;
    QString m_name;
    quint32 m_instance;
    quint64 m_serial = 0; //!< the helper that holds our instance
    // The lists the helper holds for our instance from the last answered call: a group asks
    // every member with the same lists, so they cross the socket once per membership.
    quint64 m_listsSerial = 0;
    MessageQueueList m_sentQueues;
    QStringList m_sentCids;
};

} // namespace Rblab
