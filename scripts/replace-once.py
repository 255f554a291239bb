#!/usr/bin/env python3
"""replace-once.py FILE OLD NEW: OLD, found in FILE exactly once, becomes NEW.
The broken-copy tests (Tests/Po/run.sh, Tests/DocChecks/run.sh) break their
copies with it; a text found no time or twice fails, so a test never passes
on a copy it did not break."""
import sys

path, old, new = sys.argv[1:]
text = open(path, encoding="utf-8").read()
if text.count(old) != 1:
    sys.exit(f"{path}: {old!r} found {text.count(old)} times")
open(path, "w", encoding="utf-8").write(text.replace(old, new))
