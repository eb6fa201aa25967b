// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

//! `rblab allocate [FILE|-]`: the JSON Lines contract of docs allocate-jsonl.md.
int runAllocateCommand(CliContext &context);
