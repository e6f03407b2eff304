#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for SECONDS on a copy
# of its seed corpus. Fails when a target crashes, leaks or times out; the
# input that did it is kept in BUILD_DIR/crashes/TARGET/ and named below.
#
#   tests/fuzz/run-fuzzers.sh SECONDS [BUILD_DIR]
set -euo pipefail

seconds=${1:?usage: run-fuzzers.sh SECONDS [BUILD_DIR]}
here=$(cd "$(dirname "$0")" && pwd)
build=$(mkdir -p "${2:-build-fuzz}" && cd "${2:-build-fuzz}" && pwd)
targets=(command_parser message_parser)

cmake -S "$here/targets" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ >"$build/configure.log" ||
  { cat "$build/configure.log"; exit 1; }
cmake --build "$build" -j1

status=0
for t in "${targets[@]}"; do
  work="$build/corpus/$t"
  crashes="$build/crashes/$t"
  mkdir -p "$work" "$crashes"
  log="$build/$t.log"
  echo "== fuzz_$t: ${seconds}s"
  # Work on a copy: the seeds in the tree stay the hand-written ones. Offscreen
  # keeps Qt from looking for a display. One worker: the host is shared.
  if QT_QPA_PLATFORM=offscreen "$build/fuzz_$t" "$work" "$here/corpus/$t" \
      -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1; then
    grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|stat::number_of_executed_units|stat::peak_rss_mb' "$log" || true
  else
    status=1
    tail -n 60 "$log"
    echo "fuzz_$t FAILED; the input is kept:" >&2
    ls -1 "$crashes"/* >&2 || true
  fi
done
exit $status
