#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# Screenshots of each screen of gesture-bridge-settings into docs/settings/
# (the real app under Xvfb, moved through its accessibility tree by
# Tests/Settings/screenshots.py; ImageMagick's `import -window root`), so
# the pictures in the docs stay true. Look at each after running it.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${NO_BUILD:-}" != 1 ]; then
  swift build --product gesture-bridge >/dev/null && swift build --product gesture-bridge-daemon >/dev/null
  swift build --product gesture-bridge-settings 2>&1 | grep -v "prohibited flag" >&2 || true
fi
bin=$(swift build --show-bin-path)
scratch=$(mktemp -d /tmp/gesture-bridge-settings-shots.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
timeout --kill-after=10 300 \
  dbus-run-session -- /usr/bin/python3 Tests/Settings/screenshots.py --bin "$bin" --scratch "$scratch" --out docs/settings
