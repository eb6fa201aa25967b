// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

//! rblab check-strategy NAME|FILE [--param k=v …] [--json] [--quick]
int runCheckStrategyCommand(CliContext &context);
