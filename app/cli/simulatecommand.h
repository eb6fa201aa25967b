// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

//! `rblab simulate SCENARIO …`: runs a scenario headless and writes its report (report-format.md).
int runSimulateCommand(CliContext &context);
