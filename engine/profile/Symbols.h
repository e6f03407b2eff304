#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

struct Dwfl;

namespace burstlab::engine::profile {

// A code address's function and the file it is in, as a profile names them.
struct Frame {
    std::string name;   // "[module]" where the file names no function there
    std::string module; // the file's base name, "[kernel]" or "[unknown]"
};

// Names code addresses of this process: user addresses by elfutils' libdwfl
// (the symbol tables of the program and the libraries mapped, .dynsym where
// a library is stripped), kernel ones by /proc/kallsyms (a module's by its
// name there, "[pktgen]"). Both are read when it is made, which an engine
// does at its start: in an emulated guest the kernel's list takes seconds,
// which a step's end must not wait for. C++ names come demangled and
// without their parameter lists. Main lcore only; answers are cached.
class Symbols {
  public:
    Symbols();
    ~Symbols();
    Symbols(const Symbols &) = delete;
    Symbols &operator=(const Symbols &) = delete;

    const Frame &of(uint64_t address);
    // New samples to name: an address outside every known library may be in
    // one mapped since (a driver's), so the next such miss reads the maps
    // again, once.
    void newSamples() { m_mapsRead = false; }

    // "ns::Class::f<true>(int, char*) const" -> "ns::Class::f<true>".
    static std::string demangled(const char *name);

  private:
    Frame user(uint64_t address);
    Frame kernel(uint64_t address);
    void reportMaps();
    void readKallsyms();

    Dwfl *m_dwfl = nullptr;
    std::vector<std::pair<uint64_t, Frame>> m_kallsyms; // by address
    std::unordered_map<uint64_t, Frame> m_cache;
    bool m_mapsRead = false; // since newSamples()
};

} // namespace burstlab::engine::profile
