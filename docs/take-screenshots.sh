#!/bin/sh
# Screenshots of the real application for the documentation: starts burstlab
# under Xvfb with a throw-away store and settings, runs a burst sweep and a
# burst x clone sweep on net_null through the real engine, and saves the main
# window (also while the second sweep runs, and with a point's profile
# beside the table), the comparison (also with a point's profile diff), the host
# checklist, the runs list, the setup with kernel pktgen chosen, seed 004's
# netperf tables imported (a run's figures, and the 14K pair with and
# without gro compared) and the exported figures into docs/screenshots/ (a 1600x1000 screen) and
# docs/screenshots/1280x720/ (a laptop screen). With openbox installed the
# window is managed as on a desktop (title bar, maximised to the work area).
#
# usage: docs/take-screenshots.sh [BUILD_DIR]     (default: build)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-"$here/../build"}
app="$build/bin/burstlab-screenshot-tour"

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

# tour SCREEN OUT: one run of the tour on a fresh store and settings.
tour() {
    mkdir -p "$2"
    rm -rf "$scratch/home"
    mkdir -m 700 -p "$scratch/home"
    # A private home: the user's settings and run store stay untouched.
    HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/config" \
    XDG_DATA_HOME="$scratch/home/data" XDG_RUNTIME_DIR="$scratch/home" \
        timeout 300 xvfb-run -a -s "-screen 0 ${1}x24" sh -c '
            if command -v openbox >/dev/null; then openbox >/dev/null 2>&1 & sleep 1; fi
            exec "$0" "$1" "$2" "$3"' \
        "$app" "$scratch/home/screenshots.sqlite" "$2" "$here/../tests/data/netperf_seed004.txt"
    ls -l "$2"
}

tour 1600x1000 "$here/screenshots"
tour 1280x720 "$here/screenshots/1280x720"
# Exported figures have preset sizes whatever the screen: one copy is enough.
rm -f "$here/screenshots/1280x720/"*-chart.png "$here/screenshots/1280x720/"figure-* \
    "$here/screenshots/1280x720/"export-dialog.png
