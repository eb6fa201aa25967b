// SPDX-License-Identifier: Apache-2.0
// Stable placeholders for the names an incident's text gives away (import-logs and
// import-mqadmin --anonymize, docs/import.md).
#pragma once

#include <rblab/rblab_global.h>

#include <QMap>
#include <QSet>
#include <QString>

namespace Rblab {

/*!
    Replaces IPs, client ids, hosts, groups and topics with placeholders `ip-1`, `client-2`,
    `host-1`, `group-1`, `topic-3`. The names of each kind are gathered first (add()), then
    numbered in their sorted order (build()), so the same input gives the same placeholders
    whatever the order of its files or lines. A retry topic is not a name of its own: it follows
    its group (`%RETRY%group-1`, through TopicNames), and an address keeps its port
    (`ip-2:10911`). A name that was never added, and every name while the anonymiser is disabled,
    comes back unchanged.
*/
class RBLAB_ENGINE_EXPORT Anonymizer
{
public:
    enum class Kind { Ip, Client, Host, Group, Topic };

    explicit Anonymizer(bool enabled = false) : m_enabled(enabled) { }

    bool enabled() const { return m_enabled; }

    //! Gathers a name to number; empty names and retry topics (named after their group) are not.
    void add(Kind kind, const QString &name);
    //! An address's host part ("10.0.0.1:10911" gathers the IP "10.0.0.1").
    void addAddress(const QString &address);
    //! Numbers what was gathered (call once, after the last add()).
    void build();

    //! The placeholder of a name, or the name itself (disabled, empty, or never added).
    QString operator()(Kind kind, const QString &name) const;
    //! An address with its host part replaced and its port kept.
    QString address(const QString &address) const;

    //! "ip", "client", …: the placeholders' prefix.
    static QString prefix(Kind kind);

private:
    //! The part of an address before its last ':' (the whole text when there is none).
    static QString hostOfAddress(const QString &address);

    bool m_enabled = false;
    QMap<Kind, QSet<QString>> m_names;
    QMap<Kind, QMap<QString, QString>> m_placeholders;
};

} // namespace Rblab
