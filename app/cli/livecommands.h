// SPDX-License-Identifier: Apache-2.0
#pragma once

class CliContext;

//! `rblab snapshot`: a live group's starting world, read over RocketMQ's remoting protocol.
int runSnapshotCommand(CliContext &context);
//! `rblab watch`: a line for each change of a live group between two polls.
int runWatchCommand(CliContext &context);
