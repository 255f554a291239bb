#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# Screenshots of each screen of gesture-bridge-settings into docs/settings/
# (the real app under Xvfb, moved through its accessibility tree by
# Tests/Settings/screenshots.py; ImageMagick's `import -window root`), so
# the pictures in the docs stay true, one set in German. Look at each after running it.
#   Tests/Settings/screenshots.sh                          # every screen
#   Tests/Settings/screenshots.sh --only-pointer-strokes   # issue 58's: the Button, Draw a Shape, easystroke
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${NO_BUILD:-}" != 1 ]; then
  swift build --product gesture-bridge >/dev/null && swift build --product gesture-bridge-daemon >/dev/null
  swift build --product gesture-bridge-settings 2>&1 | grep -v "prohibited flag" >&2 || true
fi
bin=$(swift build --show-bin-path)
scratch=$(mktemp -d /tmp/gesture-bridge-settings-shots.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
# The German ones (gestures-de, form-de) need the .mo files and a de_DE locale
# (localedef -i de_DE -f UTF-8 de_DE.UTF-8, package locales).
scripts/build-translations.sh "$scratch/tr"
german=$(locale -a | grep -ix 'de_DE\.utf-\?8' | head -1 || true)
export GDK_DEBUG=no-portals
timeout --kill-after=10 300 \
  dbus-run-session -- /usr/bin/python3 Tests/Settings/screenshots.py --bin "$bin" --scratch "$scratch" --out docs/settings \
  --localedir "$scratch/tr/locale" ${german:+--german-locale "$german"} "$@"
