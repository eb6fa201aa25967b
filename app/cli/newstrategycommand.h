// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

//! rblab new-strategy NAME --cpp|--js [DIR]: writes a ready strategy project.
int runNewStrategyCommand(CliContext &context);
