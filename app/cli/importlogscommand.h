// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

//! rblab import-logs LOG… [--group G] [--topic T] [--tz +08:00] [--anonymize]
//!     --report observed.json [--scenario replay.json]
int runImportLogsCommand(CliContext &context);
