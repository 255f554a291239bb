#!/usr/bin/python3
"""Which pages of a running program's own image are resident, and what they hold.

  Benchmarks/resident-pages.py PID [--symbols UNSTRIPPED] [--top N]

Reads /proc/PID/maps and /proc/PID/pagemap (the present bit needs no
privilege for a process of one's own user) for every mapping of the
process's executable and the anonymous mapping after it (.bss), maps each
resident page back to the ELF sections and symbols it holds (the file's
own program and section headers; the symbols from UNSTRIPPED, an unstripped
build of the same link, when the running binary is stripped), and prints:

  - per mapping: its pages resident by pagemap against smaps' Rss and
    Private_Dirty (the two should agree);
  - per section: bytes resident, and of them copied (private: written, as
    the loader's relocations and the runtime's caches write them);
  - per component (the Swift module a mangled name names, the Swift
    runtime, toml++, C++'s library, C): bytes resident and copied;
  - the top symbols by resident bytes.

A page is counted whole for each section and symbol it overlaps, in
proportion to the bytes of it they cover. Resident is not the same as used:
a fault maps the pages around it (the kernel's fault-around, 64 KiB) when
they are in the page cache. Debian's /usr/bin/python3, standard library only.
"""
import argparse
import bisect
import os
import re
import struct
import subprocess
import sys

PAGE = os.sysconf("SC_PAGE_SIZE")
PRESENT, FILE_OR_SHARED = 1 << 63, 1 << 61


def elf_layout(path):
    """(PT_LOAD segments as (vaddr, memsz, offset), alloc sections as (name, addr, size), symbols)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        sys.exit(f"{path}: not a 64-bit ELF file")
    phoff, shoff = struct.unpack_from("<QQ", data, 0x20)
    phentsize, phnum, shentsize, shnum, shstrndx = struct.unpack_from("<HHHHH", data, 0x36)
    loads = []
    for i in range(phnum):
        p_type, _, p_offset, p_vaddr, _, _, p_memsz, _ = struct.unpack_from("<IIQQQQQQ", data, phoff + i * phentsize)
        if p_type == 1:
            loads.append((p_vaddr, p_memsz, p_offset))
    shdrs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strtab_off = shdrs[shstrndx][4]

    def name_at(base, off):
        end = data.index(b"\0", base + off)
        return data[base + off:end].decode(errors="replace")

    sections, symbols = [], []
    for sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size, sh_link, _, _, sh_entsize in shdrs:
        if sh_flags & 2 and sh_size:  # SHF_ALLOC
            sections.append((name_at(strtab_off, sh_name), sh_addr, sh_size))
        if sh_type == 2:  # SHT_SYMTAB
            names = shdrs[sh_link][4]
            for off in range(sh_offset, sh_offset + sh_size, sh_entsize):
                st_name, st_info, _, st_shndx, st_value, st_size = struct.unpack_from("<IBBHQQ", data, off)
                if st_size and st_shndx and st_info & 0xF in (1, 2):  # OBJECT, FUNC
                    symbols.append((st_value, st_size, name_at(names, st_name)))
    symbols.sort()
    return loads, sorted(sections, key=lambda s: s[1]), symbols


def component(name):
    """Who a symbol belongs to, from its name."""
    m = re.match(r"_?\$s(\d+)(\w+)", name)
    if m:
        return m.group(2)[:int(m.group(1))]
    if re.match(r"_?\$s[sS]", name):
        return "Swift (standard library)"
    if name.startswith(("_ZN5swift", "_ZNK5swift", "_ZL", "swift_", "_swift_", "__swift")) or "swift" in name.lower():
        return "Swift runtime (C++)"
    if name.startswith(("_ZN4toml", "_ZNK4toml")) or "toml" in name:
        return "toml++ (CTOML)"
    if name.startswith(("_ZNSt", "_ZNKSt", "_ZSt", "_ZTV", "_ZTI", "_ZTS", "_ZN9__gnu", "_ZN10__cxxabi", "__cxa", "__gxx")):
        return "C++ library"
    return "C and other"


def mappings(pid, exe):
    """The executable's mappings, and anonymous ones just after them (.bss): (start, end, offset, path)."""
    maps = []
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            fields = line.split(None, 5)
            start, end = (int(x, 16) for x in fields[0].split("-"))
            path = fields[5].strip() if len(fields) > 5 else ""
            maps.append((start, end, int(fields[2], 16), path))
    own = [m for m in maps if m[3] == exe]
    if not own:
        sys.exit(f"no mapping of {exe} in process {pid}")
    last = max(m[1] for m in own)
    own += [m for m in maps if m[3] == "" and m[0] == last]
    return sorted(own)


