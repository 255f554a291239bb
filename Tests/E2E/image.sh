#!/usr/bin/env bash
# Builds the E2E guest: a Debian bookworm kernel (uncompressed, booted through
# qemu's PVH entry) and a cpio initramfs with Xorg (dummy video, libinput),
# udev and evemu. Idempotent: the result is cached under
# ${GB_E2E_CACHE:-~/.cache/gesture-bridge-e2e}/<key>, the key being a hash of
# this script and the guest files baked into the image, so an edit rebuilds and
# nothing else does. Prints the cache folder (holding vmlinux, initramfs.cpio).
# Needs: mmdebstrap, cpio, apt-get, dpkg-deb, xz; root (mmdebstrap's root mode).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${GB_E2E_CACHE:-$HOME/.cache/gesture-bridge-e2e}
mirror=${GB_E2E_MIRROR:-$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
mirror=${mirror:-http://deb.debian.org/debian}

# E2E_EXTRA_PACKAGES: more packages for a run by hand (the side by side with
# a touchegg built from source needs its libraries); part of the key.
# E2E_IMAGE=desktops: the second image, with the desktops' window managers
# (mutter, muffin, kwin_x11, openbox, xfwm4), a session bus, and mesa's
# software GL (mutter and KWin composite with GL); GLX on.
variant=${E2E_IMAGE:-base}
case $variant in
  base) desktop_packages=() ;;
  desktops) desktop_packages=(mutter muffin cinnamon-settings-daemon kwin-x11 openbox xfwm4 dbus dbus-x11
    libgl1-mesa-dri libglx-mesa0) ;;
  *) echo "image: E2E_IMAGE is base or desktops, not $variant" >&2; exit 2 ;;
esac
key=$( (cat "$0" "$here/guest/init" "$here/guest/xorg.conf"; echo "${E2E_EXTRA_PACKAGES:-} $variant") | sha256sum | cut -c1-16)
out=$cache/$key
if [ -s "$out/vmlinux" ] && [ -s "$out/initramfs.cpio" ]; then echo "$out"; exit 0; fi
say() { echo "image: $*" >&2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/gb-e2e-image.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The kernel: whatever linux-image-amd64 points at in apt's lists today.
say "kernel"
kpkg=$(apt-cache depends linux-image-amd64 | awk '/Depends:/ { print $2; exit }')
[ -n "$kpkg" ] || { echo "image: apt knows no linux-image-amd64 (run apt-get update)" >&2; exit 1; }
(cd "$work" && apt-get -q download "$kpkg" >&2) \
  || { echo "image: apt-get download $kpkg failed" >&2; exit 1; }
dpkg-deb -x "$work"/"$kpkg"_*.deb "$work/kernel"
kver=${kpkg#linux-image-}
# vmlinuz is a decompressor around an xz stream; qemu boots the ELF inside
# directly (PVH), which under TCG saves the seconds decompression takes.
offset=$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$work/kernel/boot/vmlinuz-$kver" | head -1 | cut -d: -f1)
tail -c +$((offset + 1)) "$work/kernel/boot/vmlinuz-$kver" | xz -dc --single-stream >"$work/vmlinux" 2>/dev/null || true
head -c 4 "$work/vmlinux" | grep -q ELF || { echo "image: no ELF kernel inside vmlinuz-$kver" >&2; exit 1; }

# The root filesystem.
say "root filesystem from $mirror (about a minute)"
packages=(xserver-xorg-core xserver-xorg-video-dummy xserver-xorg-input-libinput
  xinput x11-utils x11-xserver-utils evemu-tools udev kmod procps mount lisgd valgrind strace
  libx11-6 libxi6 libxtst6 libxrandr2 libxext6 libx11-xcb1 libxcb-xinput0 libxcb-randr0 libstdc++6 libdbus-1-3 libyaml-0-2 libpugixml1v5 python3-gi
  ${E2E_EXTRA_PACKAGES:-} ${desktop_packages[@]+"${desktop_packages[@]}"})
mmdebstrap --quiet --variant=essential --include="$(IFS=,; echo "${packages[*]}")" \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  bookworm "$work/root" "$mirror" >&2
# What Xorg with GLX disabled never loads: mesa's drivers, LLVM (their
# compiler), ICU; about half the image. The desktops need them.
if [ "$variant" = base ]; then
  rm -rf "$work/root/usr/lib/x86_64-linux-gnu/dri" "$work/root"/usr/lib/x86_64-linux-gnu/libLLVM* \
    "$work/root"/usr/lib/x86_64-linux-gnu/libicudata*
fi
rm -rf "$work/root/var/cache/apt" "$work/root/var/lib/apt/lists"
# Of valgrind (the side-by-side counts instructions), callgrind only; and not
# libc's debug symbols, which callgrind does without.
find "$work/root/usr/libexec/valgrind" -type f ! -name 'callgrind-amd64-linux' \
  ! -name 'vgpreload_core-amd64-linux.so' ! -name 'default.supp' -delete
rm -rf "$work/root/usr/lib/debug"

# Only the modules the guest loads, with their dependencies.
say "modules for $kver"
mods=(evdev uinput 9p 9pnet_virtio virtio_pci)
depmod -b "$work/kernel" "$kver"   # the package leaves indexing to its postinst
modprobe -a -d "$work/kernel" -S "$kver" --show-depends "${mods[@]}" | awk '/^insmod/ { print $2 }' | sort -u |
  while read -r ko; do
    mkdir -p "$work/root$(dirname "${ko#"$work/kernel"}")"
    cp "$ko" "$work/root${ko#"$work/kernel"}"
  done
cp "$work/kernel/lib/modules/$kver"/modules.{builtin,builtin.modinfo,order} "$work/root/lib/modules/$kver/"
depmod -b "$work/root" "$kver"

install -m 755 "$here/guest/init" "$work/root/init"
install -m 644 "$here/guest/xorg.conf" "$work/root/etc/X11/xorg.conf"
# GLX on for the desktops (mesa's software rasterizer behind it).
[ "$variant" = desktops ] && sed -i '/Disable "glx"/d' "$work/root/etc/X11/xorg.conf"

say "initramfs"
mkdir -p "$out.tmp"
(cd "$work/root" && find . | cpio --quiet -o -H newc) >"$out.tmp/initramfs.cpio"
mv "$work/vmlinux" "$out.tmp/vmlinux"
echo "$kver" >"$out.tmp/kernel-version"
rm -rf "$out"; mv "$out.tmp" "$out"
say "$(du -sh "$out/initramfs.cpio" | cut -f1) initramfs, kernel $kver, in $out"
echo "$out"
