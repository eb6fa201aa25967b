// SPDX-License-Identifier: Apache-2.0
#include "json/scenariodiagnostic.h"

namespace Rblab {

QString ScenarioDiagnostic::toString() const
{
    QString text = file;
    if (line > 0) {
        text += QLatin1Char(':') + QString::number(line) + QLatin1Char(':')
            + QString::number(column);
    }
    text += QStringLiteral(": ");
    text += severity == Severity::Error ? tr("error") : tr("warning");
    text += QStringLiteral(": ");
    if (!path.isEmpty()) {
        text += path + QStringLiteral(": ");
    }
    return text + message;
}

} // namespace Rblab
