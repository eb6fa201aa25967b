// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

class CliContext;

//! `rblab real-run SCENARIO --rocketmq DIR --out DIR`: plays a scenario on a real RocketMQ.
int runRealRunCommand(CliContext &context);

/*!
    `rblab compare SCENARIO --real DIR [--seeds N]`: a real run beside the engine's runs of the
    same scenario over N seeds, a verdict per figure. Exit 0 when every figure agrees, 1 when one
    does not, 2 on bad input.
*/
int runRealCompare(CliContext &context, const QString &scenarioFile, const QString &realDir,
    int seeds, const QString &format, const QString &output);
