#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""README's `## Layout` against the tree: fails when a folder under Sources/
or Tests/ (a target, a room of a target, a folder of tests) is missing from
the section, when a target's own path in Package.swift is, or when the
section names a folder that is not there.

The section is a code block of entries, one line per folder:

    Sources/GestureCore/            the engine: …          a folder, from the top (column 0)
      1-Input/                      what the engine is fed  a room of the folder above (2 spaces)
                                    …                       the description goes on (deeper)

Every folder of Sources/ and Tests/ must have its line, and every room of a
Sources/ target (its folders, but `include/`, a C target's headers); a
`path:` of Package.swift under Sources/ or Tests/ (Tests/E2E/Probe) too.
Any other line (keymaps/, docs/, …) must name a folder that exists. Each
entry says what lives there.

    scripts/check-layout.py [--root DIR]     # DIR: a copy of the repository (Tests/DocChecks)
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENTRY = re.compile(r"^( {0}| {2})(\S+/)(?:\s{2,}(\S.*))?$")
SKIP = {"include", "__pycache__"}


def section(readme):
    """The Layout code block's lines, with their line numbers in README.md."""
    with open(readme, encoding="utf-8") as f:
        lines = f.read().split("\n")
    try:
        start = lines.index("## Layout")
    except ValueError:
        sys.exit(f"check-layout: {readme} has no '## Layout' section")
    out, inside = [], False
    for n, line in enumerate(lines[start + 1:], start + 2):
        if line.startswith("## "):
            break
        if line.startswith("```"):
            if inside:
                return out
            inside = True
            continue
        if inside:
            out.append((n, line))
    sys.exit(f"check-layout: {readme}: the Layout section has no closed code block")


def folders(root, top):
    base = os.path.join(root, top)
    return sorted(d for d in os.listdir(base)
                  if os.path.isdir(os.path.join(base, d)) and not d.startswith(".") and d not in SKIP)


def target_paths(root):
    """Package.swift's `path:` arguments under Sources/ or Tests/."""
    with open(os.path.join(root, "Package.swift"), encoding="utf-8") as f:
        text = f.read()
    return sorted({p.rstrip("/") for p in re.findall(r'path:\s*"([^"]+)"', text)
                   if p.startswith(("Sources/", "Tests/"))})


def main():
    ap = argparse.ArgumentParser(description="README's Layout section against Sources/ and Tests/")
    ap.add_argument("--root", default=ROOT, help="the repository (default: this one)")
    root = ap.parse_args().root
    readme = os.path.join(root, "README.md")
    problems, named, top = [], {}, None

    for n, line in section(readme):
        if not line.strip():
            continue
        m = ENTRY.match(line)
        if not m:
            if not line.startswith("   "):
                problems.append(f"README.md:{n}: neither an entry (a folder at column 0, or a room 2 spaces in) "
                                f"nor a description going on (deeper): {line.strip()}")
            continue
        indent, path, what = m.groups()
        if indent:
            if top is None:
                problems.append(f"README.md:{n}: the room {path} has no folder above it")
                continue
            path = top + path
        else:
            top = path
        path = path.rstrip("/")
        if not what:
            problems.append(f"README.md:{n}: {path}/ says nothing of what lives there")
        if path in named:
            problems.append(f"README.md:{n}: {path}/ again (first at line {named[path]})")
        named.setdefault(path, n)
        if not os.path.isdir(os.path.join(root, path)):
            problems.append(f"README.md:{n}: {path}/ is not in the tree")

    wanted = [f"{t}/{d}" for t in ("Sources", "Tests") for d in folders(root, t)]
    wanted += [f"Sources/{t}/{d}" for t in folders(root, "Sources") for d in folders(root, f"Sources/{t}")]
    wanted += target_paths(root)
    for path in sorted(set(wanted)):
        if path not in named:
            problems.append(f"README.md: {path}/ is in the tree but not in the Layout section (a line saying what lives there)")

    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(f"check-layout: README.md's Layout names {len(named)} folders; every folder of Sources/ and Tests/, "
          f"every room of a target and every target's path among them ({len(set(wanted))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
