#!/usr/bin/env bash
# The two Debian packages, as a user gets them: built (scripts/deb.sh builds
# the daemon's and the settings app's), the daemon's checked by lintian, both
# packages' Depends held to Ubuntu 22.04's versions and their binaries to its
# glibc (2.35), then installed with apt into a clean root of Debian 12
# (bookworm) and of Debian 13 (trixie) each (mmdebstrap): the files, the
# daemon started under an Xvfb, `gesture-bridge status` and `check` on
# `init`'s config, the settings app's window (a screenshot to look at, its
# stderr kept), then both purged, leaving nothing.
#   Tests/Package/run.sh [DAEMON.deb [SETTINGS.deb]]
# Prints "N passed, N failed". Needs root (mmdebstrap, chroot), mmdebstrap,
# lintian, dpkg-dev, xvfb, xdotool, imagemagick (import), dbus-daemon; network for the
# roots' packages. GB_PACKAGE_SUITES (default "bookworm trixie") picks the
# roots. The screenshots and the app's stderr go to .build-deb/package-test/.
# The minimal roots are cached as tarballs in ~/.cache/gesture-bridge-package
# (made again after a week); apt updates and installs in them at every run.
set -uo pipefail
cd "$(dirname "$0")/../.."
say() { echo "package: $*" >&2; }
start=$SECONDS
deb=${1:-$(scripts/deb.sh | tail -1)}
[ -f "$deb" ] || { echo "package: no package built" >&2; exit 1; }
settings_deb=${2:-$(dirname "$deb")/$(basename "$deb" | sed 's/^gesture-bridge_/gesture-bridge-settings_/')}
[ -f "$settings_deb" ] || { echo "package: no $settings_deb" >&2; exit 1; }
out=.build-deb/package-test
rm -rf "$out"; mkdir -p "$out"
tmp=$(mktemp -d)
cleanup() {
  [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null
  [ -n "${bus_pid:-}" ] && kill "$bus_pid" 2>/dev/null
  for r in "$tmp"/root-*; do [ -d "$r/proc" ] && umount "$r/proc" 2>/dev/null; done
  # Only once nothing is mounted in a root is it removed.
  if ! grep -q " $tmp/" /proc/mounts; then rm -rf "$tmp"; else say "left $tmp: something is still mounted in it"; fi
}
trap cleanup EXIT
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
# libdbus is loaded (dlopen) only when touchegg-protocol is on.
check "libdbus recommended, not a dependency" \
  bash -c "dpkg-deb -f '$deb' Recommends | grep -q 'libdbus-1-3' && ! dpkg-deb -f '$deb' Depends | grep -q 'libdbus'"
check "Depends names the config parsers' libraries (libyaml, pugixml; toml++ is header-only)" \
  bash -c "dpkg-deb -f '$deb' Depends | grep -q 'libyaml-0-2' && dpkg-deb -f '$deb' Depends | grep -q 'libpugixml1v5'"

# Where X11 users are (issue 50): Ubuntu 22.04 and what is built on it (Mint
# 21, Zorin 17, elementary 7, Pop!_OS 22.04). Not installed here: every
# versioned relation of both packages is held to its versions.
jammy=../shared/spec/ubuntu-22.04-versions.txt
[ -f "$jammy" ] || jammy=/work/shared/spec/ubuntu-22.04-versions.txt
check "the Depends checker refuses a version Ubuntu 22.04 lacks" \
  bash -c "! Tests/Package/check-depends.sh '$jammy' 'libc6 (>= 2.36), libx11-6' && Tests/Package/check-depends.sh '$jammy' 'libc6 (>= 2.35)'"
for d in "$deb" "$settings_deb"; do
  check "$(basename "$d"): every versioned Depends is met by Ubuntu 22.04" \
    bash -c "set -o pipefail; Tests/Package/check-depends.sh '$jammy' --deb '$d' --ours gesture-bridge | tee '$out/depends-$(basename "$d" .deb).txt'"
done
# The binaries as shipped: no glibc symbol above 2.35, no packed relative
# relocations (GLIBC_ABI_DT_RELR, glibc 2.36's loader).
mkdir -p "$tmp/x"; dpkg-deb -x "$deb" "$tmp/x"; dpkg-deb -x "$settings_deb" "$tmp/x"
shipped=("$tmp/x/usr/bin/gesture-bridge" "$tmp/x/usr/libexec/gesture-bridge/gesture-bridge-daemon" "$tmp/x/usr/bin/gesture-bridge-settings")
check "the glibc checker refuses what a binary needs above the limit" \
  bash -c "! Tests/Package/check-glibc.sh --max 2.2.5 '$tmp/x/usr/bin/gesture-bridge'"
# A binary linked with packed relocations, as the daemon was (a pointer in
# its data is one relative relocation).
printf 'static int x; int *p = &x;\nint main(void) { return *p; }\n' >"$tmp/relr.c"
check "the glibc checker refuses packed relocations" \
  bash -c "cc -fPIE -pie -Wl,-z,pack-relative-relocs -o '$tmp/relr' '$tmp/relr.c' && ! Tests/Package/check-glibc.sh '$tmp/relr' | tee /dev/stderr | grep -q '^ok'"
check "the shipped binaries need glibc 2.35 at most and no DT_RELR" \
  bash -c "set -o pipefail; Tests/Package/check-glibc.sh ${shipped[*]} | sed 's|$tmp/x||' | tee '$out/glibc.txt'"
check "no Foundation, ICU or CoreFoundation in the binary" scripts/check-no-foundation.sh .build-static/release/gesture-bridge
check "no argument parser or FoundationEssentials in the daemon" \
  scripts/check-no-foundation.sh .build-static/release/gesture-bridge-daemon --daemon
# The command's tools (doctor, tune, teach, the listings: GestureTools) are
# the command's: the daemon has none of their code, the command has it.
check "none of the command's tools (GestureTools) in the daemon" \
  bash -c "! nm .build-static/release/gesture-bridge-daemon | grep -q 12GestureTools && nm .build-static/release/gesture-bridge | grep -q 12GestureTools"

# One X server for the roots' clients: a chroot shares the network namespace,
# so they reach it by its abstract socket (@/tmp/.X11-unix/Xn), nothing mounted.
exec 3>"$tmp/display"
Xvfb -displayfd 3 -nolisten tcp -noreset -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 200); do [ -s "$tmp/display" ] && break; sleep 0.05; done
[ -s "$tmp/display" ] || { echo "FAILED: Xvfb did not start"; exit 1; }
display=":$(head -1 "$tmp/display")"
# A session bus as a desktop has one, for the settings app (GApplication),
# reached the same way (an abstract socket).
# No services to start: the host's would start its at-spi bus, whose socket
# is a path the roots do not have.
bus=unix:abstract=gesture-bridge-package-$$
cat >"$tmp/bus.conf" <<EOF
<busconfig><type>session</type><listen>$bus</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>
EOF
dbus-daemon --config-file="$tmp/bus.conf" --nofork >/dev/null 2>&1 &
bus_pid=$!

