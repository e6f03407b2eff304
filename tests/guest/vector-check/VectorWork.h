#pragma once
// The vector self-check's work: R registers of L 64-bit lanes, each round
// v[i] = rotl(v[i] + v[i+1], 13) ^ v[i+3] in register order, with a
// sched_yield every few rounds while every v[i] sits in a vector register.
// Several processes doing this at once on a kernel that loses a process's
// vector state across a switch (the failure seen in User-mode Linux on hosts
// whose XSAVE area it does not know) end with values that differ from the
// same arithmetic done on plain integers, which is the reference.
#include <array>
#include <cstddef>
#include <cstdint>
#include <sys/syscall.h>
#include <utility>

namespace burstlab::vectorcheck {

using std::size_t;

struct Outcome {
    uint64_t checksum = 0; // of the vector result
    bool matches = false;  // the vector result equals the scalar reference
};

template <size_t R, size_t L> using Lanes = std::array<std::array<uint64_t, L>, R>;

template <size_t R, size_t L> Lanes<R, L> seeded(uint64_t seed) {
    Lanes<R, L> v{};
    for (size_t i = 0; i < R; ++i) {
        for (size_t l = 0; l < L; ++l) {
            // splitmix64: distinct, well-mixed lanes
            uint64_t z = (seed += 0x9e3779b97f4a7c15ULL);
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            v[i][l] = z ^ (z >> 31);
        }
    }
    return v;
}

template <class T> T mixed(T a, T b, T c) {
    return ((a + b) << 13 | (a + b) >> 51) ^ c;
}

template <size_t R, size_t L> void scalarRound(Lanes<R, L> &v) {
    for (size_t i = 0; i < R; ++i) {
        for (size_t l = 0; l < L; ++l) {
            v[i][l] = mixed(v[i][l], v[(i + 1) % R][l], v[(i + 3) % R][l]);
        }
    }
}

template <class V, size_t R, size_t... I>
void vectorRound(std::array<V, R> &v, std::index_sequence<I...>) {
    ((v[I] = mixed(v[I], v[(I + 1) % R], v[(I + 3) % R])), ...);
}

template <class V, size_t R, size_t L>
Outcome run(uint64_t seed, unsigned rounds, unsigned yieldEvery) {
    Lanes<R, L> expected = seeded<R, L>(seed);
    std::array<V, R> v;
    for (size_t i = 0; i < R; ++i) {
        for (size_t l = 0; l < L; ++l) {
            v[i][l] = expected[i][l];
        }
    }
    for (unsigned r = 0; r < rounds; ++r) {
        vectorRound(v, std::make_index_sequence<R>{});
        if (r % yieldEvery == 0) {
            // A syscall clobbers rcx and r11 only: the vector registers
            // hold every v[i] across the switches it allows.
            long ret = SYS_sched_yield;
            asm volatile("syscall" : "+a"(ret) : : "rcx", "r11");
        }
    }
    for (unsigned r = 0; r < rounds; ++r) {
        scalarRound(expected);
    }
    Outcome o{0, true};
    for (size_t i = 0; i < R; ++i) {
        for (size_t l = 0; l < L; ++l) {
            o.checksum = o.checksum * 31 + v[i][l];
            o.matches = o.matches && v[i][l] == expected[i][l];
        }
    }
    return o;
}

// One per instruction set: Work.cpp compiled for each (CMakeLists.txt).
Outcome runSse2(uint64_t seed, unsigned rounds, unsigned yieldEvery);
Outcome runAvx2(uint64_t seed, unsigned rounds, unsigned yieldEvery);
Outcome runAvx512(uint64_t seed, unsigned rounds, unsigned yieldEvery);

} // namespace burstlab::vectorcheck
