// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

//! rblab score-strategy NAME[:k=v,…]… [--seed N] [--samples N] [--json]
int runScoreStrategyCommand(CliContext &context);
