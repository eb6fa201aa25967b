// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

/*!
    rblab compare SCENARIO --variant SPEC… [--group G] [--seeds N | --seed-list A,B…] [--until D]
                  [--jobs J] [--format table|json|csv] [--output FILE] [--shard I/N]
    rblab compare --merge PART… [--format …] [--output FILE]
*/
int runCompareCommand(CliContext &context);
