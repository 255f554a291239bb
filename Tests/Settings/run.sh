#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# The settings app driven as a person would (issue 42): the real
# gesture-bridge-settings under its own Xvfb, on a session bus this script
# starts, through its accessibility tree (AT-SPI, Debian's python3-pyatspi).
# Tests/Settings/drive.py has the scenarios; each change's file is compared
# with Tests/Settings/goldens/app-*.toml and loaded with `gesture-bridge check`.
#
#   Tests/Settings/run.sh                 # every scenario
#   Tests/Settings/run.sh edits errors    # some of them
#   UPDATE_GOLDENS=1 Tests/Settings/run.sh edits   # rewrite the goldens (review the diff)
#   NO_BUILD=1 …                          # use the build there is
#   SETTINGS_LANGUAGES=de Tests/Settings/run.sh   # English, then German only ("" English only)
#   SETTINGS_SPLIT=0 …                    # every scenario in every language (else the
#                                         # translated languages share them out)
set -euo pipefail
cd "$(dirname "$0")/../.."

for tool in Xvfb xdotool xmessage dbus-run-session /usr/libexec/at-spi-bus-launcher; do
  command -v "$tool" >/dev/null || { echo "Tests/Settings/run.sh: $tool is missing (the .ci/run block installs it)" >&2; exit 2; }
done
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || { echo "Tests/Settings/run.sh: python3-pyatspi is missing" >&2; exit 2; }

if [ "${NO_BUILD:-}" != 1 ]; then
  swift build --product gesture-bridge >/dev/null && swift build --product gesture-bridge-daemon >/dev/null
  swift build --product gesture-bridge-settings 2>&1 | grep -v "prohibited flag" >&2 || true
fi
bin=$(swift build --show-bin-path)
[ -x "$bin/gesture-bridge-settings" ] || { echo "Tests/Settings/run.sh: no $bin/gesture-bridge-settings" >&2; exit 2; }
# Nothing linked newer than libadwaita 1.1 / GTK 4.6 (Ubuntu 22.04).
Tests/Settings/symbols.sh "$bin/gesture-bridge-settings"

# No desktop portal here: GTK would wait for one (AT-SPI runs).
export GDK_DEBUG=no-portals
# GTK draws with cairo here, not GL: Xvfb's GL is Mesa's software one
# (llvmpipe), with threads of its own beside the app's. What the scenarios
# read (the accessibility tree, the files written) is the same either way.
# All three languages, two at a time: 775 s wall and 1,055 s CPU with GL,
# 607 s and 589 s with cairo (2026-12-07, here). GSK_RENDERER=gl … to try GL.
export GSK_RENDERER=${GSK_RENDERER:-cairo}

scratch=$(mktemp -d /tmp/gesture-bridge-settings-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# The scenarios in English, German and French (SETTINGS_LANGUAGES="de fr"
# by default; "" for English only), languages side by side: each run has its
# own Xvfb, session bus, AT-SPI bus, home and scratch (CI's time: one after
# the other took about 3 x 225 s). The app's .mo files from po/, each name
# looked up as it translates, no English msgid left on a screen, the same
# goldens.
# SETTINGS_SERIAL=1: one language after the other.
scripts/build-translations.sh "$scratch/tr"
run_language() {  # lang [drive.py's options and scenarios]
  local lang=$1 locale= dir="$scratch/run-${1:-en}"; shift
  if [ -n "$lang" ]; then
    locale=$(locale -a | grep -ix "${lang}_[A-Z][A-Z]\.utf-\?8" | head -1 || true)
    [ -n "$locale" ] || { echo "Tests/Settings/run.sh: no ${lang} UTF-8 locale: localedef -i ${lang}_XX -f UTF-8 … (package locales)" >&2; return 2; }
  fi
  mkdir -p "$dir"
  # Bounded: a hung widget fails the run instead of holding CI.
  SETTINGS_TEST_LANGUAGE=$lang SETTINGS_TEST_LOCALE=$locale SETTINGS_TEST_LOCALEDIR="$scratch/tr/locale" \
    timeout --kill-after=10 "${SETTINGS_TEST_TIMEOUT:-600}" \
    dbus-run-session -- /usr/bin/python3 Tests/Settings/drive.py --bin "$bin" --scratch "$dir" "$@"
}
languages=("" ${SETTINGS_LANGUAGES-de fr})
# English runs every scenario; the translated languages share them out
# (drive.py --part K/N: German every other one from the first, French from
# the second), unless scenarios are named or SETTINGS_SPLIT=0. Each screen a
# scenario visits is swept for English left untranslated in its language:
# a string the sources never mark shows English in every language, so one
# language finds it; a language's own gaps are msgfmt's (scripts/check-po.sh:
# every language complete). CI's time: the three languages whole took 977 s
# there (stop 74), two at a time.
part_of() {  # index among the languages → drive.py's --part, or nothing
  local translated=$((${#languages[@]} - 1))
  [ "$1" -gt 0 ] && [ $# -eq 1 ] && [ "${SETTINGS_SPLIT:-1}" != 0 ] && [ "$translated" -gt 1 ] || return 0
  echo "--part=$(($1 - 1))/$translated"
}
status=0
if [ "${SETTINGS_SERIAL:-0}" = 1 ]; then
  for i in "${!languages[@]}"; do
    lang=${languages[$i]}
    [ -n "$lang" ] && echo "run.sh: the scenarios in $lang"
    # shellcheck disable=SC2046  # nothing or one word
    run_language "$lang" $(part_of "$i" "$@") "$@" || status=1
  done
  exit $status
fi
# As many languages at once as there are cores (SETTINGS_JOBS): the app
# draws in software, and three at once on two cores went from 70 s to 140 s
# a scenario, near the AT-SPI waits' limits.
jobs=${SETTINGS_JOBS:-$(nproc)}
started=$SECONDS
pids=()
for i in "${!languages[@]}"; do
  lang=${languages[$i]}
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  # shellcheck disable=SC2046  # nothing or one word
  run_language "$lang" $(part_of "$i" "$@") "$@" >"$scratch/out-${lang:-en}.log" 2>&1 &
  pids+=($!)
done
# Each language's output whole, in order, with the time so far; without
# pyatspi's "dbind-WARNING … Error in GetItems" lines (a cache the app does
# not offer: one per connection, said on stderr, nothing failed) and the
# blank lines between them.
failed=()
for i in "${!languages[@]}"; do
  lang=${languages[$i]}
  wait "${pids[$i]}" && result=passed || { result=FAILED; status=1; failed+=("${lang:-en}"); }
  echo "run.sh: the scenarios in ${lang:-en}: $result (all languages together, $((SECONDS - started)) s so far)"
  grep -v -e 'dbind-WARNING' -e '^$' "$scratch/out-${lang:-en}.log" | sed "s/^/[${lang:-en}] /" || true
done
# The failures again at the end, where a log cut to its tail still shows them.
for lang in "${failed[@]}"; do
  echo "run.sh: FAILED in $lang:"
  grep -A3 -e 'drive: FAIL' -e 'drive: failed:' -e '^Tests/Settings' -e 'Traceback' "$scratch/out-$lang.log" | sed "s/^/  [$lang] /" || true
done
exit $status
