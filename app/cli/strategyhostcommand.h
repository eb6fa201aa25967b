// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

//! rblab strategy-host --socket NAME: the helper process of plugin isolation (app/pluginhost).
int runStrategyHostCommand(CliContext &context);
