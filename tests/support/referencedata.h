// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <allocation/allocationcase.h>

#include <rblab/messagequeue.h>

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>

/*!
    The 300 reference cases of tests/data/allocation with the answers of RocketMQ's Java client.
*/
namespace ReferenceData {

struct Case
{
    Rblab::AllocationCase input;
    bool expectError = false; //!< the Java strategy threw (only the fact counts, not the text)
    QHash<QString, QSet<Rblab::MessageQueue>> expected; //!< consumer id → its queues
};

//! Reads cases.jsonl and expected.jsonl, paired by line and checked by id.
QList<Case> load(QString *error);

//! An "allocation" object of an answer, as consumer id → set of queues (topic defaults to topic).
QHash<QString, QSet<Rblab::MessageQueue>> allocationSets(
    const QJsonObject &allocation, const QString &topic);

/*!
    Compares one answer object ({"id", "allocation"} or {"id", "error"}) with a reference case.
    Returns an empty string when they agree, else what differs.
*/
QString compareAnswer(const Case &reference, const QJsonObject &answer);

} // namespace ReferenceData
