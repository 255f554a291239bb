#!/usr/bin/env bash
# Installs GestureBridge for this user and starts it with the session:
#   scripts/install.sh            install (builds release first) and start it
#   scripts/install.sh uninstall  stop it and remove every file it installed
# Where (environment):
#   PREFIX            the command (bin), the daemon it starts (libexec/gesture-bridge),
#                     keymaps, man page, completions (default ~/.local)
#   SYSTEMD_USER_DIR  the systemd user unit (default ~/.config/systemd/user)
#   AUTOSTART_DIR     the XDG autostart entry, for sessions without systemd
#                     (default ~/.config/autostart)
#   NO_PACKAGES=1     do not install missing Debian packages (needs root or sudo)
#   NO_START=1        install only: do not enable and start the unit
# Root is needed only to install missing system packages; the daemon itself
# runs as you, with no root and no `input` group.
set -euo pipefail
cd "$(dirname "$0")/.."
action=${1:-install}
config_home=${XDG_CONFIG_HOME:-$HOME/.config}
PREFIX=${PREFIX:-$HOME/.local}
SYSTEMD_USER_DIR=${SYSTEMD_USER_DIR:-$config_home/systemd/user}
AUTOSTART_DIR=${AUTOSTART_DIR:-$config_home/autostart}
manifest=$PREFIX/share/gesture-bridge/installed-files
unit=$SYSTEMD_USER_DIR/gesture-bridge.service
say() { echo "gesture-bridge: $*"; }

have_user_systemd() { command -v systemctl >/dev/null && systemctl --user show-environment >/dev/null 2>&1; }

if [ "$action" = uninstall ]; then
  [ -f "$manifest" ] || { say "nothing installed under $PREFIX (no $manifest)"; exit 1; }
  if [ -z "${NO_START:-}" ] && have_user_systemd; then
    systemctl --user disable --now gesture-bridge.service >/dev/null 2>&1 || true
  fi
  while IFS= read -r f; do rm -f "$f"; done < "$manifest"
  rm -f "$manifest"
  # Directories we made and left empty (never the prefix itself).
  for d in "$PREFIX/share/gesture-bridge/keymaps" "$PREFIX/share/gesture-bridge" "$PREFIX/libexec/gesture-bridge"; do
    rmdir "$d" 2>/dev/null || true
  done
  [ -z "${NO_START:-}" ] && have_user_systemd && systemctl --user daemon-reload || true
  say "uninstalled (your config in $config_home/gesture-bridge is kept)"
  exit 0
fi
[ "$action" = install ] || { echo "usage: scripts/install.sh [install|uninstall]" >&2; exit 2; }

# 1. System packages.
if [ -z "${NO_PACKAGES:-}" ]; then
  # The X and D-Bus libraries to build and run with, the config parsers
  # (toml++, libyaml, pugixml); Xvfb, Python's GI and tmux,
  # which `swift test` needs (its X tests start an Xvfb; the Touchégg
  # protocol tests' client is a GIO program; `watch` is drawn in a tmux
  # pane), so the README's second command works after the first. Xvfb's
  # core fonts by name: the stroke name's tests draw with misc-fixed, and
  # xvfb only recommends them (installed without recommends, three X tests
  # failed).
  packages=(pkg-config libx11-dev libx11-xcb-dev libxcb-xinput-dev libxcb-randr0-dev libxi-dev libxtst-dev libxrandr-dev libxext-dev libdbus-1-dev
            libtomlplusplus-dev libyaml-dev libpugixml-dev xvfb xfonts-base python3-gi tmux)
  # The settings app (gesture-bridge-settings) builds on GTK 4 and libadwaita.
  packages+=(libgtk-4-dev libadwaita-1-dev)
  # Its translations: msgfmt builds the .mo files, the desktop entry and the metainfo.
  packages+=(gettext)
  missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    say "installing ${missing[*]} (apt)"
    $sudo_cmd apt-get update -q
    $sudo_cmd apt-get install -y -q "${missing[@]}"
  fi
fi

