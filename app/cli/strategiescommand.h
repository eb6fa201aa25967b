// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

//! `rblab strategies [--json]`: the loaded strategies, then the plugin files that failed.
int runStrategiesCommand(CliContext &context);
