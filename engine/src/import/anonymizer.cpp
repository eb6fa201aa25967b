// SPDX-License-Identifier: Apache-2.0
#include "import/anonymizer.h"

#include "scenario/topicnames.h"

#include <QStringList>

#include <algorithm>

namespace Rblab {

QString Anonymizer::prefix(Kind kind)
{
    switch (kind) {
    case Kind::Ip:
        return QStringLiteral("ip");
    case Kind::Client:
        return QStringLiteral("client");
    case Kind::Host:
        return QStringLiteral("host");
    case Kind::Group:
        return QStringLiteral("group");
    case Kind::Topic:
        return QStringLiteral("topic");
    }
    return QString();
}

QString Anonymizer::hostOfAddress(const QString &address)
{
    const qsizetype colon = address.lastIndexOf(QLatin1Char(':'));
    return colon < 0 ? address : address.left(colon);
}

void Anonymizer::add(Kind kind, const QString &name)
{
    if (name.isEmpty() || (kind == Kind::Topic && TopicNames::isRetryTopic(name))) {
        return;
    }
    m_names[kind].insert(name);
}

void Anonymizer::addAddress(const QString &address)
{
    add(Kind::Ip, hostOfAddress(address));
}

void Anonymizer::build()
{
    for (auto it = m_names.cbegin(); it != m_names.cend(); ++it) {
        QStringList sorted(it.value().cbegin(), it.value().cend());
        std::sort(sorted.begin(), sorted.end());
        QMap<QString, QString> &placeholders = m_placeholders[it.key()];
        for (qsizetype i = 0; i < sorted.size(); ++i) {
            placeholders.insert(
                sorted[i], QStringLiteral("%1-%2").arg(prefix(it.key())).arg(i + 1));
        }
    }
}

QString Anonymizer::operator()(Kind kind, const QString &name) const
{
    if (!m_enabled || name.isEmpty()) {
        return name;
    }
    if (kind == Kind::Topic && TopicNames::isRetryTopic(name)) {
        return TopicNames::retryTopicOf((*this)(Kind::Group, TopicNames::groupOfRetryTopic(name)));
    }
    return m_placeholders.value(kind).value(name, name);
}

QString Anonymizer::address(const QString &address) const
{
    if (!m_enabled || address.isEmpty()) {
        return address;
    }
    const qsizetype colon = address.lastIndexOf(QLatin1Char(':'));
    return (*this)(Kind::Ip, hostOfAddress(address)) + (colon < 0 ? QString() : address.mid(colon));
}

} // namespace Rblab
