#!/usr/bin/env bash
# The README's two commands on a fresh machine: a clean Debian bookworm root
# (mmdebstrap minbase, plus only what the Swift toolchain itself needs, as
# swift.org lists it for Debian 12), the toolchain (/opt/swift) and this
# machine's Swift package mirror bound in read-only, a copy of the repository;
# then, inside, exactly `scripts/install.sh` and `swift test`. Nothing of the
# project's own dependencies (X and D-Bus libraries, Xvfb, Python's GI) is
# there before the first command. Needs root, mmdebstrap, network.
#   Tests/FreshMachine/run.sh
# With FRESH_MACHINE_GATE=FILE (how .ci/run starts it, in the background at
# the idle scheduling policy beside the other steps): the root, install.sh and the build half of
# `swift test` (`swift build --build-tests`, the same debug build) run at once;
# the tests themselves wait until FILE exists, then run at normal priority,
# since they time daemons and X servers and must not be starved. `swift test`
# still runs in full: its own build finds nothing left to do.
set -uo pipefail
cd "$(dirname "$0")/../.."
say() { echo "fresh-machine: $*" >&2; }
toolchain=${SWIFT_TOOLCHAIN:-$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")}
[ -x "$toolchain/usr/bin/swift" ] || { echo "fresh-machine: no Swift toolchain at $toolchain" >&2; exit 2; }
mirror=${GB_MIRROR:-$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
mirror=${mirror:-http://deb.debian.org/debian}
# The root lives in memory where there is room (/dev/shm, 6 GB free, not
# noexec): it is thrown away after the run, so nothing is lost by skipping the
# disk, and dpkg's and the build's thousands of writes and fsyncs cost nothing.
place=${TMPDIR:-/tmp}
if [ -z "${TMPDIR:-}" ] && [ -w /dev/shm ] && ! findmnt -no OPTIONS /dev/shm 2>/dev/null | grep -qw noexec \
   && [ "$(df -Pk /dev/shm | awk 'NR == 2 {print $4}')" -gt $((6 * 1024 * 1024)) ]; then
  place=/dev/shm
fi
tmp=$(mktemp -d "$place/gb-fresh.XXXXXX")
root=$tmp/root
mounts=()
cleanup() {
  # Whatever still runs inside the root (a test's Xvfb or daemon left behind
  # when a run fails) goes first, or it writes there while the root is removed.
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && kill -9 "${p#/proc/}" 2>/dev/null
  done
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[$i]}" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
# Stopped by .ci/run (a failed step): clean up the mounts all the same.
trap 'exit 143' TERM INT HUP
bind() {  # source target [ro]
  mkdir -p "$2"; mount --bind "$1" "$2" && mounts+=("$2")
  [ "${3:-}" = ro ] && mount -o remount,bind,ro "$2"
}

start=$(date +%s)
# The toolchain's own prerequisites (swift.org, Debian 12), and git (SwiftPM's).
toolchain_deps=binutils,git,gnupg2,libc6-dev,libcurl4-openssl-dev,libedit2,libgcc-12-dev,libncurses-dev,libpython3-dev,libsqlite3-0,libstdc++-12-dev,libxml2-dev,libz3-dev,pkg-config,tzdata,zlib1g-dev,unzip,ca-certificates
# The clean root is cached as a tarball, as Tests/Package caches its roots
# (a week at most, keyed by the packages asked for): it holds nothing of
# ours, and the check below proves it, but it took a minute to download.
cache=${XDG_CACHE_HOME:-$HOME/.cache}/gesture-bridge-fresh
key=$(printf '%s %s' "$mirror" "$toolchain_deps" | sha256sum | cut -c1-12)
tarball=$cache/bookworm-$key.tar
mkdir -p "$cache"
if [ ! -s "$tarball" ] || [ -n "$(find "$tarball" -mtime +7)" ]; then
  say "a clean bookworm root from $mirror (cached in $tarball)"
  rm -f "$cache"/bookworm-*.tar
  # (mmdebstrap writes a tarball where the name ends in .tar.)
  mmdebstrap --quiet --variant=minbase --include="$toolchain_deps" bookworm "$cache/new.tar" "$mirror" >"$tmp/mmdebstrap.log" 2>&1 \
    || { say "mmdebstrap failed"; tail -5 "$tmp/mmdebstrap.log"; exit 1; }
  mv "$cache/new.tar" "$tarball"
else
  say "a clean bookworm root from $tarball ($(( ($(date +%s) - $(stat -c %Y "$tarball")) / 3600 )) h old)"
fi
mkdir -p "$root"
tar -C "$root" -xf "$tarball" && [ -x "$root/usr/bin/env" ] || { say "no root from $tarball"; exit 1; }
for p in libx11-dev libx11-xcb-dev libxcb-xinput-dev libxcb-randr0-dev libxi-dev libxtst-dev libxrandr-dev libxext-dev libdbus-1-dev \
         libtomlplusplus-dev libyaml-dev libpugixml-dev xvfb xfonts-base python3-gi tmux; do
  chroot "$root" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    && { say "$p is already in the clean root: not a fresh machine"; exit 1; }
done
bind /proc "$root/proc"; bind /dev "$root/dev"; bind /dev/pts "$root/dev/pts"
mkdir -p "$root/dev/shm"; mount -t tmpfs tmpfs "$root/dev/shm" && mounts+=("$root/dev/shm")
bind "$toolchain" "$root/opt/swift" ro
# This machine's mirror of the Swift packages (the same git insteadOf as the host's).
if [ -d /opt/swift-packages ]; then
  bind /opt/swift-packages "$root/opt/swift-packages" ro
  git config --system --get-regexp '^url\.' | while read -r key value; do
    chroot "$root" git config --system --add "$key" "$value"
  done
  chroot "$root" git config --system --add safe.directory '*'
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
# The repository as committed, plus what is being tested now (not the builds).
mkdir -p "$root/src"
tar --exclude='./.build*' --exclude='./.git' -cf - . | tar -xf - -C "$root/src"
say "root ready in $tmp in $(( $(date +%s) - start )) s; running the README's two commands"

in_root() {
  chroot "$root" env -i HOME=/root PATH=/opt/swift/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive TERM=dumb bash -c "cd /src && $1"
}
# Before anything of X is installed: the pure modules (the core, the trace
# library, the testing support, windows that follow the fingers) and their
# tests build without X headers: the pure rooms stay pure.
t=$(date +%s)
if ! in_root "swift build --target GestureCoreTests && swift build --target GestureTraces && swift build --target WindowFollowingTests" >"$tmp/pure.log" 2>&1; then
  say "the pure modules did not build without X headers:"; grep -E "error|fatal" "$tmp/pure.log" | head -20; exit 1
fi
say "GestureCore, GestureTraces, GestureTesting, WindowFollowing and their tests built with no X headers: $(( $(date +%s) - t )) s"
# That build is kept: swift test's own (below) takes those modules as they
# are, since nothing they are built from changes when X's headers come, and
# builds everything else. (Thrown away until 2026-12-07: about 100 s of a
# core, CI's, spent again.)
t=$(date +%s)
if ! in_root "scripts/install.sh" >"$tmp/install.log" 2>&1; then
  say "scripts/install.sh failed:"; tail -20 "$tmp/install.log"; exit 1
fi
say "scripts/install.sh: $(( $(date +%s) - t )) s ($(grep -c . "$tmp/install.log") lines; $(grep 'installed .* files' "$tmp/install.log"))"
if [ -n "${FRESH_MACHINE_GATE:-}" ]; then
  t=$(date +%s)
  if ! in_root "swift build --build-tests" >"$tmp/build-tests.log" 2>&1; then
    say "swift test's build failed:"; grep -E "error|fatal" "$tmp/build-tests.log" | head -20; tail -5 "$tmp/build-tests.log"; exit 1
  fi
  say "swift test's build (swift build --build-tests), ahead of the gate: $(( $(date +%s) - t )) s"
  t=$(date +%s)
  # Until the gate opens, or the run that started this one
  # (FRESH_MACHINE_PARENT, else the parent process) is gone.
  parent=${FRESH_MACHINE_PARENT:-$PPID}
  while [ ! -e "$FRESH_MACHINE_GATE" ] && kill -0 "$parent" 2>/dev/null; do sleep 2; done
  [ -e "$FRESH_MACHINE_GATE" ] || { say "the run that started this one ended before opening the gate"; exit 1; }
  # Started at the idle policy (chrt --idle, .ci/run) or niced: the tests
  # at the normal one.
  chrt --other -p 0 $$ >/dev/null 2>&1; renice -n 0 -p $$ >/dev/null 2>&1
  say "waited $(( $(date +%s) - t )) s for the gate; the tests at $(chrt -p $$ | sed -n 's/.*policy: //p'), nice $(nice)"
fi
t=$(date +%s)
in_root "swift test" >"$tmp/test.log" 2>&1; status=$?
say "swift test: $(( $(date +%s) - t )) s, exit $status: $(grep -E 'Test run with' "$tmp/test.log" | tail -1)"
if [ $status -ne 0 ]; then grep -E '✘' "$tmp/test.log" | head -20; exit 1; fi
say "the two commands passed on a fresh machine in $(( $(date +%s) - start )) s"