def smaps_by_start(pid):
    """Rss and Private_Dirty (kB) of each mapping, by its start address."""
    out, start = {}, None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            head = line.split(None, 1)[0]
            if re.match(r"^[0-9a-f]+-[0-9a-f]+$", head):
                start = int(head.split("-")[0], 16)
                out[start] = {}
            elif head in ("Rss:", "Private_Dirty:"):
                out[start][head[:-1]] = int(line.split()[1])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pid", type=int)
    ap.add_argument("--symbols", help="an unstripped build of the running binary (default: the binary itself)")
    ap.add_argument("--top", type=int, default=25, help="how many symbols to list (default 25)")
    ap.add_argument("--section", help="count components and symbols in this section only (e.g. .text, .rodata)")
    args = ap.parse_args()
    pid = args.pid
    exe = os.readlink(f"/proc/{pid}/exe")
    loads, sections, symbols = elf_layout(args.symbols or exe)
    if not symbols:
        print(f"(no symbol table in {args.symbols or exe}: pass --symbols with the unstripped build)")
    maps = mappings(pid, exe)
    first_load = min(loads, key=lambda l: l[2])
    bias = next(m[0] for m in maps if m[2] == 0) - (first_load[0] - first_load[2])

    # Every page of the image: its link address, present, copied (no longer the file's page).
    pages = []
    with open(f"/proc/{pid}/pagemap", "rb") as pm:
        for start, end, _, _ in maps:
            pm.seek(start // PAGE * 8)
            entries = struct.unpack(f"<{(end - start) // PAGE}Q", pm.read((end - start) // PAGE * 8))
            for i, e in enumerate(entries):
                if e & PRESENT:
                    pages.append((start + i * PAGE - bias, not e & FILE_OR_SHARED))

    smaps = smaps_by_start(pid)
    print(f"process {pid}: {exe}, load bias {bias:#x}")
    print(f"{'mapping':<36} {'pagemap kB':>10} {'smaps Rss':>10} {'Private_Dirty':>14}")
    for start, end, off, path in maps:
        n = sum(1 for a, _ in pages if start <= a + bias < end)
        s = smaps.get(start, {})
        label = f"{start:x}-{end:x} {'+' + hex(off) if path else '(anonymous)'}"
        print(f"{label:<36} {n * PAGE // 1024:>10} {s.get('Rss', 0):>10} {s.get('Private_Dirty', 0):>14}")
    total = len(pages) * PAGE // 1024
    print(f"{'all':<36} {total:>10} {sum(smaps.get(m[0], {}).get('Rss', 0) for m in maps):>10}"
          f" {sum(smaps.get(m[0], {}).get('Private_Dirty', 0) for m in maps):>14}")

    def spread(items, key, pages=pages):
        """Each resident page's bytes to the items (sorted (addr, size, …)) it overlaps."""
        resident, copied = {}, {}
        starts = [it[0] for it in items]
        for addr, dirty in pages:
            i = max(bisect.bisect_right(starts, addr) - 1, 0)
            covered = 0
            while i < len(items) and items[i][0] < addr + PAGE:
                a, size = items[i][0], items[i][1]
                overlap = min(a + size, addr + PAGE) - max(a, addr)
                if overlap > 0:
                    k = key(items[i])
                    resident[k] = resident.get(k, 0) + overlap
                    if dirty:
                        copied[k] = copied.get(k, 0) + overlap
                    covered += overlap
                i += 1
            if covered < PAGE:
                resident["(not in any)"] = resident.get("(not in any)", 0) + PAGE - min(covered, PAGE)
                if dirty:
                    copied["(not in any)"] = copied.get("(not in any)", 0) + PAGE - min(covered, PAGE)
        return resident, copied

    def table(title, resident, copied, limit=None, names=None):
        print(f"\n{title:<60} {'resident kB':>11} {'copied kB':>10}")
        rows = sorted(resident.items(), key=lambda kv: -kv[1])
        rows = [(k, v) for k, v in rows if v >= 52]  # under 0.05 kB: not worth a line
        for k, v in rows[:limit]:
            label = names.get(k, k) if names else k
            print(f"{label[:60]:<60} {v / 1024:>11.1f} {copied.get(k, 0) / 1024:>10.1f}")
        if limit and len(rows) > limit:
            rest = sum(v for _, v in rows[limit:])
            print(f"{f'({len(rows) - limit} more)':<60} {rest / 1024:>11.1f}")

    sec_items = [(addr, size, name) for name, addr, size in sections if not name.startswith(".tbss")]
    table("section", *spread(sec_items, lambda s: s[2]))
    chosen = pages
    if symbols and args.section:
        lo, size = next(((a, n) for name, a, n in sections if name == args.section), (0, 0))
        symbols = [s for s in symbols if lo <= s[0] < lo + size]
        # Pages that straddle the section's ends count only for the symbols inside it.
        chosen = [p for p in pages if p[0] < lo + size and p[0] + PAGE > lo]
        print(f"\n(the pages and symbols of {args.section} only)")
    if symbols:
        # Overlapping symbols (aliases) are counted once: the first at each address.
        uniq, last_end = [], -1
        for value, size, name in symbols:
            if value >= last_end:
                uniq.append((value, size, name))
                last_end = value + size
        table("component (by symbol name)", *spread(uniq, lambda s: component(s[2]), chosen))
        res, cop = spread(uniq, lambda s: s[2], chosen)
        top = [k for k, _ in sorted(res.items(), key=lambda kv: -kv[1])[:args.top] if k != "(not in any)"]
        names = {}
        try:
            out = subprocess.run(["swift-demangle", "--simplified", "--compact"], input="\n".join(top),
                                 capture_output=True, text=True, check=True).stdout.splitlines()
            names = dict(zip(top, out))
        except (OSError, subprocess.CalledProcessError):
            pass
        size_of = {name: size for _, size, name in uniq}
        names = {k: f"{names.get(k, k)} [{size_of.get(k, 0) // 1024} kB]" for k in top}
        table(f"top {args.top} symbols [size]", {k: res[k] for k in top}, cop, names=names)


if __name__ == "__main__":
    main()
