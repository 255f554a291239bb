#!/usr/bin/env bash
# LeakSanitizer on config loads: an AddressSanitizer build of gesture-bench
# loads the everyday config, a broken one and every keymap, and imports a
# touchegg, a fusuma, a libinput-gestures and an easystroke file, RELOADS times each (default
# 1000), with no suppression: any byte a load leaks (ours, toml++'s, libyaml's,
# pugixml's or the shims') fails the script.
# Usage: scripts/lsan-reloads.sh [RELOADS]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
scratch=.build-address   # the ASan build the sanitizer suite (scripts/reliability.sh) makes
swift build --sanitize=address --scratch-path "$scratch" --product gesture-bench >/dev/null
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
printf 'version = 1\n[[bind]]\ngesture = "swipe(fingers: 3"\non-ended = ["key nope+x", 3]\n[settings]\nslop = {}\n' > "$work/broken.toml"
printf 'a = [}\n[[\n' > "$work/typo.toml"
files=(Tests/Replay/everyday.toml "$work/broken.toml" "$work/typo.toml" keymaps/*.toml
       Tests/Import/touchegg.conf Tests/Import/fusuma.yml Tests/Import/libinput-gestures.conf
       Tests/Import/easystroke/synthetic/actions-0.5.6)
out=$(ASAN_OPTIONS="detect_leaks=1:exitcode=23" LSAN_OPTIONS="report_objects=1" \
      "$scratch/debug/gesture-bench" reloads "$n" "${files[@]}" 2>&1) || {
  echo "config loads leaked or failed:"; echo "$out" | head -60 || true; exit 1; }
echo "$out" | tail -1
echo "LeakSanitizer: ${#files[@]} files × $n loads, 0 bytes leaked"
