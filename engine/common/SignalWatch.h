#pragma once

namespace burstlab::engine {

// SIGTERM, SIGINT and SIGHUP as a readable descriptor for the command loop's
// poll(). The signals are blocked before EAL starts its threads, so they
// inherit the mask and only this descriptor ever sees them.
class SignalWatch {
  public:
    SignalWatch();
    ~SignalWatch();
    SignalWatch(const SignalWatch &) = delete;
    SignalWatch &operator=(const SignalWatch &) = delete;

    int fd() const { return m_fd; }
    // Returns the pending signal number, or 0.
    int take();

  private:
    int m_fd = -1;
};

} // namespace burstlab::engine
