#!/usr/bin/env bash
# Fresh-system check: runs the README's two set-up commands, exactly as the
# README writes them, on a brand-new Debian 12 (a minimal root file system
# with git), first as root, then as an ordinary user who has sudo. A machine
# that has built burstlab before already holds every package, so a package the
# bootstrap forgets, or a step that only works for root or only for a user,
# passes there and fails for every newcomer: this check catches it.
#
# Usage: installer/test-fresh-debian.sh [root|user|both]     (default: both)
#
# What it does, each time from a fresh copy of the base root file system:
#  - clones the committed tree (HEAD; uncommitted changes are not tested);
#  - takes the first ```sh block of README.md as the main-job command and the
#    second as the test command (never a copy of them) and runs them in a
#    chroot with /proc, /sys and /dev mounted (slave mounts: nothing
#    propagates back to this host);
#  - as "user": the user has NOPASSWD sudo and the bootstrap installs through
#    it; the root run and the user run each start from the base, so both the
#    root and the sudo path of the bootstrap install everything.
# It prints which command failed and the last lines of its log, and removes
# every mount and file it made, also on failure and Ctrl-C.
#
# Environment:
#  BURSTLAB_FRESH_CACHE  kept between runs (default /var/cache/burstlab-fresh):
#                        the base root file system (rebuilt when older than
#                        BURSTLAB_FRESH_MAX_AGE_DAYS, default 30), downloaded
#                        .deb files, a compiler cache and the tests' kernel
#                        (tests/guest), so a repeat costs only the install, the
#                        build and the tests.
#  BURSTLAB_FRESH_LOGS   keep the commands' logs in this directory (default:
#                        removed with the rest).
#  BURSTLAB_FRESH_CCACHE 0 builds without the shared compiler cache.
#
# Exit codes: 0 both commands passed for every user asked; 1 a README command
# failed; 2 the check itself could not be set up (bad README, clone, mount);
# 77 it cannot run here: not root, or mmdebstrap cannot be installed.
set -Eeuo pipefail
# The whole script is one block, read before it runs: editing the file during
# a run (it takes a while) cannot change what the run does.
{

readonly SUITE=bookworm
readonly NEWCOMER=newcomer
cache=${BURSTLAB_FRESH_CACHE:-/var/cache/burstlab-fresh}
max_age_days=${BURSTLAB_FRESH_MAX_AGE_DAYS:-30}
use_ccache=${BURSTLAB_FRESH_CCACHE:-1}
logs=${BURSTLAB_FRESH_LOGS:-}

say() { echo "fresh-debian: $*"; }
cannot_run() {
    say "cannot run: $*" >&2
    exit 77
}
setup_failed() {
    say "set-up failed: $*" >&2
    exit 2
}
trap 'setup_failed "line $LINENO: $BASH_COMMAND"' ERR

case ${1:-both} in
root) users=(root) ;;
user) users=("$NEWCOMER") ;;
both) users=(root "$NEWCOMER") ;;
*)
    echo "usage: $0 [root|user|both]" >&2
    exit 2
    ;;
esac

[ "$(id -u)" -eq 0 ] || cannot_run "needs root (it unpacks a root file system, mounts and chroots)"
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel) || setup_failed "not inside a git clone"
commit=$(git -C "$repo" rev-parse HEAD)
[ -z "$(git -C "$repo" status --porcelain --untracked-files=no)" ] ||
    say "note: uncommitted changes in $repo are not part of the check (it tests $commit)"

readme_command() { # main|test
    git -C "$repo" show "$commit:README.md" | "$repo/installer/readme-command.sh" "$1" -
}
if ! main_cmd=$(readme_command main) || ! test_cmd=$(readme_command test); then
    setup_failed "the README.md of $commit lacks its set-up commands"
fi

if ! command -v mmdebstrap >/dev/null; then
    say "installing mmdebstrap"
    # another apt on this host may hold dpkg's lock for a while: wait for it
    if ! apt_out=$({ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        -o DPkg::Lock::Timeout=600 mmdebstrap; } 2>&1); then
        tail -n 5 <<<"$apt_out" | sed 's/^/  | /' >&2
        cannot_run "mmdebstrap is not installed and apt-get cannot install it"
    fi
fi

mkdir -p "$cache"
chmod 0700 "$cache"
# One check at a time per cache: the base, the .deb cache and apt's lock in it
# are shared.
exec 9>"$cache/lock"
if ! flock -n 9; then
    say "waiting for another fresh check to finish"
    flock 9
fi

base=$cache/$SUITE-minbase.tar
if [ -s "$base" ] && [ -n "$(find "$base" -mtime +"$max_age_days")" ]; then
    say "the base root file system is older than $max_age_days days: making a new one"
    rm -f "$base"
