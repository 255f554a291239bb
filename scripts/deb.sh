#!/usr/bin/env bash
# Builds the Debian package: gesture-bridge_VERSION_ARCH.deb in .build-deb/,
# and prints its path as the last line.
#   scripts/deb.sh
# The binaries are the release build with the Swift runtime linked in
# (--static-swift-stdlib): they need no Swift toolchain at run time, only the
# C libraries dpkg-shlibdeps finds (libX11, libX11-xcb, libXi, libXtst, libXrandr, libXext, libxcb-xinput, libxcb-randr,
# glibc), and libdbus-1, which the daemon loads when touchegg-protocol is on
# (Recommends). The package holds the command (/usr/bin/gesture-bridge), the
# daemon it execs (/usr/libexec/gesture-bridge/), the keymaps, the man page,
# bash/zsh/fish completions, the systemd user unit (enabled for every user's
# graphical session, as dh_installsystemduser does it: deb-systemd-helper
# --user) and the XDG autostart entry (for sessions without systemd).
# Needs: swift, dpkg-dev (dpkg-shlibdeps, dpkg-gencontrol's tools), fakeroot-free
# (dpkg-deb --root-owner-group).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "deb: $*" >&2; }
for tool in swift dpkg-deb dpkg-shlibdeps dpkg-architecture gzip; do
  command -v "$tool" >/dev/null || { echo "deb: $tool is missing (apt-get install dpkg-dev)" >&2; exit 2; }
done

say "building (release, static Swift stdlib)"
scripts/build-static.sh gesture-bridge gesture-bridge-daemon
bin=.build-static/release/gesture-bridge
# Upstream version, Debian revision 1 (a package built from the release).
version=$("$bin" --version)-1
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
out=.build-deb
root=$out/root
rm -rf "$root"; mkdir -p "$root/DEBIAN"

put() {  # mode source destination (inside the package)
  install -D -m "$1" "$2" "$root$3"
}
# The binaries, stripped as Debian policy asks.
mkdir -p "$root/usr/bin" "$root/usr/libexec/gesture-bridge"
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$root/usr/bin/gesture-bridge" "$bin"
strip --strip-unneeded --remove-section=.comment --remove-section=.note \
  -o "$root/usr/libexec/gesture-bridge/gesture-bridge-daemon" "$bin-daemon"