mirror=${GB_MIRROR:-$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
mirror=${mirror:-http://deb.debian.org/debian}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/gesture-bridge-package
mkdir -p "$cache"

# A clean root of SUITE: Debian's minimal base, nothing of ours; both packages
# installed with apt, tried, purged.
root_test() {
  local suite=$1 t0=$SECONDS
  local root=$tmp/root-$suite tarball=$cache/$suite-minbase.tar
  if [ ! -s "$tarball" ] || [ -n "$(find "$tarball" -mtime +7)" ]; then
    say "a clean $suite root from $mirror (cached in $tarball)"
    # (mmdebstrap writes a tarball where the name ends in .tar.)
    if ! mmdebstrap --quiet --variant=minbase "$suite" "$cache/$suite.new.tar" "$mirror" >"$tmp/mmdebstrap.log" 2>&1; then
      echo "FAILED: mmdebstrap $suite"; tail -5 "$tmp/mmdebstrap.log"; failed=$((failed + 1)); return
    fi
    mv "$cache/$suite.new.tar" "$tarball"
  fi
  mkdir -p "$root"
  if ! tar -C "$root" -xf "$tarball" || [ ! -x "$root/usr/bin/env" ]; then
    echo "FAILED: $suite: no root from $tarball"; failed=$((failed + 1)); return
  fi
  snapshot() {  # every file of the root but apt's and dpkg's own records
    (cd "$root" && find . -xdev \( -path ./var/lib/dpkg -o -path ./var/lib/apt -o -path ./var/cache -o -path ./var/log \
      -o -path ./etc/resolv.conf -o -path ./tmp -o -path ./proc -o -path ./dev -o -path ./run -o -path ./root \) -prune -o -print | sort)
  }
  cp "$deb" "$root/tmp/pkg.deb"; cp "$settings_deb" "$root/tmp/settings.deb"
  in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive "$@"; }
  mount --bind /proc "$root/proc"
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
  check "$suite: apt's lists (mmdebstrap leaves none)" in_root apt-get update -q
  # What the packages need first, as piuparts does it: what apt then brings
  # with them (systemd, by GTK's recommends) is Debian's and stays after a
  # purge (apt never autoremoves systemd); what our packages put there must not.
  local needs
  needs="$(dpkg-deb -f "$deb" Depends), $(dpkg-deb -f "$deb" Recommends), $(dpkg-deb -f "$settings_deb" Depends | sed 's/gesture-bridge ([^)]*), //')"
  check "$suite: apt installs what the packages depend on (and recommend, as apt does by default)" \
    in_root apt-get satisfy -y -q "$needs"
  # A German user's locale, as a German desktop has it: glibc 2.39 and later
  # (trixie's 2.41) ignore LANGUAGE in C.UTF-8 as in C, so the translation is
  # tried in de_DE.UTF-8, made here (Debian's, before the snapshot).
  check "$suite: a de_DE.UTF-8 locale for the translation's check" \
    bash -c "chroot '$root' env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends locales && chroot '$root' localedef -i de_DE -f UTF-8 de_DE.UTF-8"
  snapshot >"$tmp/before"
  in_root dpkg-query -W -f='${Package}\n' >"$tmp/packages-before" 2>/dev/null
  check "$suite: apt installs both packages" in_root apt-get install -y -q /tmp/pkg.deb /tmp/settings.deb
  check "$suite: and nothing else with them" bash -c "chroot '$root' dpkg-query -W -f='\${Package}\n' | diff '$tmp/packages-before' - | grep '^>' | sort | tr '\n' ' ' | tee /dev/stderr | grep -qx '> gesture-bridge > gesture-bridge-settings '"
  check "$suite: binary on PATH runs" in_root gesture-bridge --version
  # (in_root is a function of this script: a `bash -c` runs chroot itself.)
  local in_chroot="chroot '$root' env -i PATH=/usr/bin:/bin HOME=/root"
  check "$suite: no Swift toolchain needed (static stdlib)" \
    bash -c "$in_chroot ldd /usr/bin/gesture-bridge /usr/libexec/gesture-bridge/gesture-bridge-daemon /usr/bin/gesture-bridge-settings > '$tmp/ldd' && ! grep -qi -e swift -e 'not found' '$tmp/ldd'"
  check "$suite: the daemon links no libdbus" \
    bash -c "$in_chroot ldd /usr/libexec/gesture-bridge/gesture-bridge-daemon > '$tmp/ldd' && grep -q libX11 '$tmp/ldd' && ! grep -q libdbus '$tmp/ldd'"
  # gesture-bridge run execs /usr/libexec/gesture-bridge/gesture-bridge-daemon:
  # with no X server it is the daemon that says so.
  check "$suite: gesture-bridge run starts the installed daemon" \
    bash -c "$in_chroot gesture-bridge run --exit-when-ready --display :987 2>&1 | tee /dev/stderr | grep -q 'cannot open X display'"
  check "$suite: gesture-bridge check (the built-in default, keymaps found)" in_root gesture-bridge check
  check "$suite: keymaps from /usr/share" bash -c "$in_chroot gesture-bridge keymaps | grep -q '/usr/share/gesture-bridge/keymaps'"
  local f
  for f in /usr/libexec/gesture-bridge/gesture-bridge-daemon /usr/share/man/man1/gesture-bridge.1.gz /usr/share/bash-completion/completions/gesture-bridge \
    /usr/share/zsh/vendor-completions/_gesture-bridge /usr/share/fish/vendor_completions.d/gesture-bridge.fish \
    /usr/lib/systemd/user/gesture-bridge.service /etc/xdg/autostart/gesture-bridge.desktop \
    /usr/share/gesture-bridge/keymaps/gnome.toml /usr/share/doc/gesture-bridge/copyright \
    /usr/share/applications/io.github.gesture_bridge.Settings.desktop /usr/share/doc/gesture-bridge-settings/copyright \
    /usr/share/locale/de/LC_MESSAGES/gesture-bridge.mo /usr/share/locale/zh_TW/LC_MESSAGES/gesture-bridge.mo; do
    check "$suite: installed: $f" test -s "$root$f"
  done
  # The settings app in German from the package's .mo, in the German locale
  # made above.
  check "$suite: the settings app speaks German from /usr/share/locale" \
    bash -c "$in_chroot env LANG=de_DE.UTF-8 gesture-bridge-settings --help | grep -q '^Die Gesten von gesture-bridge'"
  check "$suite: the user unit is enabled for every user's graphical session" \
    test -L "$root/etc/systemd/user/graphical-session.target.wants/gesture-bridge.service"
  check "$suite: the unit does not restart it in a Wayland session" grep -q '^RestartPreventExitStatus=3$' "$root/usr/lib/systemd/user/gesture-bridge.service"

  # Live, on the Xvfb: root's own runtime directory (under /run, which the
  # snapshot leaves out, as it leaves out /root).
  mkdir -m 700 -p "$root/run/user/0"
  local session="chroot $root env -i PATH=/usr/bin:/bin HOME=/root XDG_RUNTIME_DIR=/run/user/0 DISPLAY=$display"
  check "$suite: gesture-bridge init writes the default config" $session gesture-bridge init
  check "$suite: gesture-bridge check loads init's config" \
    bash -c "$session gesture-bridge check | tee /dev/stderr | head -1 | grep -q '^/root/.config/gesture-bridge/config.toml: OK, [1-9][0-9]* bindings'"
  $session gesture-bridge run >"$tmp/daemon.log" 2>&1 &
  local daemon=$!
  check "$suite: the daemon starts on the Xvfb" \
    bash -c "for _ in \$(seq 100); do grep -q 'listening on display' '$tmp/daemon.log' && exit 0; sleep 0.1; done; cat '$tmp/daemon.log'; exit 1"
  check "$suite: gesture-bridge status sees it, with init's config" \
    bash -c "$session gesture-bridge status | tee /dev/stderr | grep -q 'gesture-bridge is running on $display (pid $daemon' && $session gesture-bridge status | grep -q 'config: /root/.config/gesture-bridge/config.toml'"
  # The settings app as a user starts it, its window photographed once it is
  # drawn (a second after it is mapped), its stderr kept whole.
  DISPLAY=$display xdotool mousemove 1279 799  # no tooltip where the pointer happens to be
  $session DBUS_SESSION_BUS_ADDRESS="$bus" gesture-bridge-settings >"$out/settings-$suite.stderr" 2>&1 &
  local app=$!
  check "$suite: the settings app maps its window" \
    bash -c "for _ in \$(seq 150); do DISPLAY=$display xdotool search --onlyvisible --pid $app >/dev/null 2>&1 && exit 0; kill -0 $app || exit 1; sleep 0.1; done; exit 1"
  # Mapped is not drawn: GTK 4.18's first frame (GL on llvmpipe) comes 1-3 s
  # later; the screen is one colour until then.
  check "$suite: the settings app draws its window" \
    bash -c "for _ in \$(seq 40); do import -display '$display' -window root '$tmp/shot.png' && [ \"\$(convert '$tmp/shot.png' -format '%[fx:standard_deviation > 0]' info:)\" = 1 ] && exit 0; sleep 0.5; done; exit 1"
  sleep 1
  check "$suite: a screenshot of the settings app" import -display "$display" -window root "$out/settings-$suite.png"
  check "$suite: the settings app still runs" kill -0 "$app"
  kill "$app" 2>/dev/null; wait "$app" 2>/dev/null
  check "$suite: no deprecation warning (or critical) on the settings app's stderr" \
    bash -c "! grep -i -E 'deprecat|critical' '$out/settings-$suite.stderr'"
  kill "$daemon" 2>/dev/null; wait "$daemon" 2>/dev/null
  check "$suite: the daemon stops on SIGTERM, leaving no state" bash -c "! ls '$root/run/user/0' | grep -q ."

  check "$suite: purge" in_root apt-get purge -y -q gesture-bridge-settings gesture-bridge
  umount "$root/proc"
  rm -f "$root/tmp/pkg.deb" "$root/tmp/settings.deb"
  snapshot >"$tmp/after"
  check "$suite: nothing left after purge" diff "$tmp/before" "$tmp/after"
  check "$suite: no file of ours anywhere" bash -c "! grep -i gesture-bridge '$tmp/after'"
  grep -q " $root/" /proc/mounts || rm -rf "$root"
  say "$suite: $((SECONDS - t0)) s"
}
for suite in ${GB_PACKAGE_SUITES:-bookworm trixie}; do root_test "$suite"; done

echo "package: $passed passed, $failed failed in $((SECONDS - start)) s ($(du -h "$deb" | cut -f1) $deb; screenshots in $out)"
[ "$failed" -eq 0 ]
