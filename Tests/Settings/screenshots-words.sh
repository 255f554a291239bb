#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# Try It without a daemon in German and French, at full width and at 360 px
# (issue 62): the "not running" banner and the empty canvas's text, into
# docs/settings/try-it-{de,fr}.png and try-it-{de,fr}-narrow.png (the real
# app under Xvfb, Tests/Settings/screenshots-words.py). Look at each after
# running it. Needs de_DE.UTF-8 and fr_FR.UTF-8 (localedef, package locales).
#   Tests/Settings/screenshots-words.sh [OUT]     # OUT: docs/settings by default
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-docs/settings}
if [ "${NO_BUILD:-}" != 1 ]; then
  swift build --product gesture-bridge >/dev/null
  swift build --product gesture-bridge-settings 2>&1 | grep -v "prohibited flag" >&2 || true
fi
bin=$(swift build --show-bin-path)
scratch=$(mktemp -d /tmp/gesture-bridge-settings-words.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
scripts/build-translations.sh "$scratch/tr"
locales=()
for lang in de fr; do
  l=$(locale -a | grep -ix "${lang}_[A-Z][A-Z]\.utf-\?8" | head -1 || true)
  [ -n "$l" ] || { echo "screenshots-words.sh: no ${lang} UTF-8 locale: localedef -i ${lang}_XX -f UTF-8 …" >&2; exit 2; }
  locales+=(--locale "$lang=$l")
done
export GDK_DEBUG=no-portals
timeout --kill-after=10 300 \
  dbus-run-session -- /usr/bin/python3 Tests/Settings/screenshots-words.py --bin "$bin" --scratch "$scratch" --out "$out" \
  --localedir "$scratch/tr/locale" "${locales[@]}"
