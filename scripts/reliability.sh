#!/usr/bin/env bash
# The long reliability checks, one command (docs/reliability.md says what each proves):
#   1. libFuzzer on the four parsers (SECONDS each, default 60)
#   2. replay of a 10^6-event trace: peak memory must stay under 64 MB
#   3. the test suite under AddressSanitizer
# Usage: scripts/reliability.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
echo "== fuzzing, $seconds s per target"
Fuzz/run.sh "$seconds"

echo "== replay of a 10^6-event trace"
swift build -c release --product gesture-bridge --product gesture-bench >/dev/null 2>&1 || {
  swift build -c release --product gesture-bridge >/dev/null; swift build -c release --product gesture-bench >/dev/null; }
work=$(mktemp -d); chmod 700 "$work"; trap 'rm -rf "$work"' EXIT
.build/release/gesture-bench --write-trace "$work/big.jsonl" --gestures 25000
cp Tests/Replay/everyday.toml "$work/config.toml"
/usr/bin/time -f "%M" -o "$work/rss" env HOME="$work" .build/release/gesture-bridge replay --json \
  --config "$work/config.toml" "$work/big.jsonl" > "$work/out.jsonl"
rss=$(tail -1 "$work/rss")
echo "replayed $(wc -l < "$work/big.jsonl") lines: $(wc -l < "$work/out.jsonl") actions, peak RSS $rss kB"
[ "$rss" -lt 65536 ] || { echo "peak RSS over 64 MB"; exit 1; }

echo "== tests under AddressSanitizer (memory errors; leaks: see docs/reliability.md)"
# Leak detection off: TOMLKit's load-time leaks (and Swift's one-time runtime
# allocations) would fail every spawned command at exit. Children get the option too.
ASAN_OPTIONS=detect_leaks=0 INVARIANT_RUNS=1000 swift test --sanitize=address --scratch-path .build-asan 2>&1 | tail -3
