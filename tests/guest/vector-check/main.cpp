// burstlab-vector-check: several processes at once keep values in every
// vector register of each instruction set the CPU and kernel offer, yield
// to each other thousands of times, and compare what they computed with the
// same arithmetic on plain integers. Prints one line per instruction set
// with a checksum that depends only on the arithmetic, so a guest's lines
// can be compared with the host's; exits 1 when a process's result differs
// from its reference (its vector state was lost or mixed up in a switch).
//
//   burstlab-vector-check [--processes N] [--rounds N]
#include "VectorWork.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace burstlab::vectorcheck;

namespace {

constexpr unsigned kYieldEvery = 16;

struct InstructionSet {
    const char *name;
    bool available;
    Outcome (*work)(uint64_t, unsigned, unsigned);
};

unsigned numberAfter(int argc, char **argv, int &i) {
    if (i + 1 >= argc) {
        std::fprintf(stderr, "burstlab-vector-check: %s needs a number\n", argv[i]);
        std::exit(2);
    }
    const unsigned long n = std::strtoul(argv[++i], nullptr, 10);
    if (n == 0 || n > 1000000000) {
        std::fprintf(stderr, "burstlab-vector-check: %s: 1..1000000000\n", argv[i - 1]);
        std::exit(2);
    }
    return static_cast<unsigned>(n);
}

// Runs the set's work in `processes` processes at once; true when each
// matched its reference. The checksum combines theirs.
bool runAtOnce(const InstructionSet &set, unsigned processes, unsigned rounds, uint64_t &checksum) {
    int fds[2];
    if (pipe(fds) != 0) {
        std::perror("pipe");
        std::exit(2);
    }
    for (unsigned p = 0; p < processes; ++p) {
        if (fork() == 0) {
            close(fds[0]);
            const Outcome o = set.work(p + 1, rounds, kYieldEvery);
            const bool written = write(fds[1], &o, sizeof o) == sizeof o;
            _exit(written ? 0 : 2);
        }
    }
    close(fds[1]);
    bool all = true;
    checksum = 0;
    unsigned got = 0;
    Outcome o;
    while (read(fds[0], &o, sizeof o) == sizeof o) {
        ++got;
        checksum ^= o.checksum;
        all = all && o.matches;
    }
    close(fds[0]);
    while (wait(nullptr) > 0) {
    }
    return all && got == processes;
}

} // namespace

int main(int argc, char **argv) {
    unsigned processes = 8, rounds = 200000;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--processes") == 0) {
            processes = numberAfter(argc, argv, i);
        } else if (std::strcmp(argv[i], "--rounds") == 0) {
            rounds = numberAfter(argc, argv, i);
        } else {
            std::fprintf(stderr, "usage: burstlab-vector-check [--processes N] [--rounds N]\n");
            return 2;
        }
    }
    __builtin_cpu_init();
    // __builtin_cpu_supports also asks whether the kernel saves the state
    // (XCR0), so a set the kernel leaves off counts as not available.
    const InstructionSet sets[] = {{"sse2", true, runSse2},
                                   {"avx2", __builtin_cpu_supports("avx2") != 0, runAvx2},
                                   {"avx512f", __builtin_cpu_supports("avx512f") != 0, runAvx512}};
    int status = 0;
    for (const InstructionSet &set : sets) {
        if (!set.available) {
            std::printf("%s: not available here\n", set.name);
            continue;
        }
        uint64_t checksum = 0;
        const bool ok = runAtOnce(set, processes, rounds, checksum);
        std::printf("%s: %u processes x %u rounds: checksum %016" PRIx64 "%s\n", set.name,
                    processes, rounds, checksum,
                    ok ? "" : ": LOST (a process's vector result differs from its reference)");
        std::fflush(stdout);
        status = ok ? status : 1;
    }
    return status;
}
