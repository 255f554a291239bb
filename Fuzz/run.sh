#!/usr/bin/env bash
# Fuzzes the config loader, the expression parser, the action/chord parser,
# the trace reader and the importers' readers (YAML, XML, easystroke's Boost
# text archives) with libFuzzer (-seed=1), SECONDS each (default 30), from a
# seed corpus made of the project's own fixtures. Crashes are kept in
# Fuzz/crashes/TARGET/ and make the script fail; each one becomes a regression
# test before it is fixed.
#   Fuzz/run.sh [SECONDS] [TARGET…]
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-30}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(config expression action trace yaml xml easystroke)
# lld: ld.gold crashes on this link (main comes from libFuzzer).
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# The C and C++ shims (toml++ is compiled inside CTOML) get coverage and ASan too.
build() {
  swift build -c release --scratch-path ../.build-fuzz -Xswiftc -sanitize=fuzzer,address \
    -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address \
    -Xswiftc -parse-as-library -Xswiftc -use-ld=lld > "$work/build.log" 2>&1
}
# An incremental build over a scratch folder left by older sources has failed
# to type-check code that builds from clean (seen once: Input's synthesized
# Equatable after a new case): once more from clean before calling it broken.
if ! build; then
  echo "the fuzz targets' incremental build failed; building them from clean" >&2
  rm -rf ../.build-fuzz
  if ! build; then
    echo "building the fuzz targets failed:"; grep -m5 "error:" "$work/build.log"; tail -30 "$work/build.log"; exit 1
  fi
fi
bin=../.build-fuzz/release/gesture-fuzz
seed() {  # target -> seed corpus directory
  local d="$work/seed-$1"; mkdir -p "$d"
  case $1 in
    config) cp ../Tests/Replay/*.toml ../keymaps/*.toml "$d"/ ;;
    expression) grep -ho 'gesture = "[^"]*"' ../Tests/Replay/*.toml ../Sources/GestureConfig/DefaultConfig.swift \
                  | sed 's/^gesture = "//; s/"$//' | awk -v d="$d" '{print > (d "/e" NR)}' ;;
    action) grep -ho '"\(key\|keydown\|keyup\|exec\|button\|none\)[^"]*"' ../Tests/Replay/*.toml ../keymaps/*.toml \
              | tr -d '"' | awk -v d="$d" '{print > (d "/a" NR)}' ;;
    trace) cp ../Tests/Traces/*.jsonl "$d"/ ;;
    yaml) for f in ../Tests/Import/*.yml ../Tests/Import/constructs/*.yml; do cp "$f" "$d/$(basename "$(dirname "$f")")-$(basename "$f")"; done ;;
    xml) for f in ../Tests/Import/touchegg.conf ../Tests/Import/constructs/touchegg*.conf; do
           cp "$f" "$d/$(basename "$(dirname "$f")")-$(basename "$f")"; done ;;
    easystroke) for f in ../Tests/Import/easystroke/*/actions-0.5.6 ../Tests/Import/easystroke/*/preferences-0.5.5 \
                         "${EASYSTROKE_REAL_FILES:-$HOME/.cache/gesture-bridge-tests/easystroke-real}"/*/actions-0.5.6 ../Tests/FuzzRegressions/easystroke-*; do
                  [ -f "$f" ] && cp "$f" "$d/$(basename "$(dirname "$f")")-$(basename "$f")"; done ;;
  esac
  echo "$d"
}
export LSAN_OPTIONS="suppressions=$PWD/lsan.supp:print_suppressions=0"
# One libFuzzer process is one thread: the targets run side by side, as many
# at once as there are cores (FUZZ_JOBS), each its full SECONDS; their
# reports follow in the targets' order.
jobs=${FUZZ_JOBS:-$(nproc)}
fuzz() {  # target
  local t=$1 corpus="$work/corpus-$1" s
  mkdir -p "$corpus" "crashes/$t"
  s=$(seed "$t")
  "$bin" "$t" -seed=1 -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="crashes/$t/" \
    -max_len=4096 "$corpus" "$s" > "$work/$t.log" 2>&1
}
declare -A pid=()
running=()
for t in "${targets[@]}"; do
  while [ "${#running[@]}" -ge "$jobs" ]; do
    wait -n || true
    still=(); for r in "${running[@]}"; do kill -0 "${pid[$r]}" 2>/dev/null && still+=("$r"); done; running=("${still[@]}")
  done
  fuzz "$t" & pid[$t]=$!; running+=("$t")
done
status=0
for t in "${targets[@]}"; do
  echo "== $t ($seconds s)"
  if ! wait "${pid[$t]}"; then
    echo "CRASH in $t:"; tail -30 "$work/$t.log"; status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$work/$t.log" | sed "s/^/  /"
done
exit $status
