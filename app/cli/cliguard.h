// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>

/*!
    Plugins run in rblab's own process, so a plugin that crashes, calls exit() or never returns
    takes the command with it. CliGuard makes that visible: while a call is marked with
    CliGuard::Call, a fatal signal writes (with async-signal-safe write(2)) what was running and
    re-raises, exit() gives a message and status 3 instead of a silent 0, and an optional watchdog
    ends a call that runs longer than --call-timeout, naming it.
*/
class CliGuard
{
public:
    //! Installs the signal handlers (on an alternate stack, for stack overflows) and the exit
    //! guard.
    static void install();
    //! 0: no watchdog (the default).
    static void setCallTimeout(int milliseconds);

    /*!
        Marks what runs from now until leave(), innermost last (up to 8 levels are named); what
        describes it (UTF-8) goes into error messages. A timed entry is a call into plugin code,
        which --call-timeout bounds; an untimed one only names the context (a whole run).
    */
    static void enter(const QByteArray &what, bool timed = true);
    static void leave();

    //! enter() for the lifetime of the object.
    class Call
    {
    public:
        explicit Call(const QByteArray &what, bool timed = true) { enter(what, timed); }
        ~Call() { leave(); }
        Call(const Call &) = delete;
        Call &operator=(const Call &) = delete;
    };

    //! The status when a plugin call ends the process (exit(), timeout).
    static constexpr int kPluginFailureStatus = 3;
};
