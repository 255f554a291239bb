#!/usr/bin/env bash
# Every performance figure, one command: prints the table and writes it to
# docs/performance.md (with date and machine).
#   Benchmarks/run.sh            the full suite (~15 min on 2 cores)
#   Benchmarks/run.sh --smoke    every step at toy sizes, nothing written: CI
#                                runs it to show the suite runs (not timed)
# Needs valgrind, gdb, hyperfine, Xvfb, and for the side-by-side what
# Tests/E2E/run.sh needs (.ci/run installs them all).
set -euo pipefail
cd "$(dirname "$0")/.."
smoke=0; [ "${1:-}" = "--smoke" ] && smoke=1
if [ $smoke -eq 1 ]; then
  events=400; curve_events=200; rounds=1; latency_rounds=20; idle=1; gestures=10; runs=3
  binding_counts=(1 10); finger_counts=(1 2)
else
  events=10000; curve_events=4000; rounds=20; latency_rounds=1000; idle=60; gestures=1000; runs=30
  binding_counts=(1 10 100 1000); finger_counts=(1 2 3 4 5 6 7 8 9 10)
fi
work=$(mktemp -d); chmod 700 "$work"; trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
say() { echo "== $*" >&2; }

say "building (release, dynamic and static stdlib)"
swift build -c release --product gesture-bridge >/dev/null
swift build -c release --product gesture-bench >/dev/null
swift build -c release --static-swift-stdlib --scratch-path .build-static --product gesture-bridge >/dev/null
swift build -c release --static-swift-stdlib --scratch-path .build-static --product rss-floor >/dev/null
dynamic=.build/release/gesture-bridge
static=.build-static/release/gesture-bridge
export NO_BUILD=1

field() { sed -n "s|.*$1 \([0-9.]*\).*|\1|p"; }   # "instructions/event 4053 ..." -> 4053

say "engine: instructions per event (callgrind), allocations (gdb)"
instr=$(Benchmarks/callgrind.sh "$events" | field "instructions/event")
steady_instr=$(Benchmarks/callgrind.sh "$events" --steady | field "instructions/event")
mallocs=$(Benchmarks/allocations.sh "$events" | field "mallocs/event")
# Steady state: the allocations the second half of a run adds, per event
# (the first frames of the pinch set up its attempt once).
m1=$(Benchmarks/allocations.sh "$events" --steady | sed -n 's/.*(\([0-9]*\) mallocs.*/\1/p')
m2=$(Benchmarks/allocations.sh $((events * 2)) --steady | sed -n 's/.*(\([0-9]*\) mallocs.*/\1/p')
steady_mallocs=$(awk -v a="$m1" -v b="$m2" -v n="$events" 'BEGIN { printf "%.4f", (b - a) / n }')

say "engine: wall time"
wall=$(.build/release/gesture-bench --events "$events" --rounds "$rounds" | tail -1)
ns=$(echo "$wall" | sed -n 's/wall: \([0-9]*\) ns\/event.*/\1/p')
eps=$(echo "$wall" | sed -n 's/.*, \([0-9]*\) events\/s/\1/p')

say "cost curves (callgrind, $curve_events events each)"
curve() {  # option, counts… -> "n: cost; …" and, after a tab, the verdict
  local option=$1; shift
  local text="" pairs=""
  for n in "$@"; do
    local cost; cost=$(Benchmarks/callgrind.sh "$curve_events" "$option" "$n" | field "instructions/event")
    text+="$n: $cost; "; pairs+="$n $cost "
  done
  # Linear or better: from each size to the next, the cost grows by at most
  # the factor the size grows by (with 20 % for the fixed part's noise).
  local verdict; verdict=$(echo "$pairs" | awk '{ ok = 1; for (i = 3; i < NF; i += 2)
    if ($(i + 1) / $(i - 1) > 1.2 * $i / $(i - 2)) ok = 0; print ok ? "met" : "not met" }')
  printf '%s\t%s' "${text%; }" "$verdict"
}
IFS=$'\t' read -r curve_b curve_b_verdict <<<"$(curve --bindings "${binding_counts[@]}")"
IFS=$'\t' read -r curve_f curve_f_verdict <<<"$(curve --fingers "${finger_counts[@]}")"

