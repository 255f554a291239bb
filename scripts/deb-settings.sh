#!/usr/bin/env bash
# Builds the settings app's Debian package, gesture-bridge-settings_VERSION_ARCH.deb
# in .build-deb/, depending on the daemon's package of the same version; prints
# its path as the last line. scripts/deb.sh runs it after the daemon's (whose
# copyright file it takes).
#   scripts/deb-settings.sh [VERSION]     (default: gesture-bridge --version, revision 1)
# The binary is the release build with the Swift runtime linked in
# (--static-swift-stdlib); GTK 4, libadwaita and GLib come from Debian
# (dpkg-shlibdeps). The package holds the binary, its desktop entry, icon,
# AppStream metainfo and man page (data/settings/), and the translations
# (po/: /usr/share/locale/LANG/LC_MESSAGES/gesture-bridge.mo, the desktop
# entry's and the metainfo's translated keys).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "deb-settings: $*" >&2; }
for tool in swift dpkg-deb dpkg-shlibdeps dpkg-architecture gzip msgfmt; do
  command -v "$tool" >/dev/null || { echo "deb-settings: $tool is missing (apt-get install dpkg-dev)" >&2; exit 2; }
done

say "building (release, static Swift stdlib)"
scripts/build-static.sh gesture-bridge-settings
scripts/build-static.sh gesture-bridge
bin=.build-static/release/gesture-bridge-settings
version=${1:-$(.build-static/release/gesture-bridge --version)-1}
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
app=io.github.gesture_bridge.Settings
out=.build-deb
root=$out/root-settings
rm -rf "$root"; mkdir -p "$root/DEBIAN" "$root/usr/bin"
put() {  # mode source destination (inside the package)
  install -D -m "$1" "$2" "$root$3"
}
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$root/usr/bin/gesture-bridge-settings" "$bin"
chmod 755 "$root/usr/bin/gesture-bridge-settings"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
scripts/build-translations.sh "$work/tr"
for mo in "$work"/tr/locale/*/LC_MESSAGES/gesture-bridge.mo; do
  put 644 "$mo" "/usr/share/locale/${mo#"$work/tr/locale/"}"
done
put 644 "$work/tr/$app.desktop" /usr/share/applications/$app.desktop
put 644 data/settings/$app.svg /usr/share/icons/hicolor/scalable/apps/$app.svg
put 644 "$work/tr/$app.metainfo.xml" /usr/share/metainfo/$app.metainfo.xml
gzip -9n < data/settings/gesture-bridge-settings.1 > "$work/man.gz"
put 644 "$work/man.gz" /usr/share/man/man1/gesture-bridge-settings.1.gz

# One project, one license: the daemon package's copyright file (scripts/deb.sh
# builds it first, then runs this script).
daemon_copyright=$out/root/usr/share/doc/gesture-bridge/copyright
[ -f "$daemon_copyright" ] || { say "no $daemon_copyright: run scripts/deb.sh (it builds both packages)"; exit 1; }
cp "$daemon_copyright" "$work/copyright"
put 644 "$work/copyright" /usr/share/doc/gesture-bridge-settings/copyright
printf 'gesture-bridge-settings (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- GestureBridge authors <gesture-bridge@users.noreply.github.com>  %s\n' \
  "$version" "$version" "$(date -R -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")" \
  | gzip -9n > "$work/changelog.gz"
put 644 "$work/changelog.gz" /usr/share/doc/gesture-bridge-settings/changelog.Debian.gz
printf '# Not uploaded to the Debian archive: no ITP bug to close.\ngesture-bridge-settings: initial-upload-closes-no-bugs\n' > "$work/overrides"
put 644 "$work/overrides" /usr/share/lintian/overrides/gesture-bridge-settings

mkdir -p "$work/debian"
printf 'Source: gesture-bridge\n\nPackage: gesture-bridge-settings\nArchitecture: any\n' > "$work/debian/control"
# The daemon's package's corrections of libraries' shlibs (scripts/shlibs.local).
cp scripts/shlibs.local "$work/debian/shlibs.local"
depends=$(cd "$work" && dpkg-shlibdeps -O "$OLDPWD/$root/usr/bin/gesture-bridge-settings" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { say "dpkg-shlibdeps found no dependencies"; exit 1; }
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: gesture-bridge-settings
Source: gesture-bridge
Version: $version
Architecture: $arch
Maintainer: GestureBridge authors <gesture-bridge@users.noreply.github.com>
Installed-Size: $size
Depends: gesture-bridge (= $version), $depends
Section: x11
Priority: optional
Homepage: https://github.com/gesture-bridge/gesture-bridge
Description: settings app for the gesture-bridge gesture daemon
 A GTK 4 and libadwaita application for gesture-bridge's config: every
 gesture in words with an on/off switch, a form to add and change them,
 the settings and per-device tables, and, with the daemon running, each
 gesture lit as it is recognized and how far an attempt got. Changes are
 written in place, keeping every comment and everything the form does not
 show; a config the daemon would not load is never written.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"

deb=$out/gesture-bridge-settings_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
say "$(du -h "$deb" | cut -f1); Depends: gesture-bridge (= $version), $depends"
echo "$PWD/$deb"
