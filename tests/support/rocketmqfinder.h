// SPDX-License-Identifier: Apache-2.0
// Where the tests and benchmarks that need a real RocketMQ find one.
#pragma once

#include <rocketmqhome.h>

#include <QString>

namespace TestSupport {

/*!
    A RocketMQ `version` (4.9.8 unless said) with Java and javac (the real-run harness is
    compiled), looked for in this order: ROCKETMQ_HOME (ROCKETMQ5_HOME for a 5, as the Makefile
    names them) when its major version is the one asked for; ../shared/rocketmq/<version> beside
    this source tree; the same beside the repository this tree was cloned from (`git config
    remote.origin.url`, when it is a folder), so that a clone in /tmp (CI's) finds the one beside
    the project. The home, or one with an empty `dir` and `why` saying in one line what is
    missing.
*/
Rblab::RocketMqHome findRocketMq(QString *why, const QString &version = QStringLiteral("4.9.8"));

} // namespace TestSupport
