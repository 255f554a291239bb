#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# The settings app installs on Ubuntu 22.04's family (issue 50): every
# libadwaita and GTK symbol it links is one libadwaita 1.1 / GTK 4.6 has.
# dpkg-shlibdeps takes each symbol's minimal version from the symbols files
# of the installed libraries (/var/lib/dpkg/info/*.symbols); this applies the
# same table, so what it would ask for is known before a .deb is built.
# Newer API is picked at run time (dlsym), never linked.
#
#   Tests/Settings/symbols.sh BINARY
set -euo pipefail
bin=${1:?usage: Tests/Settings/symbols.sh BINARY}
undefined=$(mktemp)
trap 'rm -f "$undefined"' EXIT
nm -D --undefined-only "$bin" | awk '{print $2}' | sed 's/@.*//' | sort -u >"$undefined"

status=0
check() { # library package, highest version allowed
  local lib=$1 allowed=$2 table=/var/lib/dpkg/info/$1:amd64.symbols
  [ -f "$table" ] || { echo "symbols.sh: no $table ($lib is not installed)" >&2; exit 2; }
  # " symbol@Base version" lines; the symbols we link, each with its minimal version.
  local used
  used=$(awk '/^ /{sub(/@.*/, "", $1); print $1, $2}' "$table" | sort -k1,1 | join - "$undefined")
  local newest
  newest=$(printf '%s\n' "$used" | sort -k2 -V | tail -1)
  local too_new
  too_new=$(printf '%s\n' "$used" | awk -v max="$allowed" '{print $2, $1}' | sort -V |
            awk -v max="$allowed" 'BEGIN{split(max, m, ".")} {split($1, v, /[.~+-]/); if (v[1] > m[1] || (v[1] == m[1] && v[2] > m[2])) print $2, $1}')
  echo "symbols.sh: $lib: $(printf '%s\n' "$used" | grep -c .) symbols, the newest ${newest:-none} (allowed: $allowed)"
  if [ -n "$too_new" ]; then
    echo "symbols.sh: $lib: newer than $allowed:" >&2
    printf '%s\n' "$too_new" | sed 's/^/  /' >&2
    status=1
  fi
}
check libadwaita-1-0 1.1
check libgtk-4-1 4.6
check libglib2.0-0 2.72
exit $status
