#pragma once

// Facts read from git at every build (cmake/WriteBuildFacts.cmake), not at
// configure time, so a run's fingerprint names the commit that measured it.
namespace burstlab::build {
// The short commit hash, or "unknown" when built outside git.
const char *gitHash();
// Whether tracked files differed from that commit when it was built.
bool gitDirty();
} // namespace burstlab::build
