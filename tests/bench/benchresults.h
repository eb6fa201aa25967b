// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

/*!
    Records a benchmark figure in build/bench/results.json
    ({"benchmarks": [{"name", "value", "unit"}]}), replacing an earlier figure of the same name.
    Written atomically, so benchmark programs can run one after another.
*/
namespace BenchResults {
void record(
    const QString &name, double value, const QString &unit, const QString &note = QString());
/*!
    Records that a figure was not measured, and why: {"name", "value": null, "unit",
    "note": "skipped: <why>"} (a benchmark that needs what this machine lacks, a real cluster).
*/
void skip(const QString &name, const QString &unit, const QString &why);
} // namespace BenchResults
