#!/usr/bin/env bash
# The daemon's start-up, from exec to ready (`--exit-when-ready` against
# Xvfb, as the start-up benchmark times it; the built-in default config):
#   - instructions (callgrind) of what the systemd unit starts (the daemon;
#     before it was an executable of its own, `gesture-bridge run`), with no
#     desktop named (as the start-up benchmark runs it: the window manager
#     decides the keymap) and under GNOME (XDG_CURRENT_DESKTOP: the keymap
#     detected from the environment); and of `gesture-bridge run`, which
#     execs the daemon: both images counted (callgrind dumps the first at
#     execv)
#   - the dynamic loader's failed openat calls (strace): libraries looked
#     for where they are not (a RUNPATH searched first)
#   - the stripped binaries' sizes, as the package ships them
#   - how many of the daemon's functions that ran to ready scripts/daemon.order
#     lists (scripts/daemon-order.sh makes it; stale, it fails the run)
# Usage: [BIN=path/to/gesture-bridge] [LABEL=…] Benchmarks/startup.sh
# (BIN defaults to the static build; the daemon is looked for beside it).
# Prints one JSON line (Benchmarks/report.py reads it).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build-static/release/gesture-bridge}
dir=$(dirname "$BIN")
work=$(mktemp -d); chmod 700 "$work"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
source scripts/daemon-harness.sh
harness_start "$work"

# Valgrind 3.19 cannot read this build's DWARF 5: debug info stripped, the
# two binaries side by side as in the build folder.
mkdir "$work/bin" "$work/cg"
for b in gesture-bridge gesture-bridge-daemon; do
  [ -x "$dir/$b" ] || continue
  objcopy --strip-debug "$dir/$b" "$work/bin/$b"
  strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$work/$b.stripped" "$dir/$b"
done
unit=("$work/bin/gesture-bridge" run)
[ -x "$work/bin/gesture-bridge-daemon" ] && unit=("$work/bin/gesture-bridge-daemon")
instructions() {  # [VARIABLE=value…] COMMAND…: its instructions, every image it execs
  rm -f "$work"/cg/*
  env -i HOME="$work" XDG_RUNTIME_DIR="$work" PATH=/usr/bin:/bin "$@" --exit-when-ready --display "$display" \
    >/dev/null 2>>"$work/cg.log" || { echo "startup: $* did not start" >&2; tail -5 "$work/cg.log" >&2; exit 1; }
  cat "$work"/cg/* | awk '/^summary:/ {s += $2} END {print s + 0}'
}
cg=(valgrind --tool=callgrind --demangle=no --trace-children=yes --dump-before=execv --callgrind-out-file="$work/cg/cg.%p")
bare=$(instructions "${cg[@]}" "${unit[@]}")
# The daemon's own functions that ran to ready, and how many of them
# scripts/daemon.order lists (the linker places those side by side: a file
# gone stale leaves start-up's code scattered, its pages resident; report.py
# fails the run below 95 %).
order_run=null order_listed=null
if [ "${unit[0]}" = "$work/bin/gesture-bridge-daemon" ]; then
  scripts/functions-run.py "${unit[0]}" "$work"/cg/* >"$work/ran"
  grep -v '^#' scripts/daemon.order >"$work/order"
  order_run=$(grep -c . "$work/ran" || true)
  order_listed=$(grep -cxFf "$work/order" "$work/ran" || true)
fi
gnome=$(instructions XDG_CURRENT_DESKTOP=GNOME "${cg[@]}" "${unit[@]}")
run=$(instructions "${cg[@]}" "$work/bin/gesture-bridge" run)
env -i HOME="$work" XDG_RUNTIME_DIR="$work" PATH=/usr/bin:/bin strace -f -e trace=openat -o "$work/strace" \
  "$dir/gesture-bridge" run --exit-when-ready --display "$display" >/dev/null 2>&1
failed=$(grep -c '\.so[^"]*".*= -1 ENOENT' "$work/strace" || true)
size() { [ -f "$work/$1.stripped" ] && stat -c %s "$work/$1.stripped" || echo null; }
printf '{"bench": "startup-instructions", "label": "%s", "instructions": %d, "gnome_instructions": %d, "run_instructions": %d, "loader_failed_openat": %d, "cli_stripped_bytes": %s, "daemon_stripped_bytes": %s, "order_run": %s, "order_listed": %s}\n' \
  "${LABEL:-$BIN}" "$bare" "$gnome" "$run" "$failed" "$(size gesture-bridge)" "$(size gesture-bridge-daemon)" "$order_run" "$order_listed"
