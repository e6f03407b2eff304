#include "Symbols.h"

#include <algorithm>
#include <cstdlib>
#include <cxxabi.h>
#include <elfutils/libdwfl.h>
#include <fstream>
#include <unistd.h>

namespace burstlab::engine::profile {

namespace {

// Kernel text lives in the upper half of the address space on x86-64.
constexpr uint64_t kKernelStart = 0xffff800000000000ULL;
// /proc/kallsyms is a few MB; read no more than this.
constexpr std::streamsize kKallsymsMax = 64 << 20;

const Dwfl_Callbacks kCallbacks = {dwfl_linux_proc_find_elf, dwfl_standard_find_debuginfo, nullptr,
                                   nullptr};

std::string baseName(const char *path) {
    const std::string p = path ? path : "";
    const auto slash = p.rfind('/');
    return slash == std::string::npos ? p : p.substr(slash + 1);
}

// Where a name's parameter list begins: the first '(' outside template
// arguments ("operator()" keeps its own pair).
std::size_t parametersAt(const std::string &name) {
    int angle = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '<') {
            ++angle;
        } else if (c == '>') {
            --angle;
        } else if (c == '(' && angle == 0) {
            if (name.compare(i, 3, "()(") == 0 && i >= 8 &&
                name.compare(i - 8, 8, "operator") == 0) {
                return i + 2;
            }
            return i;
        }
    }
    return std::string::npos;
}

// The space after a return type: the last one outside template arguments,
// unless it belongs to an operator's name ("operator new").
std::size_t returnTypeEnd(const std::string &name) {
    int angle = 0;
    std::size_t space = std::string::npos;
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] == '<') {
            ++angle;
        } else if (name[i] == '>') {
            --angle;
        } else if (name[i] == ' ' && angle == 0) {
            space = i;
        }
    }
    if (space == std::string::npos || name.find("operator") != std::string::npos) {
        return std::string::npos;
    }
    return space;
}

} // namespace

Symbols::Symbols() {
    m_dwfl = dwfl_begin(&kCallbacks);
    reportMaps();
    readKallsyms();
}

Symbols::~Symbols() {
    if (m_dwfl) {
        dwfl_end(m_dwfl);
    }
}

void Symbols::reportMaps() {
    if (!m_dwfl) {
        return;
    }
    dwfl_report_begin(m_dwfl);
    dwfl_linux_proc_report(m_dwfl, getpid());
    dwfl_report_end(m_dwfl, nullptr, nullptr);
}

std::string Symbols::demangled(const char *name) {
    int status = 0;
    char *plain = abi::__cxa_demangle(name, nullptr, nullptr, &status);
    std::string out = status == 0 && plain ? plain : name;
    std::free(plain);
    if (const auto at = parametersAt(out); at != std::string::npos) {
        out.erase(at);
    }
    // A template function's name comes after its return type.
    if (const auto at = returnTypeEnd(out); at != std::string::npos) {
        out.erase(0, at + 1);
    }
    return out;
}

const Frame &Symbols::of(uint64_t address) {
    if (const auto it = m_cache.find(address); it != m_cache.end()) {
        return it->second;
    }
    return m_cache.emplace(address, address >= kKernelStart ? kernel(address) : user(address))
        .first->second;
}

Frame Symbols::user(uint64_t address) {
    if (!m_dwfl) {
        return {"[unknown]", "[unknown]"};
    }
    Dwfl_Module *module = dwfl_addrmodule(m_dwfl, address);
    if (!module && !m_mapsRead) {
        // A library mapped since the maps were read (a driver's). Once per
        // batch: a call chain through code built without frame pointers
        // holds many addresses of no library, and reading the maps for each
        // held a step's end for seconds on an emulated CPU.
        reportMaps();
        m_mapsRead = true;
        module = dwfl_addrmodule(m_dwfl, address);
    }
    if (!module) {
        return {"[unknown]", "[unknown]"};
    }
    const char *file = nullptr;
    const char *moduleName =
        dwfl_module_info(module, nullptr, nullptr, nullptr, nullptr, nullptr, &file, nullptr);
    Frame f;
    f.module = baseName(file ? file : moduleName);
    const char *name = dwfl_module_addrname(module, address);
    f.name = name ? demangled(name) : "[" + f.module + "]";
    return f;
}

void Symbols::readKallsyms() {
    // "ffffffffc0a01000 t pktgen_xmit\t[pktgen]": a loaded module's symbols
    // name it after a tab, the kernel's none. Split by hand: the file has
    // some 150,000 lines, and an emulated CPU reads them slowly enough.
    std::ifstream in("/proc/kallsyms");
    std::string line;
    std::streamsize read = 0;
    while (read < kKallsymsMax && std::getline(in, line)) {
        read += static_cast<std::streamsize>(line.size()) + 1;
        const auto space = line.find(' ');
        if (space == std::string::npos || space + 3 >= line.size() ||
            (line[space + 1] != 't' && line[space + 1] != 'T')) {
            continue;
        }
        const uint64_t at = std::strtoull(line.c_str(), nullptr, 16);
        if (at == 0) { // kptr_restrict hides every address as 0
            continue;
        }
        const auto nameAt = space + 3;
        const auto tab = line.find('\t', nameAt);
        m_kallsyms.push_back({at,
                              {line.substr(nameAt, tab == std::string::npos ? tab : tab - nameAt),
                               tab == std::string::npos ? "[kernel]" : line.substr(tab + 1)}});
    }
    std::sort(m_kallsyms.begin(), m_kallsyms.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
}

Frame Symbols::kernel(uint64_t address) {
    const auto it = std::upper_bound(m_kallsyms.begin(), m_kallsyms.end(), address,
                                     [](uint64_t a, const auto &s) { return a < s.first; });
    if (it == m_kallsyms.begin()) {
        return {"[kernel]", "[kernel]"};
    }
    return std::prev(it)->second;
}

} // namespace burstlab::engine::profile
