#!/usr/bin/env bash
# Drawn shapes measured on real people's drawings: 3DTCGS (13 people x 26
# shapes, user-independent) and 3DMadLabSD (user-dependent), from
# Mehous/TestingFramework's src/datasets. The data is read from a fetched
# mirror of that repository (a bare git directory) or a checkout, extracted
# to a temporary directory and deleted after: never committed here.
#   Benchmarks/strokes-3dtcgs.sh [GIT-DIR | DATASETS-DIR] [gesture-bench strokes options]
# Default GIT-DIR: /work/.mirror/Mehous+TestingFramework/repo. Prints the
# markdown tables docs/strokes-evaluation.md carries.
set -euo pipefail
cd "$(dirname "$0")/.."
source=${1:-/work/.mirror/Mehous+TestingFramework/repo}
[ $# -gt 0 ] && shift
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
if [ -d "$source/3DTCGS" ]; then
  datasets=$source
elif git --git-dir="$source" rev-parse --verify -q HEAD >/dev/null; then
  git --git-dir="$source" archive HEAD src/datasets/3DTCGS src/datasets/3DMadLabSD | tar -x -C "$work"
  datasets=$work/src/datasets
  echo "data: $source at $(git --git-dir="$source" rev-parse --short HEAD)" >&2
else
  echo "strokes-3dtcgs: $source is neither a git directory nor a datasets directory (with 3DTCGS/)" >&2
  exit 2
fi
scripts/build-static.sh gesture-bench 2>/dev/null
.build-static/release/gesture-bench strokes "$datasets" "$@"