# 2. Build: the Swift runtime linked in (--static-swift-stdlib), so the
# installed daemon needs no Swift toolchain at run time (updating or moving it
# never stops your gestures), only libX11, libXi, libXtst, libXrandr, libXext, libxcb-xinput, libxcb-randr (and
# libdbus-1, loaded when touchegg-protocol is on). Two executables: the
# command, and the daemon `gesture-bridge run` execs (no argument parser in
# what runs all day).
say "building (release, static Swift stdlib)"
scripts/build-static.sh gesture-bridge gesture-bridge-daemon 2>/dev/null
bin=.build-static/release/gesture-bridge
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
LC_ALL=C LANGUAGE= swift package --allow-writing-to-directory "$work" generate-manual --output-directory "$work" >/dev/null 2>&1 \
  || { say "generating the man page failed"; exit 1; }

# 3. Files, each recorded in the manifest (what uninstall removes).
installed=()
put() {  # mode source destination
  install -D -m "$1" "$2" "$3"
  installed+=("$3")
}
put 755 "$bin" "$PREFIX/bin/gesture-bridge"
put 755 "$bin-daemon" "$PREFIX/libexec/gesture-bridge/gesture-bridge-daemon"
for k in keymaps/*.toml; do put 644 "$k" "$PREFIX/share/gesture-bridge/keymaps/$(basename "$k")"; done
put 644 "$work/gesture-bridge.1" "$PREFIX/share/man/man1/gesture-bridge.1"
"$bin" --generate-completion-script bash > "$work/bash"
"$bin" --generate-completion-script zsh > "$work/zsh"
"$bin" --generate-completion-script fish > "$work/fish"
put 644 "$work/bash" "$PREFIX/share/bash-completion/completions/gesture-bridge"
put 644 "$work/zsh" "$PREFIX/share/zsh/site-functions/_gesture-bridge"
put 644 "$work/fish" "$PREFIX/share/fish/vendor_completions.d/gesture-bridge.fish"

# The systemd user unit: started with the graphical session, restarted if it fails.
sed "s|@DAEMON@|$PREFIX/libexec/gesture-bridge/gesture-bridge-daemon|" scripts/gesture-bridge.service.in > "$work/unit"
put 644 "$work/unit" "$unit"

# XDG autostart, for sessions without systemd; a systemd session skips it
# (X-GNOME-HiddenUnderSystemd) and runs the unit instead.
sed "s|@DAEMON@|$PREFIX/libexec/gesture-bridge/gesture-bridge-daemon|" scripts/gesture-bridge.desktop.in > "$work/desktop"
put 644 "$work/desktop" "$AUTOSTART_DIR/gesture-bridge.desktop"

# The settings app: its binary, desktop entry, icon, AppStream metainfo, man
# page, and its translations (po/: the app finds PREFIX/share/locale beside its binary).
say "building the settings app (release, static Swift stdlib)"
scripts/build-static.sh gesture-bridge-settings 2>/dev/null
put 755 .build-static/release/gesture-bridge-settings "$PREFIX/bin/gesture-bridge-settings"
app=io.github.gesture_bridge.Settings
scripts/build-translations.sh "$work/tr"
for mo in "$work"/tr/locale/*/LC_MESSAGES/gesture-bridge.mo; do
  put 644 "$mo" "$PREFIX/share/locale/${mo#"$work/tr/locale/"}"
done
sed "s|^Exec=gesture-bridge-settings|Exec=$PREFIX/bin/gesture-bridge-settings|" "$work/tr/$app.desktop" > "$work/app.desktop"
put 644 "$work/app.desktop" "$PREFIX/share/applications/$app.desktop"
put 644 data/settings/$app.svg "$PREFIX/share/icons/hicolor/scalable/apps/$app.svg"
put 644 "$work/tr/$app.metainfo.xml" "$PREFIX/share/metainfo/$app.metainfo.xml"
put 644 data/settings/gesture-bridge-settings.1 "$PREFIX/share/man/man1/gesture-bridge-settings.1"

mkdir -p "$(dirname "$manifest")"
printf '%s\n' "${installed[@]}" > "$manifest"
say "installed ${#installed[@]} files under $PREFIX, $SYSTEMD_USER_DIR and $AUTOSTART_DIR (list: $manifest)"

# 4. Start it.
if [ -n "${NO_START:-}" ]; then
  say "not started (NO_START)"
elif have_user_systemd; then
  systemctl --user daemon-reload
  systemctl --user enable --now gesture-bridge.service
  say "started: systemctl --user status gesture-bridge"
else
  say "no systemd user session here: it starts at your next login (XDG autostart)"
fi
case ":$PATH:" in *":$PREFIX/bin:"*) ;; *) say "add $PREFIX/bin to your PATH to run gesture-bridge by name";; esac
