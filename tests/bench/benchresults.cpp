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

void record(const QString &name, double value, const QString &unit, const QString &note)
{
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
    QJsonObject entry { { QStringLiteral("name"), name }, { QStringLiteral("value"), value },
        { QStringLiteral("unit"), unit } };
    if (!note.isEmpty()) {
        entry.insert(QStringLiteral("note"), note);
    }
    kept.append(entry);
    QSaveFile out(path);
    if (out.open(QIODevice::WriteOnly)) {
        out.write(QJsonDocument(QJsonObject { { QStringLiteral("benchmarks"), kept } }).toJson());
        out.commit();
    }
    qInfo("bench %s = %g %s", qPrintable(name), value, qPrintable(unit));
}

} // namespace BenchResults