say "latency under Xvfb ($latency_rounds rounds)"
lat=$(.build/release/gesture-bench latency --rounds "$latency_rounds")
flush=$(echo "$lat" | sed -n 's/.*XTest flushed: p50 \([0-9]*\) µs, p99 \([0-9]*\) µs/\1 \2/p')
seen=$(echo "$lat" | sed -n 's/.*another client: p50 \([0-9]*\) µs, p99 \([0-9]*\) µs/\1 \2/p')
read -r flush50 flush99 <<<"$flush"; read -r seen50 seen99 <<<"$seen"

say "daemon: idle, memory, size (dynamic and static stdlib)"
BIN=$dynamic Benchmarks/daemon.sh "$idle" "$gestures" > "$work/dynamic"
BIN=$static FLOOR=.build-static/release/rss-floor Benchmarks/daemon.sh "$idle" "$gestures" > "$work/static"
get() { sed -n "s/^$2=//p" "$work/$1"; }

say "start-up to ready (hyperfine, $runs runs)"
source scripts/xvfb-helpers.sh
start_xvfb "$work"
startup() {  # binary -> mean ms
  env -i HOME="$work" XDG_RUNTIME_DIR="$work" PATH=/usr/bin:/bin \
    hyperfine --runs "$runs" --warmup 2 --style none --export-json "$work/hf.json" \
    "$1 run --exit-when-ready --display $display" >/dev/null 2>&1
  awk -F: '/"mean"/ { gsub(/[ ,]/, "", $2); printf "%.1f", $2 * 1000; exit }' "$work/hf.json"
}
start_dynamic=$(startup "$dynamic")
start_static=$(startup "$static")

# Side by side with a peer, in the E2E VM (Tests/E2E/README.md): the same
# recorded touchscreen swipes to gesture-bridge and lisgd at once. Needs what
# Tests/E2E/run.sh needs (qemu, mmdebstrap, root); the smoke run plays one
# swipe and skips the instruction counts.
say "side by side with lisgd in the E2E VM"
if [ $smoke -eq 1 ]; then vm_env=(E2E_GESTURES=1 E2E_CALLGRIND=0); else vm_env=(E2E_GESTURES=20 E2E_CALLGRIND=1); fi
env "${vm_env[@]}" NO_BUILD=0 Tests/E2E/run.sh --versus-lisgd >"$work/versus" 2>"$work/versus.err" \
  || { cat "$work/versus" "$work/versus.err" >&2; echo "the side-by-side run failed" >&2; exit 1; }
vs=$(sed -n 's/^PASS versus-peer: //p' "$work/versus")
vs_ours=$(echo "$vs" | sed -n 's/.*gesture-bridge \([0-9]*\) µs CPU.*/\1/p')
vs_peer=$(echo "$vs" | sed -n 's/.*lisgd \([0-9]*\) µs CPU.*/\1/p')
vs_xorg=$(echo "$vs" | sed -n 's/.*Xorg \([0-9]*\) µs CPU.*/\1/p')
vs_wake=$(echo "$vs" | sed -n 's/.*gesture-bridge [^;]*, \([0-9]*\) wakeups.*lisgd [^;]*, \([0-9]*\) wakeups.*/\1 \/ \2/p')
vs_lat=$(echo "$vs" | sed -n 's/.*(gesture-bridge): \(p50 [0-9]* µs, max [0-9]* µs\).*/\1/p')
vs_n=$(echo "$vs" | sed -n 's/^\([0-9]*\) gestures.*/\1/p')
vsi=$(sed -n 's/^PASS versus-peer-instructions: instructions per gesture: //p' "$work/versus")
vsi_ours=$(echo "$vsi" | sed -n 's/^gesture-bridge \([0-9]*\),.*/\1/p')
vsi_peer=$(echo "$vsi" | sed -n 's/.*lisgd \([0-9]*\) .*/\1/p')
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "–"; else printf "%.2f", a / b }'; }

