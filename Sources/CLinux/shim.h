// Linux interfaces Swift's Glibc module leaves out: signalfd; timerfd; a socket
// peer's credentials; evdev's input_event (the E2E probe writes them).
#ifndef GESTURE_BRIDGE_CLINUX_SHIM_H
#define GESTURE_BRIDGE_CLINUX_SHIM_H
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <linux/input.h>

/// The user id of a unix socket's peer (SO_PEERCRED), or -1 when it cannot
/// be read. (struct ucred needs _GNU_SOURCE, which Swift's Glibc lacks.)
static inline long cx_peer_uid(int fd) {
    struct { pid_t pid; uid_t uid; gid_t gid; } cred;   /* struct ucred's layout */
    socklen_t n = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &n) != 0 || n != sizeof cred) return -1;
    return (long)cred.uid;
}
#endif