fi
if [ ! -s "$base" ]; then
    say "making a minimal Debian 12 root file system with git (cached in $base)"
    if ! mmdebstrap --variant=minbase --include=git,ca-certificates --format=tar \
        "$SUITE" "$base.new" >"$cache/mmdebstrap.log" 2>&1; then
        tail -n 20 "$cache/mmdebstrap.log" | sed 's/^/  | /' >&2
        rm -f "$base.new"
        setup_failed "mmdebstrap failed (log: $cache/mmdebstrap.log)"
    fi
    mv "$base.new" "$base"
fi
mkdir -p "$cache/archives/partial" "$cache/ccache" "$cache/guest"
# Packages Debian has since replaced would pile up: keep a month's.
find "$cache/archives" -maxdepth 1 -name '*.deb' -mtime +"$max_age_days" -delete
# The chroot's user writes to the compiler cache too; it is reachable only
# through $cache, which is root's alone.
chmod 0777 "$cache/ccache" "$cache/guest"

work=$(mktemp -d "$cache/run.XXXXXX")
root=""
if [ -n "$logs" ]; then
    mkdir -p "$logs"
else
    logs=$work/logs
    mkdir -p "$logs"
fi

mounted_under() { # the mount points at or below $1, deepest first
    awk -v r="$1" '$5 == r || index($5, r "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r
}
remove_root() {
    [ -n "$root" ] && [ -d "$root" ] || return 0
    # Processes left in the chroot (a daemon a test started, a command stopped
    # by Ctrl-C) keep mounts busy: they are this check's own, end them.
    local link pid
    for link in /proc/[0-9]*/root; do
        [ "$(readlink "$link" 2>/dev/null)" = "$root" ] || continue
        pid=${link#/proc/}
        kill -KILL "${pid%/root}" 2>/dev/null || true
    done
    umount -R "$root" 2>/dev/null || umount -R -l "$root" 2>/dev/null || true
    if [ -n "$(mounted_under "$root")" ]; then
        # Never delete through a mount: the caches are bind-mounted in there.
        say "still mounted, left in place: $(mounted_under "$root" | tr '\n' ' ')" >&2
        return 1
    fi
    rm -rf --one-file-system "$root"
    root=""
}
# shellcheck disable=SC2317 # called by the trap below
cleanup() {
    local rc=$?
    trap - EXIT INT TERM HUP
    remove_root || rc=2
    if [ -n "$work" ] && [ -z "$(mounted_under "$work")" ]; then
        rm -rf --one-file-system "$work"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# Runs a command in the chroot, as root, with a clean environment.
in_root() {
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

# A new root file system from the base, mounted like a real system's: / a
# mount point of its own (ip netns needs it), /proc, /sys and /dev, and a
# private /dev/shm. The caches replace apt's .deb folder and feed the build.
make_root() {
    root=$work/root
    mkdir "$root"
    mount --bind "$root" "$root"
    mount --make-private "$root"
    tar -C "$root" --numeric-owner -xf "$base" || setup_failed "cannot unpack $base"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    # as Debian's installer writes it: sudo looks its host's name up
    [ -s "$root/etc/hosts" ] || printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\t\tlocalhost\n' \
        "$(hostname)" >"$root/etc/hosts"
    mount -t proc proc "$root/proc"
    mount --rbind /sys "$root/sys"
    mount --make-rslave "$root/sys"
    mount --rbind /dev "$root/dev"
    mount --make-rslave "$root/dev"
    mount -t tmpfs -o mode=1777,nosuid,nodev shm "$root/dev/shm"
    mount --bind "$cache/archives" "$root/var/cache/apt/archives"
    # The packages' scripts must not start daemons (sshd) on this host.
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
    chmod 0755 "$root/usr/sbin/policy-rc.d"
    # dpkg without fsync, as Debian's container images set it: the system is
    # thrown away afterwards.
    echo force-unsafe-io >"$root/etc/dpkg/dpkg.cfg.d/unsafe-io"

    # What the check itself needs in the new system, beyond the README:
    # sudo for the user, ccache for the shared compiler cache. apt's lists go
    # again afterwards, as on a system that never ran apt-get update.
    local extra=()
    [ "$1" = root ] || extra+=(sudo)
    [ "$use_ccache" = 0 ] || extra+=(ccache)
    if [ ${#extra[@]} -gt 0 ]; then
        { in_root apt-get update -qq &&
            in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
                --no-install-recommends "${extra[@]}"; } >"$logs/$1-prepare.log" 2>&1 ||
            { tail -n 20 "$logs/$1-prepare.log" | sed 's/^/  | /' >&2; setup_failed "cannot install ${extra[*]} in the new system"; }
        find "$root/var/lib/apt/lists" -maxdepth 1 -type f ! -name lock -delete
    fi
    if [ "$use_ccache" != 0 ]; then
        mkdir -p "$root/var/cache/burstlab-ccache"
        mount --bind "$cache/ccache" "$root/var/cache/burstlab-ccache"
    fi
    # The tests' guest kernel (tests/guest) is cached as the compiler's output
    # is: the first check downloads it where the README's test command looks
    # for it, the next ones find it.
    mkdir -p "$root/var/cache/burstlab-guest"
    mount --bind "$cache/guest" "$root/var/cache/burstlab-guest"
    if [ "$1" != root ]; then
        in_root useradd --create-home --shell /bin/bash "$1"
        echo "$1 ALL=(ALL) NOPASSWD: ALL" >"$root/etc/sudoers.d/$1"
        chmod 0440 "$root/etc/sudoers.d/$1"
    fi
}

# The clone of the committed tree, owned by the user. The same path in both
# runs: the tests compile their source path in, and so the compiler cache
# serves the second run's build whole.
readonly project=/usr/local/src/burstlab
clone() {
    git clone -q --no-hardlinks --no-checkout "$repo" "$root$project" || setup_failed "git clone of $repo failed"
    git -C "$root$project" checkout -q --detach "$commit" || setup_failed "cannot check out $commit"
    in_root chown -R "$1:" "$project"
}

# Prefixes each line with the seconds since the command started, so the log
# shows how long installing, building and testing each took.
stamp() {
    local start=$SECONDS line
    while IFS= read -r line || [ -n "$line" ]; do
        printf '[%5ds] %s\n' $((SECONDS - start)) "$line"
    done
}
readonly STAMP='^\[ *[0-9]+s\] '

failures=0
# Runs one README command as a login shell of the user, in the clone; prints
# the outcome and, when it failed, the end of its log.
run_command() { # user name command
    local user=$1 name=$2 command=$3 log=$logs/$1-$2.log start=$SECONDS rc=0
    local env_vars=(HOME="$(in_root getent passwd "$user" | cut -d: -f6)" USER="$user"
        LOGNAME="$user" SHELL=/bin/bash)
    if [ "$use_ccache" != 0 ]; then
        env_vars+=(CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
            CCACHE_DIR=/var/cache/burstlab-ccache CCACHE_BASEDIR="$project" CCACHE_UMASK=000)
    fi
    say "$user, $name command: $command"
    chroot "$root" /usr/sbin/runuser -u "$user" -- /usr/bin/env -i "${env_vars[@]}" \
        /bin/bash -l -e -c "cd \"\$1\" && $command" bash "$project" </dev/null 2>&1 |
        stamp >"$log" || rc=$?
    say "$user, $name command: exit $rc after $((SECONDS - start)) s"
    if [ "$rc" -ne 0 ]; then
        say "FAILED: the README's $name command as $user; last lines of $log:"
        grep -Ev "${STAMP}[[:space:]]*$" "$log" | tail -n 30 | sed 's/^/  | /'
        # A failed check's message is far above the tail: say it too.
        if grep -q 'FAIL!' "$log"; then
            say "the failed checks in $log:"
            grep -B2 -A4 'FAIL!' "$log" | head -n 60 | cut -c1-400 | sed 's/^/  | /'
        fi
        failures=$((failures + 1))
    fi
    return "$rc"
}

# What a newcomer expects besides exit 0: the bootstrap installed on this new
# system, and the main job printed its table and stored the run.
check_main_job() { # user
    local log=$logs/$1-main.log
    grep -Eq "${STAMP}bootstrap: installing" "$log" ||
        { say "FAILED: the bootstrap installed nothing on a new system ($log)"; return 1; }
    grep -Eq "${STAMP} burst=32 +tx: *[0-9]+ pps" "$log" ||
        { say "FAILED: the main job printed no burst=32 row of the netdev table"; return 1; }
    if ! chroot "$root" /usr/sbin/runuser -u "$1" -- /usr/bin/env -i \
        HOME="$(in_root getent passwd "$1" | cut -d: -f6)" \
        "$project/build/bin/burstlab-cli" runs >"$logs/$1-runs.log" 2>&1 ||
        ! grep -q baseline "$logs/$1-runs.log"; then
        say "FAILED: burstlab-cli runs does not list the stored baseline run"
        return 1
    fi
}

total_start=$SECONDS
say "checking $commit of $repo"
for user in "${users[@]}"; do
    user_start=$SECONDS
    make_root "$user"
    clone "$user"
    if run_command "$user" main "$main_cmd"; then
        check_main_job "$user" || failures=$((failures + 1))
    fi
    run_command "$user" test "$test_cmd" || true
    say "$user: done in $((SECONDS - user_start)) s"
    remove_root || exit 2
done
if [ "$failures" -ne 0 ]; then
    say "FAIL: $failures problem(s) with the README's commands on a new Debian 12 ($((SECONDS - total_start)) s)"
    exit 1
fi
say "PASS: the README's commands work on a new Debian 12 as ${users[*]} ($((SECONDS - total_start)) s)"
exit 0
}
