#pragma once

#include "CommandIntake.h"
#include "Engine.h"
#include "ExitCode.h"
#include "ProtocolOut.h"
#include "SignalWatch.h"

#include <cstdint>

namespace burstlab::engine {

// The main lcore's loop: poll() on stdin and the signal descriptor with a
// timeout until the next stats sample, commands handled while a step runs,
// stats and finished messages written, and the sink polled here when no
// spare lcore runs it.
class CommandLoop {
  public:
    CommandLoop(Engine &engine, ProtocolOut &out, SignalWatch &signals, int inFd);
    ExitCode run();

  private:
    CommandActions actions();
    void serviceStep();
    int pollTimeoutMs() const;

    Engine &m_engine;
    ProtocolOut &m_out;
    SignalWatch &m_signals;
    CommandInput m_input;
    uint64_t m_hz;
    uint64_t m_nextStatsTsc = 0;
    bool m_quit = false;
};

} // namespace burstlab::engine
