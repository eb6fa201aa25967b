// SPDX-License-Identifier: Apache-2.0
#include "document/scenariodocument.h"

#include <scenario/scenarioreader.h>
#include <scenario/scenariowriter.h>
#include <run/simulation.h>

#include <algorithm>

namespace Rblab {

ScenarioDocument::ScenarioDocument(QObject *parent) : QObject(parent)
{
}

bool ScenarioDocument::open(const QString &path, const StrategyRegistry *registry,
    QString *errorText, const QString &strategyOverride)
{
    ScenarioReadResult result = ScenarioReader::readFile(path, registry);
    if (!result.ok() || !result.scenario) {
        if (errorText) {
            *errorText = result.errorText();
        }
        return false;
    }
    if (registry) {
        const QString error = runError(*result.scenario, *registry, strategyOverride);
        if (!error.isEmpty()) {
            if (errorText) {
                *errorText = QStringLiteral("%1: %2").arg(path, error);
            }
            return false;
        }
    }
    setScenario(*result.scenario, path);
    m_warnings = result.diagnostics;
    return true;
}

QString ScenarioDocument::runError(
    const Scenario &scenario, const StrategyRegistry &registry, const QString &strategyOverride)
{
    // Building the world creates every consumer's strategy; nothing runs. The worker builds
    // its own afterwards (a Simulation belongs to one thread).
    Simulation::Options options;
    options.strategy = strategyOverride;
    options.recordSamples = false;
    return Simulation(scenario, registry, options).error();
}

void ScenarioDocument::setScenario(const Scenario &scenario, const QString &path)
{
    m_scenario = scenario;
    m_path = path;
    m_recorded.clear();
    m_warnings.clear();
    setModified(false);
    emit scenarioReplaced();
}

void ScenarioDocument::restore(const Scenario &scenario, const QString &path)
{
    setScenario(scenario, path);
    setModified(true);
}

bool ScenarioDocument::save(const QString &path, QString *error)
{
    if (!ScenarioWriter::save(m_scenario, path, error)) {
        return false;
    }
    m_path = path;
    setModified(false);
    return true;
}

void ScenarioDocument::recordCommand(const ScenarioEvent &command)
{
    m_recorded.append(command);
    // Scripted events run in time order; a command goes after everything scripted at its time,
    // as it came after those when the user gave it.
    auto &events = m_scenario.events;
    const auto at = std::upper_bound(events.begin(), events.end(), command.at,
        [](SimTime t, const ScenarioEvent &e) { return t < e.at; });
    events.insert(at, command);
    setModified(true);
    emit changed();
}

void ScenarioDocument::dropLastRecorded(int count)
{
    count = qBound(0, count, int(m_recorded.size()));
    if (count == 0) {
        return;
    }
    auto &events = m_scenario.events;
    for (int i = 0; i < count; ++i) {
        const ScenarioEvent command = m_recorded.takeLast();
        // recordCommand put it after the scripted events of its time: the last equal one is it.
        for (qsizetype k = events.size() - 1; k >= 0; --k) {
            if (events.at(k) == command) {
                events.remove(k);
                break;
            }
        }
    }
    setModified(true);
    emit changed();
}

void ScenarioDocument::setProfile(Profile profile)
{
    if (m_scenario.profile == profile) {
        return;
    }
    m_scenario.profile = profile;
    setModified(true);
    emit changed();
}

void ScenarioDocument::setModified(bool modified)
{
    if (m_modified == modified) {
        return;
    }
    m_modified = modified;
    emit modifiedChanged(modified);
}

} // namespace Rblab

#include "moc_scenariodocument.cpp"
