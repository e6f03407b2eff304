#pragma once

#include "CommandIntake.h"
#include "ExitCode.h"
#include "PktgenEngine.h"
#include "ProtocolOut.h"
#include "SignalWatch.h"

namespace burstlab::engine {

// The pktgen engine's loop: the kernel sends, so the engine only waits in
// poll() on stdin, the signal descriptor, the end of pktgen's start and
// timers (the stats period, the step's duration, a stop's repeat).
class PktgenLoop {
  public:
    PktgenLoop(PktgenEngine &engine, ProtocolOut &out, SignalWatch &signals, int inFd);
    ~PktgenLoop();
    PktgenLoop(const PktgenLoop &) = delete;
    PktgenLoop &operator=(const PktgenLoop &) = delete;

    ExitCode run();

  private:
    CommandActions actions();
    void armTimers();
    void disarmTimers();
    void armStopRepeat();

    PktgenEngine &m_engine;
    ProtocolOut &m_out;
    SignalWatch &m_signals;
    CommandInput m_input;
    int m_statsTimer = -1;
    int m_durationTimer = -1;
    int m_stopTimer = -1; // repeats a stop until pktgen took it
    bool m_stopArmed = false;
    bool m_quit = false;
};

} // namespace burstlab::engine
