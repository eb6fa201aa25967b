// SPDX-License-Identifier: Apache-2.0
#include "referencedata.h"

#include <json/jsonparser.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace ReferenceData {

namespace {

QList<QByteArray> readLines(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return {};
    }
    QList<QByteArray> lines;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (!line.trimmed().isEmpty()) {
            lines.append(line);
        }
    }
    return lines;
}

QString describe(const QSet<Rblab::MessageQueue> &queues)
{
    QList<Rblab::MessageQueue> list(queues.cbegin(), queues.cend());
    Rblab::sortRocketMq(list);
    QStringList parts;
    for (const Rblab::MessageQueue &mq : list) {
        parts.append(mq.brokerName + QLatin1Char(':') + QString::number(mq.queueId));
    }
    return QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
}

} // namespace

QHash<QString, QSet<Rblab::MessageQueue>> allocationSets(
    const QJsonObject &allocation, const QString &topic)
{
    QHash<QString, QSet<Rblab::MessageQueue>> sets;
    for (auto it = allocation.begin(); it != allocation.end(); ++it) {
        QSet<Rblab::MessageQueue> &set = sets[it.key()];
        for (const QJsonValue &q : it.value().toArray()) {
            const QJsonObject o = q.toObject();
            set.insert(Rblab::MessageQueue { o.value(QStringLiteral("topic")).toString(topic),
                o.value(QStringLiteral("brokerName")).toString(),
                o.value(QStringLiteral("queueId")).toInt(-1) });
        }
    }
    return sets;
}

QList<Case> load(QString *error)
{
    const QString dir = QStringLiteral(RBLAB_TEST_DATA_DIR "/allocation/");
    const QList<QByteArray> caseLines = readLines(dir + QStringLiteral("cases.jsonl"), error);
    const QList<QByteArray> expectedLines
        = readLines(dir + QStringLiteral("expected.jsonl"), error);
    if (!error->isEmpty()) {
        return {};
    }
    if (caseLines.size() != expectedLines.size()) {
        *error = QStringLiteral("%1 cases but %2 answers")
                     .arg(caseLines.size())
                     .arg(expectedLines.size());
        return {};
    }
    QList<Case> cases;
    for (qsizetype i = 0; i < caseLines.size(); ++i) {
        Case c;
        QString parseError;
        Rblab::AllocationCaseRunner::Outcome kind;
        const Rblab::JsonParser::Result input = Rblab::JsonParser::parse(caseLines.at(i));
        if (!input.ok()
            || !Rblab::AllocationCaseRunner::parse(*input.root, &c.input, &parseError, &kind)) {
            *error = QStringLiteral("case line %1: %2").arg(i + 1).arg(parseError);
            return {};
        }
        const QJsonObject expected = QJsonDocument::fromJson(expectedLines.at(i)).object();
        if (expected.value(QStringLiteral("id")).toString() != c.input.id) {
            *error = QStringLiteral("line %1: case %2 but answer %3")
                         .arg(i + 1)
                         .arg(c.input.id, expected.value(QStringLiteral("id")).toString());
            return {};
        }
        c.expectError = expected.contains(QStringLiteral("error"));
        c.expected = allocationSets(
            expected.value(QStringLiteral("allocation")).toObject(), c.input.topic);
        cases.append(std::move(c));
    }
    return cases;
}

QString compareAnswer(const Case &reference, const QJsonObject &answer)
{
    if (answer.value(QStringLiteral("id")).toString() != reference.input.id) {
        return QStringLiteral("answer for id \"%1\", expected \"%2\"")
            .arg(answer.value(QStringLiteral("id")).toString(), reference.input.id);
    }
    const bool isError = answer.contains(QStringLiteral("error"));
    if (reference.expectError) {
        return isError ? QString() : QStringLiteral("Java throws, but we answered an allocation");
    }
    if (isError) {
        return QStringLiteral("unexpected error: %1")
            .arg(answer.value(QStringLiteral("error")).toString());
    }
    if (!answer.value(QStringLiteral("allocation")).isObject()) {
        return QStringLiteral("no \"allocation\" object");
    }
    const auto actual = allocationSets(
        answer.value(QStringLiteral("allocation")).toObject(), reference.input.topic);
    QStringList problems;
    for (auto it = reference.expected.cbegin(); it != reference.expected.cend(); ++it) {
        if (!actual.contains(it.key())) {
            problems.append(QStringLiteral("%1 missing").arg(it.key()));
        } else if (actual.value(it.key()) != it.value()) {
            problems.append(
                QStringLiteral("%1 got %2, Java %3")
                    .arg(it.key(), describe(actual.value(it.key())), describe(it.value())));
        }
    }
    for (auto it = actual.cbegin(); it != actual.cend(); ++it) {
        if (!reference.expected.contains(it.key())) {
            problems.append(QStringLiteral("unexpected consumer %1").arg(it.key()));
        }
    }
    std::sort(problems.begin(), problems.end());
    return problems.join(QStringLiteral("; "));
}

} // namespace ReferenceData
