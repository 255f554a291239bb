#!/usr/bin/env bash
# Whether binaries run on glibc MAX (default 2.35, Ubuntu 22.04's): no symbol
# version above it in what they need from glibc (readelf -V, "Version needs"),
# and no GLIBC_ABI_DT_RELR (packed relative relocations, which only glibc
# 2.36's loader reads; readelf -d shows the DT_RELR tag itself).
#   Tests/Package/check-glibc.sh [--max 2.35] BINARY…
# Prints each binary's highest GLIBC_ version; exits 1 if one fails.
set -euo pipefail
max=2.35
[ "${1:-}" = --max ] && { max=$2; shift 2; }
[ $# -gt 0 ] || { echo "usage: $0 [--max VERSION] BINARY…" >&2; exit 2; }
failed=0
for bin in "$@"; do
  [ -f "$bin" ] || { echo "NOT FOUND: $bin"; failed=1; continue; }
  needs=$(readelf -V --wide "$bin" | sed -n '/Version needs section/,$p' | grep -o 'Name: GLIBC[A-Z_]*[0-9.A-Z_]*' | sed 's/Name: //' | sort -u)
  highest=$(grep '^GLIBC_[0-9]' <<<"$needs" | sed 's/^GLIBC_//' | sort -V | tail -1)
  problems=()
  grep -qx GLIBC_ABI_DT_RELR <<<"$needs" && problems+=("needs GLIBC_ABI_DT_RELR")
  readelf -d "$bin" | grep -q '(RELR)' && problems+=("has a DT_RELR table")
  above=$(grep '^GLIBC_[0-9]' <<<"$needs" | sed 's/^GLIBC_//' | while read -r v; do
    [ "$(printf '%s\n%s\n' "$v" "$max" | sort -V | tail -1)" = "$max" ] || printf 'GLIBC_%s ' "$v"; done)
  [ -n "$above" ] && problems+=("needs ${above% } (above GLIBC_$max)")
  if [ ${#problems[@]} -eq 0 ]; then echo "ok: $bin (highest GLIBC_${highest:-none})"
  else echo "FAILS: $bin: $(printf '%s; ' "${problems[@]}" | sed 's/; $//')"; failed=1; fi
done
exit $failed
