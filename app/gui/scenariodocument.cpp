// SPDX-License-Identifier: Apache-2.0
#include "scenariodocument.h"

#include <scenario/scenarioreader.h>
#include <scenario/scenariowriter.h>

#include <algorithm>

namespace Rblab {

ScenarioDocument::ScenarioDocument(QObject *parent) : QObject(parent)
{
}

bool ScenarioDocument::open(
    const QString &path, const StrategyRegistry *registry, QString *errorText)
{
    ScenarioReadResult result = ScenarioReader::readFile(path, registry);
    if (!result.ok() || !result.scenario) {
        if (errorText) {
            *errorText = result.errorText();
        }
        return false;
    }
    setScenario(*result.scenario, path);
    m_warnings = result.diagnostics;
    return true;
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
