#!/usr/bin/env python3
"""The functions of one image that ran, from callgrind output files: their
mangled names, sorted, one a line. scripts/daemon-order.sh writes them as
scripts/daemon.order (the linker places them side by side); the start-up
benchmark (Benchmarks/startup.sh) counts how many of those that run at
start-up the order file lists, so a stale file fails the benchmark run.
  scripts/functions-run.py IMAGE CALLGRIND_OUT…   (IMAGE: the path callgrind ran)"""
import re
import sys


def functions_run(image, paths):
    run = set()
    for path in paths:
        names, objects, current = {}, {}, None
        # callgrind's format names each object (ob=) and function (fn=) once, by
        # number after; cob=/cfn= (callees) define numbers too.
        for line in open(path, errors="replace"):
            m = re.match(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?", line)
            if not m:
                continue
            callee, kind, number, name = m.groups()
            table = objects if kind == "ob" else names
            if name:
                table[number] = name.strip()
            if callee:
                continue
            if kind == "ob":
                current = objects[number]
            elif current == image:
                name = re.sub(r"'\d+$", "", names[number])  # callgrind's mark of a recursion level
                if not name.startswith(("0x", "(")):
                    run.add(name)
    return sorted(run)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    print("\n".join(functions_run(sys.argv[1], sys.argv[2:])))
