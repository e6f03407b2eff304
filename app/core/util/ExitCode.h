#pragma once

namespace burstlab {

// burstlab-cli's exit codes (printed by --help, listed in docs/cli.md), which
// the GUI's command line shares where the same thing went wrong.
enum ExitCode : int {
    ExitOk = 0,
    ExitFailure = 1,      // the command ran and failed (a run not found, an import file unreadable)
    ExitUsage = 2,        // the command line is wrong, or a value the engine would refuse
    ExitEngine = 3,       // the engine did not start, crashed, hung or spoke garbage
    ExitStore = 4,        // the run store could not be opened, read or written
    ExitKeptLocally = 5,  // a sweep's store was lost for good: its run is kept in a local file
    ExitNotPermitted = 6, // the engine lacks a privilege it needs (pktgen: root); nothing stored
    ExitInterrupted = 130 // SIGINT or SIGTERM during a sweep: the run is stored as interrupted
};

} // namespace burstlab
