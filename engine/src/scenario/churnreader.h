// SPDX-License-Identifier: Apache-2.0
// Reads a scenario's random churn.
#pragma once

#include "scenario/scenario.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rblab {

class JsonNode;
class ScenarioReadContext;

/*!
    Reads the "churn" object: the group it acts on, the mean wait, the weights of the actions
    (known names only, none negative, at least one above zero), the bounds on live consumers
    and the recovery time.
*/
class ChurnReader
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioReader)

public:
    explicit ChurnReader(ScenarioReadContext &context) : m_context(context) { }

    std::optional<ChurnSpec> read(const JsonNode &node, const QString &path);

    //! join, shutdown, kill, freeze, partition, pause, slow.
    static const QStringList &actionNames();

private:
    ScenarioReadContext &m_context;
};

} // namespace Rblab
