// SPDX-License-Identifier: Apache-2.0
// A RocketMQ distribution on this machine: where its jars are, which version, how to run Java.
#pragma once

#include "realrunplan.h"

#include <QString>
#include <QStringList>

namespace Rblab {

/*!
    A RocketMQ folder `rblab real-run` can start a cluster from: the builds beside the project
    (`bin/classpath` and `bin/java-opts` print what Java needs) or an official binary
    distribution (every jar in `lib/`). Found from `--rocketmq DIR`, else `ROCKETMQ_HOME`.
*/
struct RocketMqHome
{
    QString dir;
    QString version; //!< "4.9.8", from lib/rocketmq-client-<version>.jar
    RealRunPlan::Version family = RealRunPlan::Version::V49;
    QString classpath;
    QStringList javaOptions; //!< for every JVM (Java 17's --add-opens …)
    QString java; //!< the `java` program
    QString javac; //!< the `javac` program; empty when only a runtime is installed

    //! A logback file of the distribution's conf/ for a 5.x server or tool ("broker"), or "".
    QString logbackFor(const QString &role) const;

    /*!
        The distribution at `given` (or ROCKETMQ_HOME when empty), checked: on failure `error`
        says in one line what is missing and how to get it.
    */
    static RocketMqHome find(const QString &given, QString *error);
};

} // namespace Rblab
