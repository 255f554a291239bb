#!/bin/bash
# Runs inside the E2E guest (the image's /init starts it from the 9p share):
# setup.sh (Xorg, devices, the observer), then the script /share/env names:
#   scenarios.sh    the scenarios of Tests/E2E/README.md (the default); with
#                   E2E_NO_DAEMON=1, the control run without the daemon
#   versus-peer.sh  the same gestures to gesture-bridge and lisgd, CPU per gesture
# Each result is one line in /share/results.
set -u
share=/share
work=/tmp/e2e
mkdir -p "$work" /run/user/0 && chmod 700 /run/user/0
[ -f "$share/env" ] && . "$share/env"
no_daemon=${E2E_NO_DAEMON:-0}
timeout_s=10; [ "$no_daemon" = 1 ] && timeout_s=3
. "$share/guest/setup.sh"
. "$share/guest/${E2E_SCRIPT:-scenarios.sh}"
