#!/usr/bin/env bash
# Fails when a built gesture-bridge (static Swift stdlib, not stripped) carries
# Foundation, FoundationInternationalization, ICU or CoreFoundation: their
# symbols, by the Swift module's mangled name or the C libraries' prefixes.
# FoundationEssentials (swift-argument-parser's) is allowed in the command;
# with --daemon (gesture-bridge-daemon, what runs all day) neither it nor the
# argument parser is, nor swift-log, nor the Swift concurrency runtime (its
# `swift_task_` functions: about 0.8 MB the daemon never calls).
#   scripts/check-no-foundation.sh BINARY [--daemon]
set -euo pipefail
bin=${1:?usage: scripts/check-no-foundation.sh BINARY [--daemon]}
daemon=""; [ "${2:-}" = --daemon ] && daemon='|\$s20FoundationEssentials|\$s14ArgumentParser|\$s7Logging|[Tt] swift_task_'

symbols=$(nm "$bin" 2>/dev/null) || { echo "no-foundation: nm cannot read $bin (stripped?)" >&2; exit 2; }
[ -n "$symbols" ] || { echo "no-foundation: $bin has no symbols (stripped?)" >&2; exit 2; }
found=$(grep -E '\$s10Foundation|\$s31FoundationInternationalization|\$s14_FoundationICU| u_init|_ZN6icu_|ucol_open|CFRunLoopRun|__CFInitialize'"$daemon" <<<"$symbols" | head -5 || true)
if [ -n "$found" ]; then
  echo "no-foundation: $bin carries Foundation, ICU or CoreFoundation${daemon:+ (or FoundationEssentials, ArgumentParser, swift-log, concurrency)}:" >&2
  echo "$found" >&2
  exit 1
fi
echo "no-foundation: $bin carries no Foundation, FoundationInternationalization, ICU or CoreFoundation${daemon:+, FoundationEssentials, ArgumentParser, swift-log or concurrency runtime}"