kb2mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
met() { if awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; then echo "met"; else echo "not met"; fi; }
idle_ticks=$(get dynamic idle_ticks); idle_wakeups=$(get dynamic idle_wakeups)
rss_static=$(get static rss_after_kb)
table="| figure | value | target (issue 7) |
|---|---|---|
| engine instructions per input event (callgrind, everyday trace) | $instr | ≤ 2,000: $(met "$instr" 2000) |
| engine instructions per event, steady state (a long pinch) | $steady_instr | |
| heap allocations per event, everyday trace (attempts included) | $mallocs | |
| heap allocations per event, steady state (what the 2nd half of a run adds) | $steady_mallocs ($m1 at $events events, $m2 at $((events * 2))) | 0: $(met "$steady_mallocs" 0) |
| engine wall time per event | $ns ns ($eps events/s) | |
| cost vs bindings (instructions/event) | $curve_b | linear or better: $curve_b_verdict |
| cost vs fingers (instructions/event) | $curve_f | linear or better: $curve_f_verdict |
| touch frame handed over → XTest request flushed (Xvfb) | p50 $flush50 µs, p99 $flush99 µs | p99 < 200 µs: $(met "$flush99" 199) |
| touch frame handed over → key seen by another client | p50 $seen50 µs, p99 $seen99 µs | |
| idle, $(get dynamic idle_seconds) s | $idle_ticks CPU ticks, $idle_wakeups wakeups | 0 and 0: $( [ "$idle_ticks" = 0 ] && [ "$idle_wakeups" = 0 ] && echo met || echo "not met") |
| RSS after startup, dynamic / static stdlib | $(kb2mb "$(get dynamic rss_startup_kb)") / $(kb2mb "$(get static rss_startup_kb)") MB | |
| RSS after $(get dynamic gestures) gestures ($(get dynamic played_events) events), dynamic / static | $(kb2mb "$(get dynamic rss_after_kb)") / $(kb2mb "$rss_static") MB (static: $(kb2mb "$(get static rss_anon_after_kb)") MB anonymous, the rest mapped files) | ≤ 7 MB static: $(met "$rss_static" 7168) |
| RSS floor: a static Swift program that only opens the X display and polls (\`Benchmarks/rss-floor\`) | $(kb2mb "$(get static floor_rss_kb)") MB | |
| binary size, dynamic / static stdlib | $(kb2mb "$(get dynamic binary_kb)") / $(kb2mb "$(get static binary_kb)") MB | |
| start-up to ready (hyperfine mean, Xvfb), dynamic / static | $start_dynamic / $start_static ms | < 50 ms: $(met "$start_static" 49.9) |
| side by side, E2E VM (TCG), $vs_n touchscreen swipes to both at once: CPU per gesture, gesture-bridge / lisgd (Xorg, which runs libinput for gesture-bridge) | $vs_ours / $vs_peer µs (Xorg $vs_xorg µs); ratio $(ratio "$vs_ours" "$vs_peer"); wakeups $vs_wake | ratio, reported |
| side by side: instructions per gesture (callgrind in the VM), gesture-bridge / lisgd | ${vsi_ours:-–} / ${vsi_peer:-–}; ratio $(ratio "$vsi_ours" "$vsi_peer") | |
| lift frame written → key seen by another client, real touches (E2E VM) | $vs_lat | |"
echo "$table"
[ $smoke -eq 1 ] && { echo "smoke run: every step ran; docs/performance.md not written" >&2; exit 0; }

machine="$(nproc) cores, $(uname -m), $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(swift --version 2>&1 | head -1 | sed 's/ (.*//'), Xvfb $(dpkg-query -W -f='${Version}' xvfb 2>/dev/null)"
{
  sed -n '1,/^<!-- figures -->$/p' docs/performance.md
  echo
  echo "Latest figures, $(date -u +%Y-%m-%d), $machine; written by \`Benchmarks/run.sh\`:"
  echo
  echo "$table"
  echo
  sed -n '/^<!-- end figures -->$/,$p' docs/performance.md
} > "$work/performance.md"
cp "$work/performance.md" docs/performance.md
echo "wrote docs/performance.md" >&2
