// SPDX-License-Identifier: Apache-2.0
#include "benchresults.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace BenchResults {

namespace {

//! Replaces the entry of the same name in results.json, or adds it.
void store(const QJsonObject &entry)
{
    const QString name = entry.value(QStringLiteral("name")).toString();
    const QString path = QStringLiteral(RBLAB_BENCH_RESULTS);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QJsonArray list;
    QFile in(path);
    if (in.open(QIODevice::ReadOnly)) {
        list = QJsonDocument::fromJson(in.readAll())
                   .object()
                   .value(QStringLiteral("benchmarks"))
                   .toArray();
    }
    QJsonArray kept;
    for (const QJsonValue &v : std::as_const(list)) {
        if (v.toObject().value(QStringLiteral("name")).toString() != name) {
            kept.append(v);
        }
    }
    kept.append(entry);
    QSaveFile out(path);
    if (out.open(QIODevice::WriteOnly)) {
        out.write(QJsonDocument(QJsonObject { { QStringLiteral("benchmarks"), kept } }).toJson());
        out.commit();
    }
}

} // namespace

void record(const QString &name, double value, const QString &unit, const QString &note)
{
    QJsonObject entry { { QStringLiteral("name"), name }, { QStringLiteral("value"), value },
        { QStringLiteral("unit"), unit } };
    if (!note.isEmpty()) {
        entry.insert(QStringLiteral("note"), note);
    }
    store(entry);
    qInfo("bench %s = %g %s", qPrintable(name), value, qPrintable(unit));
}

void skip(const QString &name, const QString &unit, const QString &why)
{
    store(QJsonObject { { QStringLiteral("name"), name }, { QStringLiteral("value"), QJsonValue() },
        { QStringLiteral("unit"), unit },
        { QStringLiteral("note"), QStringLiteral("skipped: ") + why } });
    qInfo("bench %s skipped: %s", qPrintable(name), qPrintable(why));
}

} // namespace BenchResults
