#!/usr/bin/env bash
# Whether a package's Depends installs where the versions listed are (one
# "package version" a line; ../shared/spec/ubuntu-22.04-versions.txt is
# Ubuntu 22.04's, jammy with its updates): every versioned relation must be
# met by the listed version of its package, by one alternative at least.
#   Tests/Package/check-depends.sh VERSIONS (--deb FILE.deb | DEPENDS) [--ours NAME]…
# --ours names a package built with ours (gesture-bridge (= 0.1-1)): its
# relation is ours to keep, not the distribution's. A versioned relation on a
# package the list does not name fails: what it needs cannot be told.
# Prints each relation it judged; exits 1 on the first list of failures.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 VERSIONS (--deb FILE | DEPENDS) [--ours NAME]…" >&2; exit 2; }
versions=$1; shift
[ -r "$versions" ] || { echo "check-depends: cannot read $versions" >&2; exit 2; }
if [ "$1" = --deb ]; then depends=$(dpkg-deb -f "$2" Depends); shift 2
else depends=$1; shift; fi
ours=()
while [ $# -gt 0 ]; do
  [ "$1" = --ours ] && [ $# -ge 2 ] || { echo "check-depends: unknown argument $1" >&2; exit 2; }
  ours+=("$2"); shift 2
done
[ -n "$depends" ] || { echo "check-depends: empty Depends" >&2; exit 2; }

listed() {  # the version the list gives a package, or nothing
  awk -v p="$1" '$1 == p { print $2; exit }' "$versions"
}
failed=0
IFS=',' read -ra relations <<<"$depends"
for relation in "${relations[@]}"; do
  relation=$(echo "$relation" | xargs)
  met=""; why=()
  IFS='|' read -ra alternatives <<<"$relation"
  for alt in "${alternatives[@]}"; do
    alt=$(echo "$alt" | xargs)
    # name[:arch] [(op version)]
    if [[ $alt =~ ^([a-z0-9][a-z0-9.+-]*)(:[a-z0-9-]+)?[[:space:]]*(\(([<>=]+)[[:space:]]*([^\)[:space:]]+)\))?$ ]]; then
      name=${BASH_REMATCH[1]}; op=${BASH_REMATCH[4]}; want=${BASH_REMATCH[5]}
    else
      why+=("'$alt' is not a relation"); continue
    fi
    if [ -z "$op" ]; then met="unversioned"; break; fi
    if printf '%s\n' "${ours[@]+"${ours[@]}"}" | grep -qx "$name"; then met="ours"; break; fi
    have=$(listed "$name")
    if [ -z "$have" ]; then why+=("$name is not in $(basename "$versions")"); continue; fi
    case $op in
      '>=') dop=ge ;; '<=') dop=le ;; '=') dop=eq ;; '>>') dop=gt ;; '<<') dop=lt ;;
      *) why+=("'$alt': unknown operator $op"); continue ;;
    esac
    if dpkg --compare-versions "$have" "$dop" "$want"; then met="$name $have"; break; fi
    why+=("$name $have does not satisfy ($op $want)")
  done
  if [ -n "$met" ]; then echo "ok: $relation ($met)"
  else echo "NOT MET: $relation: ${why[*]}"; failed=1; fi
done
exit $failed