chmod 755 "$root/usr/bin/gesture-bridge" "$root/usr/libexec/gesture-bridge/gesture-bridge-daemon"
# Keymaps where the binary looks: bin/../share/gesture-bridge/keymaps.
for k in keymaps/*.toml; do put 644 "$k" "/usr/share/gesture-bridge/keymaps/$(basename "$k")"; done

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
LC_ALL=C LANGUAGE= swift package --allow-writing-to-directory "$work" generate-manual --output-directory "$work" >/dev/null 2>&1 \
  || { say "generating the man page failed"; exit 1; }
# mdoc wants no blank lines (groff warns of each).
sed '/^$/d' "$work/gesture-bridge.1" | gzip -9n > "$work/gesture-bridge.1.gz"
put 644 "$work/gesture-bridge.1.gz" /usr/share/man/man1/gesture-bridge.1.gz
# A completion is sourced, not run: no #! line.
"$bin" --generate-completion-script bash | sed '1{/^#!/d}' > "$work/bash"
"$bin" --generate-completion-script zsh > "$work/zsh"
"$bin" --generate-completion-script fish > "$work/fish"
put 644 "$work/bash" /usr/share/bash-completion/completions/gesture-bridge
put 644 "$work/zsh" /usr/share/zsh/vendor-completions/_gesture-bridge
put 644 "$work/fish" /usr/share/fish/vendor_completions.d/gesture-bridge.fish

# The systemd user unit, the same as scripts/install.sh writes, for /usr.
sed "s|@DAEMON@|/usr/libexec/gesture-bridge/gesture-bridge-daemon|" scripts/gesture-bridge.service.in > "$work/unit"
put 644 "$work/unit" /usr/lib/systemd/user/gesture-bridge.service

# XDG autostart for sessions without systemd; a systemd session runs the unit.
sed "s|@DAEMON@|/usr/libexec/gesture-bridge/gesture-bridge-daemon|" scripts/gesture-bridge.desktop.in > "$work/desktop"
put 644 "$work/desktop" /etc/xdg/autostart/gesture-bridge.desktop

# Documentation Debian asks for.
# Apache-2.0 (LICENSE), pointing at Debian's copy of its text.
cat > "$work/copyright" <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: gesture-bridge
Source: https://github.com/gesture-bridge/gesture-bridge

Files: *
Copyright: 2026 The GestureBridge authors
License: Apache-2.0

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License");
 you may not use this file except in compliance with the License.
 You may obtain a copy of the License at
 .
 http://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS,
 WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 See the License for the specific language governing permissions and
 limitations under the License.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0
 can be found in "/usr/share/common-licenses/Apache-2.0".
EOF
put 644 "$work/copyright" /usr/share/doc/gesture-bridge/copyright
printf 'gesture-bridge (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- GestureBridge authors <gesture-bridge@users.noreply.github.com>  %s\n' \
  "$version" "$version" "$(date -R -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")" \
  | gzip -9n > "$work/changelog.gz"
put 644 "$work/changelog.gz" /usr/share/doc/gesture-bridge/changelog.Debian.gz
# Lintian's one remaining tag, and why it does not apply: the package is not
# uploaded to Debian's archive, so there is no ITP bug for it to close.
printf '# Not uploaded to the Debian archive: no ITP bug to close.\ngesture-bridge: initial-upload-closes-no-bugs\n' > "$work/overrides"
put 644 "$work/overrides" /usr/share/lintian/overrides/gesture-bridge

# Maintainer scripts: the user unit enabled for every user (as
# dh_installsystemduser writes them), nothing started as root.
cat > "$root/DEBIAN/postinst" <<'EOF'
#!/bin/sh
set -e
if [ "$1" = configure ] || [ "$1" = abort-upgrade ] || [ "$1" = abort-deconfigure ] || [ "$1" = abort-remove ]; then
	if deb-systemd-helper --user debian-installed gesture-bridge.service; then
		deb-systemd-helper --user update-state gesture-bridge.service >/dev/null || true
	else
		deb-systemd-helper --user enable gesture-bridge.service >/dev/null || true
	fi
fi
EOF
cat > "$root/DEBIAN/postrm" <<'EOF'
#!/bin/sh
set -e
if [ "$1" = remove ] && command -v deb-systemd-helper >/dev/null 2>&1; then
	deb-systemd-helper --user mask gesture-bridge.service >/dev/null || true
fi
if [ "$1" = purge ] && command -v deb-systemd-helper >/dev/null 2>&1; then
	deb-systemd-helper --user purge gesture-bridge.service >/dev/null || true
	deb-systemd-helper --user unmask gesture-bridge.service >/dev/null || true
fi
EOF
chmod 755 "$root/DEBIAN/postinst" "$root/DEBIAN/postrm"
echo /etc/xdg/autostart/gesture-bridge.desktop > "$root/DEBIAN/conffiles"

# Depends: what the binaries link, as dpkg-shlibdeps works it out; libdbus
# is loaded only for touchegg-protocol (dlopen), so it is recommended.
mkdir -p "$work/debian"
printf 'Source: gesture-bridge\n\nPackage: gesture-bridge\nArchitecture: any\n' > "$work/debian/control"
# Where a library's own shlibs ask for more than what we call needs
# (scripts/shlibs.local says which, and why).
cp scripts/shlibs.local "$work/debian/shlibs.local"
depends=$(cd "$work" && dpkg-shlibdeps -O "$OLDPWD/$root/usr/bin/gesture-bridge" \
  "$OLDPWD/$root/usr/libexec/gesture-bridge/gesture-bridge-daemon" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { say "dpkg-shlibdeps found no dependencies"; exit 1; }
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: gesture-bridge
Version: $version
Architecture: $arch
Maintainer: GestureBridge authors <gesture-bridge@users.noreply.github.com>
Installed-Size: $size
Depends: $depends
Recommends: libdbus-1-3
Section: x11
Priority: optional
Homepage: https://github.com/gesture-bridge/gesture-bridge
Description: touchscreen and touchpad gestures for X11 desktops
 A per-user daemon for X11 sessions that recognizes touchscreen and
 touchpad gestures (swipes, pinches, taps, long presses, compositions of
 them) and turns them into keys, pointer actions, window-manager actions
 or commands, as a TOML config says. It needs no root and no input group;
 it imports touchegg, libinput-gestures and fusuma configs, and can serve
 Touchegg's D-Bus protocol to desktop shells that animate gestures.
EOF
(cd "$root" && find usr etc -type f ! -path 'etc/*' -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"

deb=$out/gesture-bridge_${version}_${arch}.deb
# xz at its strongest: its 64 MiB window finds what the two binaries share
# (each has the Swift runtime linked in): 5.2 MB where the default level
# made 7.0 MB.
dpkg-deb --root-owner-group -Zxz -z9 -Sextreme --build "$root" "$deb" >&2
say "$(du -h "$deb" | cut -f1); Depends: $depends"
# The second package, the settings app, depending on this one (its path to stderr:
# this script's last line stays the daemon's package).
scripts/deb-settings.sh "$version" >&2
echo "$PWD/$deb"
