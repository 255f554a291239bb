#!/usr/bin/env bash
# The Debian package, as a user gets it: built (scripts/deb.sh), checked by
# lintian, installed with apt into a clean Debian root (mmdebstrap), its files
# and `gesture-bridge check` tried there, then purged, leaving nothing.
# Prints "N passed, N failed". Needs root (mmdebstrap, chroot), mmdebstrap,
# lintian, dpkg-dev; network for the root's packages.
set -uo pipefail
cd "$(dirname "$0")/../.."
say() { echo "package: $*" >&2; }
deb=${1:-$(scripts/deb.sh | tail -1)}
[ -f "$deb" ] || { echo "package: no package built" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
check() {  # description, command…
  local what=$1; shift
  if "$@" >"$tmp/out" 2>&1; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAILED: $what"; sed 's/^/  /' "$tmp/out" | head -20
  fi
}

# Lintian: nothing but what the package overrides (each with its reason).
check "lintian: no error or warning" bash -c "lintian --fail-on error,warning '$deb' 2>&1 | grep -v 'running with root privileges' | tee /dev/stderr | { ! grep -q .; }"
check "Depends computed by dpkg-shlibdeps" bash -c "dpkg-deb -f '$deb' Depends | grep -q 'libx11-6'"
# The daemon's packed relative relocations (DT_RELR) need glibc 2.36's loader.
check "Depends on the libc6 whose loader reads the daemon's DT_RELR" \
  bash -c "dpkg-deb -f '$deb' Depends | grep -q 'libc6 (>= 2.36)'"
# libdbus is loaded (dlopen) only when touchegg-protocol is on.
check "libdbus recommended, not a dependency" \
  bash -c "dpkg-deb -f '$deb' Recommends | grep -q 'libdbus-1-3' && ! dpkg-deb -f '$deb' Depends | grep -q 'libdbus'"
check "Depends names the config parsers' libraries (libyaml, pugixml; toml++ is header-only)" \
  bash -c "dpkg-deb -f '$deb' Depends | grep -q 'libyaml-0-2' && dpkg-deb -f '$deb' Depends | grep -q 'libpugixml1v5'"

# A clean root: Debian's minimal base, nothing of ours.
mirror=${GB_MIRROR:-$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
mirror=${mirror:-http://deb.debian.org/debian}
say "a clean bookworm root from $mirror"
root=$tmp/root
if ! mmdebstrap --quiet --variant=minbase bookworm "$root" "$mirror" >"$tmp/mmdebstrap.log" 2>&1; then
  echo "FAILED: mmdebstrap"; tail -5 "$tmp/mmdebstrap.log"; exit 1
fi
snapshot() {  # every file of the root but apt's and dpkg's own records
  (cd "$root" && find . -xdev \( -path ./var/lib/dpkg -o -path ./var/lib/apt -o -path ./var/cache -o -path ./var/log \
    -o -path ./etc/resolv.conf -o -path ./tmp -o -path ./proc -o -path ./dev -o -path ./run -o -path ./root \) -prune -o -print | sort)
}
snapshot >"$tmp/before"
cp "$deb" "$root/tmp/pkg.deb"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive "$@"; }
mount --bind /proc "$root/proc" 2>/dev/null; trap 'umount "$root/proc" 2>/dev/null; rm -rf "$tmp"' EXIT

cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
check "apt's lists (mmdebstrap leaves none)" in_root apt-get update -q
check "apt installs it with its dependencies" in_root apt-get install -y -q /tmp/pkg.deb
check "binary on PATH runs" in_root gesture-bridge --version
check "no Foundation, ICU or CoreFoundation in the binary" scripts/check-no-foundation.sh .build-static/release/gesture-bridge
check "no argument parser or FoundationEssentials in the daemon" \
  scripts/check-no-foundation.sh .build-static/release/gesture-bridge-daemon --daemon
# (in_root is a function of this script: a `bash -c` runs chroot itself.)
in_chroot="chroot '$root' env -i PATH=/usr/bin:/bin HOME=/root"
check "no Swift toolchain needed (static stdlib)" \
  bash -c "$in_chroot ldd /usr/bin/gesture-bridge /usr/libexec/gesture-bridge/gesture-bridge-daemon > '$tmp/ldd' && ! grep -qi swift '$tmp/ldd'"
check "the daemon links no libdbus" \
  bash -c "$in_chroot ldd /usr/libexec/gesture-bridge/gesture-bridge-daemon > '$tmp/ldd' && grep -q libX11 '$tmp/ldd' && ! grep -q libdbus '$tmp/ldd'"
# gesture-bridge run execs /usr/libexec/gesture-bridge/gesture-bridge-daemon:
# with no X server it is the daemon that says so.
check "gesture-bridge run starts the installed daemon" \
  bash -c "$in_chroot gesture-bridge run --exit-when-ready --display :987 2>&1 | tee /dev/stderr | grep -q 'cannot open X display'"
check "gesture-bridge check (the built-in default, keymaps found)" in_root gesture-bridge check
check "keymaps from /usr/share" bash -c "chroot '$root' env -i PATH=/usr/bin:/bin HOME=/root gesture-bridge keymaps | grep -q '/usr/share/gesture-bridge/keymaps'"
for f in /usr/libexec/gesture-bridge/gesture-bridge-daemon /usr/share/man/man1/gesture-bridge.1.gz /usr/share/bash-completion/completions/gesture-bridge \
  /usr/share/zsh/vendor-completions/_gesture-bridge /usr/share/fish/vendor_completions.d/gesture-bridge.fish \
  /usr/lib/systemd/user/gesture-bridge.service /etc/xdg/autostart/gesture-bridge.desktop \
  /usr/share/gesture-bridge/keymaps/gnome.toml /usr/share/doc/gesture-bridge/copyright; do
  check "installed: $f" test -s "$root$f"
done
check "the user unit is enabled for every user's graphical session" \
  test -L "$root/etc/systemd/user/graphical-session.target.wants/gesture-bridge.service"
check "the unit does not restart it in a Wayland session" grep -q '^RestartPreventExitStatus=3$' "$root/usr/lib/systemd/user/gesture-bridge.service"

check "purge" in_root apt-get purge -y -q gesture-bridge
check "autoremove of what it brought" in_root apt-get autoremove -y -q --purge
umount "$root/proc" 2>/dev/null
rm -f "$root/tmp/pkg.deb"
snapshot >"$tmp/after"
# A dependency's postinst adding a system group leaves shadow's own backups
# (/etc/shadow-, /etc/gshadow-): not ours, and not left by our package.
grep -v -E '^\./etc/(shadow|gshadow|passwd|group)-$' "$tmp/before" >"$tmp/before.ours"
grep -v -E '^\./etc/(shadow|gshadow|passwd|group)-$' "$tmp/after" >"$tmp/after.ours"
check "nothing left after purge" diff "$tmp/before.ours" "$tmp/after.ours"
check "no file of ours anywhere" bash -c "! grep -i gesture-bridge '$tmp/after'"

echo "package: $passed passed, $failed failed ($(du -h "$deb" | cut -f1) $deb)"
[ "$failed" -eq 0 ]
