#!/bin/sh
# Screenshots of the real application for the documentation: starts burstlab
# under Xvfb with a throw-away store and settings, runs two short burst sweeps
# on net_null through the real engine, and saves the main window, the
# comparison, the host checklist, the runs list and the exported charts into
# docs/screenshots/.
#
# usage: docs/take-screenshots.sh [BUILD_DIR]     (default: build)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-"$here/../build"}
app="$build/bin/burstlab"
out="$here/screenshots"

if [ ! -x "$app" ]; then
    echo "error: $app is not built (cmake --build $build)" >&2
    exit 2
fi
if ! command -v xvfb-run >/dev/null; then
    echo "error: xvfb-run not found (apt-get install xvfb)" >&2
    exit 2
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$out"

# A private home: the user's settings and run store stay untouched.
HOME="$scratch" XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" \
XDG_RUNTIME_DIR="$scratch" \
    timeout 300 xvfb-run -a -s "-screen 0 1600x1000x24" \
    "$app" --db "$scratch/screenshots.sqlite" --screenshot-tour "$out"

ls -l "$out"
