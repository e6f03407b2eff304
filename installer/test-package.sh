#!/usr/bin/env bash
# Package test: builds the Debian package from an existing build directory,
# installs it with apt on this machine, runs the installed programs the way a
# user would (the CLI on net_null, the GUI under Xvfb, the engine as a member
# and as a non-member of the burstlab group), purges the package and checks
# that nothing is left. Needs root: it installs a package and creates no user
# (it runs as "nobody").
#
# Usage: installer/test-package.sh BUILD_DIR
set -euo pipefail

readonly PKG=burstlab
readonly ENGINE=/usr/libexec/burstlab/burstlab-engine
readonly PKTGEN_ENGINE=/usr/libexec/burstlab/burstlab-pktgen-engine
readonly CONF=/etc/burstlab/engine.conf
readonly GROUP=burstlab
readonly USER_NAME=nobody
readonly USER_GROUP=nogroup

current_step="setting up"
step() {
    current_step="$*"
    echo "== $*"
}
fail() {
    echo "package test FAILED while $current_step: $*" >&2
    exit 1
}
# Prints a file indented, for context; at most $2 lines when given.
show() {
    [ -s "$1" ] && sed -n "1,${2:-\$}p" "$1" | sed 's/^/    | /' >&2
    return 0
}

[ $# -eq 1 ] || fail "usage: $0 BUILD_DIR"
build_dir=$(cd "$1" && pwd) || fail "no build directory $1"
# CTest reads exit code 77 as "skipped": a developer's test run as a user, or
# on a machine where burstlab is installed for real, must not touch packages.
skip() {
    echo "package test SKIPPED: $*" >&2
    exit 77
}
[ "$(id -u)" -eq 0 ] || skip "not root (it installs and purges a package)"
if dpkg-query -W -f='${Status}' burstlab 2>/dev/null | grep -q "install ok installed"; then
    skip "a burstlab package is already installed here; the test would purge it"
fi
[ -f "$build_dir/CMakeCache.txt" ] || fail "$build_dir is not a configured CMake build directory"
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
[ "$prefix" = /usr ] ||
    fail "the build directory installs into '$prefix': configure it with the default prefix /usr"

missing=()
for tool in apt-get dpkg-deb lintian desktop-file-validate appstreamcli getcap capsh runuser \
    xvfb-run man; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
command -v xdotool >/dev/null || command -v xwininfo >/dev/null || missing+=(xdotool)
[ ${#missing[@]} -eq 0 ] ||
    fail "missing tools: ${missing[*]} (installer/bootstrap-debian.sh installs them)"
if dpkg-query -W -f='${Status}' "$PKG" 2>/dev/null | grep -q "install ok installed"; then
    fail "$PKG is already installed here; purge it first (apt-get purge $PKG)"
fi

# Everything this test writes goes here; "nobody" must be able to use it.
work=$(mktemp -d /tmp/burstlab-pkgtest.XXXXXX)
chmod 0755 "$work"
home="$work/home"
mkdir -p "$home"
chown "$USER_NAME:$USER_GROUP" "$home"
installed_by_us=0
engine_writer_open=0
engine_job=""
cleanup() {
    local rc=$?
    [ "$engine_writer_open" -eq 0 ] || exec 3>&-
    # runuser passes the signal on to the engine it started
    [ -z "$engine_job" ] || kill "$engine_job" 2>/dev/null || true
    if [ "$installed_by_us" -eq 1 ] &&
        dpkg-query -W -f='${Status}' "$PKG" 2>/dev/null | grep -q installed; then
        echo "== cleaning up: purging $PKG after a failure" >&2
        DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq "$PKG" >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
    exit "$rc"
}
trap cleanup EXIT

# env(1) with HOME and the XDG folders in the given directory, so the
# programs' settings and stores stay out of real users' homes.
home_env() {
    env_cmd=(env HOME="$1" XDG_CONFIG_HOME="$1/.config" XDG_DATA_HOME="$1/.local/share"
        XDG_CACHE_HOME="$1/.cache")
}
# Runs a command as the unprivileged user in its test home; extra groups
# (runuser -G) come first.
as_user() {
    local groups=()
    while [ "${1:-}" = -G ]; do
        groups+=(-G "$2")
        shift 2
    done
    home_env "$home"
    runuser -u "$USER_NAME" -g "$USER_GROUP" "${groups[@]}" -- "${env_cmd[@]}" "$@"
}

step "building the package"
rm -f "$build_dir/${PKG}"_*.deb
cmake --build "$build_dir" --target package >"$work/cpack.log" 2>&1 ||
    { show "$work/cpack.log"; fail "cmake --build $build_dir --target package failed"; }
debs=("$build_dir/${PKG}"_*_amd64.deb)
[ -f "${debs[0]}" ] || { show "$work/cpack.log"; fail "no ${PKG}_*_amd64.deb in $build_dir"; }
deb=${debs[0]}
echo "package: $(basename "$deb")"

step "checking the package with lintian"
lintian --fail-on error "$deb" >"$work/lintian.log" 2>&1 ||
    { show "$work/lintian.log"; fail "lintian reports errors"; }
show "$work/lintian.log"
dpkg-deb -c "$deb" >"$work/contents"
for program in usr/bin/burstlab usr/bin/burstlab-cli "${ENGINE#/}"; do
    grep -q " \./$program\$" "$work/contents" || fail "the package holds no /$program"
done

step "installing the package with apt"
installed_by_us=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >"$work/apt.log" 2>&1 ||
    { show "$work/apt.log"; fail "apt-get install $deb failed"; }
dpkg -L "$PKG" | while read -r path; do [ -f "$path" ] && echo "$path"; done \
    >"$work/files"
[ -s "$work/files" ] || fail "dpkg -L $PKG lists no files"

step "checking the installed files"
desktop-file-validate /usr/share/applications/burstlab.desktop ||
    fail "desktop-file-validate rejects the installed .desktop file"
appstreamcli validate --no-net /usr/share/metainfo/io.github.burstlab.burstlab.metainfo.xml \
    >"$work/appstream.log" 2>&1 || { show "$work/appstream.log"; fail "appstreamcli rejects the metainfo"; }
for page in burstlab burstlab-cli burstlab-engine burstlab-pktgen-engine; do
    file=$(man -w "$page" 2>/dev/null) || fail "no man page for $page"
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$file" 2>&1 >/dev/null)
    [ -z "$warnings" ] || fail "man page $file: $warnings"
done
dpkg-query -W -f='${Conffiles}\n' "$PKG" | grep -q " $CONF " || fail "$CONF is not a conffile"

step "checking the engine's privileges"
getent group "$GROUP" >/dev/null || fail "the postinst did not create the group $GROUP"
[ "$(dpkg-statoverride --list "$ENGINE")" = "root $GROUP 750 $ENGINE" ] ||
    fail "no stat override root $GROUP 750 for $ENGINE"
owner=$(stat -c '%U:%G %a' "$ENGINE")
[ "$owner" = "root:$GROUP 750" ] || fail "$ENGINE is '$owner', expected 'root:$GROUP 750'"
file_caps=$(getcap "$ENGINE" | sed 's/^[^ ]* //')
[ -n "$file_caps" ] || fail "$ENGINE has no file capabilities"
echo "engine: $owner, $file_caps"
if as_user "$ENGINE" --version >"$work/nonmember.log" 2>&1; then
    fail "a user outside the group $GROUP could run the engine"
fi
grep -q "Permission denied" "$work/nonmember.log" ||
    { show "$work/nonmember.log"; fail "the non-member's engine run failed, but not for want of permission"; }

# The pktgen engine has no file capabilities (it would need cap_dac_override,
# which opens any file): root runs it, through pkexec or sudo.
[ -x "$PKTGEN_ENGINE" ] || fail "$PKTGEN_ENGINE is not installed"
[ -z "$(getcap "$PKTGEN_ENGINE")" ] || fail "$PKTGEN_ENGINE has file capabilities: $(getcap "$PKTGEN_ENGINE")"
[ "$(stat -c '%U %a' "$PKTGEN_ENGINE")" = "root 755" ] ||
    fail "$PKTGEN_ENGINE is '$(stat -c '%U %a' "$PKTGEN_ENGINE")', expected 'root 755'"
"$PKTGEN_ENGINE" --help | grep -q -- "--device IFNAME" ||
    fail "$PKTGEN_ENGINE --help does not print its usage"
grep -q "$PKTGEN_ENGINE" /usr/share/polkit-1/actions/io.github.burstlab.pktgen-engine.policy ||
    fail "no polkit action names $PKTGEN_ENGINE"

# A member runs the engine directly: it must get exactly the file's capabilities.
mkfifo -m 0666 "$work/engine.in"
as_user -G "$GROUP" "$ENGINE" --vdev net_null0 --no-huge --memory-mb 256 \
    <"$work/engine.in" >"$work/engine.out" 2>"$work/engine.err" &
engine_job=$!
exec 3>"$work/engine.in"
engine_writer_open=1
for _ in $(seq 100); do
    grep -q '"type":"hello"' "$work/engine.out" && break
    kill -0 "$engine_job" 2>/dev/null || break
    sleep 0.2
done
grep -q '"type":"hello"' "$work/engine.out" ||
    { show "$work/engine.err"; fail "the engine run by a member of $GROUP sent no hello"; }
# cap_perfmon lets it sample its own TX threads whatever perf_event_paranoid says.
grep -q '"profiling":{"available":true,"event":"[a-z-]*","kernel":true' "$work/engine.out" ||
    { grep -o '"profiling":{[^}]*}' "$work/engine.out"; fail "the member's engine cannot profile its TX lcores"; }
engine_pid=$(pgrep -u "$USER_NAME" -f "^$ENGINE " | head -1)
[ -n "$engine_pid" ] || fail "no burstlab-engine process of $USER_NAME"
cap_eff=$(sed -n 's/^CapEff:[[:space:]]*//p' "/proc/$engine_pid/status")
running_caps=$(capsh --decode="$cap_eff" | sed 's/^[^=]*=//')
sorted() { tr ',' '\n' <<<"$1" | sed 's/[=+].*//' | sort | paste -sd,; }
[ "$(sorted "$running_caps")" = "$(sorted "$file_caps")" ] ||
    fail "the member's engine runs with '$running_caps', the file grants '$file_caps'"
echo "member's engine runs with: $running_caps"
exec 3>&-
engine_writer_open=0
engine_rc=0
wait "$engine_job" || engine_rc=$?
engine_job=""
[ "$engine_rc" -eq 0 ] ||
    { show "$work/engine.err"; fail "the engine exited $engine_rc on stdin EOF, not 0"; }

step "running the installed burstlab-cli sweep on net_null (root)"
sweep=(sweep --vdev net_null0 --sweep "burst=1,32" --reps 1 --duration-ms 100 --label pkgtest)
mkdir -p "$work/root"
home_env "$work/root"
"${env_cmd[@]}" burstlab-cli --db "$work/root.db" "${sweep[@]}" >"$work/cli-root.log" 2>&1 ||
    { show "$work/cli-root.log"; fail "burstlab-cli sweep as root failed"; }
show "$work/cli-root.log" 25
grep -q "burst=32" "$work/cli-root.log" || fail "the sweep printed no burst=32 line"

step "running the installed burstlab-cli sweep as a member of $GROUP"
as_user -G "$GROUP" burstlab-cli --db "$home/member.db" "${sweep[@]}" \
    >"$work/cli-member.log" 2>&1 ||
    { show "$work/cli-member.log"; fail "burstlab-cli sweep as a member of $GROUP failed"; }
as_user burstlab-cli --db "$home/member.db" runs --json >"$work/runs.json" 2>&1 ||
    { show "$work/runs.json"; fail "burstlab-cli runs --json failed"; }
grep -q '"pkgtest"' "$work/runs.json" ||
    { show "$work/runs.json"; fail "the stored runs do not include the pkgtest sweep"; }

step "showing the installed GUI under Xvfb (as $USER_NAME)"
# Waits up to 30 s for a visible top-level window of the application, keeps
# it up 2 s more, saves a screenshot, then closes the application.
cat >"$work/gui.sh" <<'EOF'
#!/bin/sh
burstlab >"$HOME/gui.log" 2>&1 &
app=$!
window_shown() {
    if command -v xdotool >/dev/null; then
        xdotool search --onlyvisible --class burstlab >/dev/null 2>&1
    else
        xwininfo -root -tree | grep -qi '"burstlab"'
    fi
}
shown=0
for _ in $(seq 150); do
    kill -0 "$app" 2>/dev/null || break
    if window_shown; then shown=1; break; fi
    sleep 0.2
done
[ "$shown" -eq 1 ] && sleep 2
kill -0 "$app" 2>/dev/null && alive=1 || alive=0
[ "$alive" -eq 1 ] && command -v import >/dev/null && import -window root "$HOME/gui.png"
kill "$app" 2>/dev/null
wait "$app"
[ "$shown" -eq 1 ] || { echo "no burstlab window appeared"; exit 1; }
[ "$alive" -eq 1 ] || { echo "burstlab exited after showing its window"; exit 1; }
EOF
chmod 0755 "$work/gui.sh"
as_user xvfb-run -a -s "-screen 0 1600x1000x24" "$work/gui.sh" >"$work/xvfb.log" 2>&1 ||
    { show "$work/xvfb.log"; show "$home/gui.log"; fail "the installed GUI did not show its main window"; }
if [ -s "$home/gui.png" ]; then
    cp "$home/gui.png" "$build_dir/package-test-gui.png"
    echo "screenshot: $build_dir/package-test-gui.png"
fi

step "purging the package"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq "$PKG" >"$work/purge.log" 2>&1 ||
    { show "$work/purge.log"; fail "apt-get purge $PKG failed"; }
installed_by_us=0

step "checking that nothing is left"
if dpkg-query -W -f='${Status}' "$PKG" 2>/dev/null | grep -qv "not-installed"; then
    fail "dpkg still knows $PKG: $(dpkg-query -W -f='${Status}' "$PKG")"
fi
[ -z "$(dpkg -L "$PKG" 2>/dev/null)" ] || fail "dpkg -L $PKG still lists files"
left=()
while read -r path; do
    [ -e "$path" ] && left+=("$path")
done <"$work/files"
for path in /usr/libexec/burstlab /etc/burstlab /usr/share/doc/burstlab; do
    [ -e "$path" ] && left+=("$path")
done
[ ${#left[@]} -eq 0 ] || fail "left behind: ${left[*]}"
! getent group "$GROUP" >/dev/null || fail "the group $GROUP is still there"
override=$(dpkg-statoverride --list "$ENGINE" || true)
[ -z "$override" ] || fail "a stat override is left: $override"

echo "package test passed: $(basename "$deb") built, installed, run, purged"
