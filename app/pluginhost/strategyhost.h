// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace Rblab {

class StrategyRegistry;

/*!
    The helper's side (`rblab strategy-host --socket NAME`): connects to the host's local
    socket and serves its requests (HostProtocol) with strategies made by `registry`, each call
    guarded as in process (an exception becomes an error). Returns when the host hangs up: 0, or
    2 after a message when the socket cannot be opened or a frame cannot be read.
*/
int runStrategyHost(const QString &socketName, StrategyRegistry &registry);

/*!
    Caps the helper's address space (setrlimit RLIMIT_AS), so that a plugin that allocates
    without bound gets std::bad_alloc or dies in the helper, not the machine. Not under
    AddressSanitizer, whose shadow memory needs terabytes of address space. False with a
    reason when the limit cannot be set.
*/
bool limitAddressSpace(qint64 megabytes, QString *error);

} // namespace Rblab
