// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

//! `rblab import-mqadmin`: mqadmin consumerConnection / consumerProgress text → a scenario.
int runImportMqadminCommand(CliContext &context);
