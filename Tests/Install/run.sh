#!/usr/bin/env bash
# Installs into a temporary PREFIX (scripts/install.sh), checks every
# installed file, and uninstalls cleanly. Prints "N passed, N failed".
# Usage: Tests/Install/run.sh    (CI runs it; needs desktop-file-utils, and
# systemd-analyze where systemd is installed)
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export PREFIX=$tmp/prefix SYSTEMD_USER_DIR=$tmp/systemd AUTOSTART_DIR=$tmp/autostart NO_PACKAGES=1 NO_START=1
passed=0; failed=0
check() {  # description, command…
  local what=$1; shift
  if "$@" >"$tmp/out" 2>&1; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAILED: $what"; sed 's/^/  /' "$tmp/out" | head -20
  fi
}
contains() { grep -q -- "$2" "$1"; }
mode_is() { [ "$(stat -c %a "$1")" = "$2" ]; }

check "install" scripts/install.sh
bin=$PREFIX/bin/gesture-bridge
daemon=$PREFIX/libexec/gesture-bridge/gesture-bridge-daemon
check "binary, 755" mode_is "$bin" 755
check "daemon, 755" mode_is "$daemon" 755
check "the installed binary runs" "$bin" --help
check "no Swift runtime library linked (static stdlib)" bash -c "! ldd '$bin' '$daemon' | grep -i swift"
check "needs only C libraries of the system" bash -c "ldd '$daemon' | grep -q libX11"
# libdbus is loaded (dlopen) only when touchegg-protocol is on.
check "libdbus not linked" bash -c "! ldd '$bin' '$daemon' | grep -q libdbus"
check "no RUNPATH (the loader looked in the build folder first)" bash -c "! readelf -d '$bin' '$daemon' | grep -q -i 'runpath\|rpath'"
# gesture-bridge run execs PREFIX/libexec/gesture-bridge/gesture-bridge-daemon:
# with no X server it is the daemon that says so.
env -i HOME="$tmp/home" "$bin" run --exit-when-ready --display :987 > "$tmp/daemon.out" 2>&1
check "gesture-bridge run starts the installed daemon" contains "$tmp/daemon.out" "cannot open X display"
for k in keymaps/*.toml; do
  check "keymap $(basename "$k")" cmp "$k" "$PREFIX/share/gesture-bridge/keymaps/$(basename "$k")"
done
# The installed binary finds the installed keymaps (bin/../share/gesture-bridge/keymaps).
env -i HOME="$tmp/home" XDG_DATA_DIRS=/nonexistent "$bin" keymaps > "$tmp/keymaps" 2>&1
check "installed keymaps are found" contains "$tmp/keymaps" "$PREFIX/bin/../share/gesture-bridge/keymaps"
man=$PREFIX/share/man/man1/gesture-bridge.1
check "man page" contains "$man" "^\.Dt GESTURE-BRIDGE 1$"
check "man page names the commands" contains "$man" "replay"
check "bash completion" contains "$PREFIX/share/bash-completion/completions/gesture-bridge" "^complete .*-F _gesture-bridge gesture-bridge$"
check "zsh completion" contains "$PREFIX/share/zsh/site-functions/_gesture-bridge" "#compdef gesture-bridge"
check "fish completion" contains "$PREFIX/share/fish/vendor_completions.d/gesture-bridge.fish" "^complete -c 'gesture-bridge'"
unit=$SYSTEMD_USER_DIR/gesture-bridge.service
check "unit runs the installed daemon" contains "$unit" "^ExecStart=$daemon$"
check "unit is bound to the graphical session" contains "$unit" "^PartOf=graphical-session.target$"
check "unit restarts on failure" contains "$unit" "^Restart=on-failure$"
check "unit is wanted by the graphical session" contains "$unit" "^WantedBy=graphical-session.target$"
if command -v systemd-analyze >/dev/null; then
  # No warnings at all: systemd-analyze exits 0 on some it prints.
  mkdir -m 700 "$tmp/run"   # a user manager's runtime directory, which --user needs
  check "systemd-analyze verify" bash -c "XDG_RUNTIME_DIR='$tmp/run' MANPATH='$PREFIX/share/man' systemd-analyze --user verify '$unit' 2>&1 | tee /dev/stderr | { ! grep -q .; }"
else
  echo "skipped: systemd-analyze verify (systemd not installed)"
fi
desktop=$AUTOSTART_DIR/gesture-bridge.desktop
check "desktop-file-validate" desktop-file-validate "$desktop"
check "autostart runs the installed daemon" contains "$desktop" "^Exec=$daemon$"
check "autostart is skipped under systemd (the unit runs instead)" contains "$desktop" "^X-GNOME-HiddenUnderSystemd=true$"
# The settings app (gesture-bridge-settings) and its desktop entry, icon, metainfo, man page.
settings=$PREFIX/bin/gesture-bridge-settings
app=io.github.gesture_bridge.Settings
check "settings app, 755, runs" bash -c "[ \"\$(stat -c %a '$settings')\" = 755 ] && '$settings' --help"
check "settings app: desktop-file-validate" desktop-file-validate "$PREFIX/share/applications/$app.desktop"
check "settings app: its entry runs the installed app" contains "$PREFIX/share/applications/$app.desktop" "^Exec=$settings$"
check "settings app: icon" contains "$PREFIX/share/icons/hicolor/scalable/apps/$app.svg" "<svg"
if command -v appstreamcli >/dev/null; then
  check "settings app: appstreamcli validate" appstreamcli validate --no-net "$PREFIX/share/metainfo/$app.metainfo.xml"
fi
# Its translations: a .mo per po/LINGUAS language, where the app looks (beside its binary).
langs=$(grep -vc '^#' po/LINGUAS)
check "settings app: $langs .mo files" bash -c "[ \$(ls '$PREFIX'/share/locale/*/LC_MESSAGES/gesture-bridge.mo | wc -l) = $langs ]"
check "settings app: its entry translated" contains "$PREFIX/share/applications/$app.desktop" "^Comment\[de\]=Touchscreen- und Touchpad-Gesten"
check "settings app: its metainfo translated" contains "$PREFIX/share/metainfo/$app.metainfo.xml" '<summary xml:lang="de">'
# In a German locale where there is one (.ci/run makes de_DE.UTF-8); else
# C.UTF-8 with LANGUAGE, which glibc before 2.39 honours (2.39 and later ignore
# LANGUAGE in C.UTF-8 as in C).
de_locale=$(locale -a 2>/dev/null | grep -ix 'de_DE\.utf-\?8' | head -1)
german="LANG=$de_locale"; [ -n "$de_locale" ] || german="LANGUAGE=de LC_ALL=C.UTF-8"
check "settings app speaks German from the installed .mo" \
  bash -c "env -u LC_ALL -u LC_MESSAGES -u LANGUAGE $german '$settings' --help | grep -q '^Die Gesten von gesture-bridge, in Worten'"
check "settings app: man page" contains "$PREFIX/share/man/man1/gesture-bridge-settings.1" "^\.Dt GESTURE-BRIDGE-SETTINGS 1$"
check "a second install replaces, not duplicates" scripts/install.sh
check "manifest lists each file once" bash -c "[ \$(sort '$PREFIX/share/gesture-bridge/installed-files' | uniq -d | wc -l) = 0 ]"

check "uninstall" scripts/install.sh uninstall
check "nothing left behind" bash -c "[ -z \"\$(find '$tmp/prefix' '$tmp/systemd' '$tmp/autostart' -type f 2>/dev/null)\" ]"
check "no directory of ours left" bash -c "[ ! -e '$PREFIX/share/gesture-bridge' ]"
check "uninstalling twice says so" bash -c "! scripts/install.sh uninstall"

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
