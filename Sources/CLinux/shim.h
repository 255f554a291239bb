// Linux interfaces Swift's Glibc module leaves out: signalfd; timerfd; a socket
// peer's credentials; evdev's input_event (the E2E probe writes them); the
// program's own relocation table given back once it has been applied.
#ifndef GESTURE_BRIDGE_CLINUX_SHIM_H
#define GESTURE_BRIDGE_CLINUX_SHIM_H
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <linux/input.h>
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

/// The user id of a unix socket's peer (SO_PEERCRED), or -1 when it cannot
/// be read. (struct ucred needs _GNU_SOURCE, which Swift's Glibc lacks.)
static inline long cx_peer_uid(int fd) {
    struct { pid_t pid; uid_t uid; gid_t gid; } cred;   /* struct ucred's layout */
    socklen_t n = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &n) != 0 || n != sizeof cred) return -1;
    return (long)cred.uid;
}

/// Gives back the resident pages of the running program's own relocation
/// table (DT_RELA, `.rela.dyn`): the loader applies it before `main` and
/// nothing reads it again, but its pages stay mapped. They are clean pages
/// of the file in a read-only segment: dropped (MADV_DONTNEED), they leave
/// the resident set, and a read would only map them again from the file.
/// Only whole pages inside the table, and only when they lie in a PT_LOAD
/// segment that is not writable (a miscomputed address gives back nothing).
/// Returns the bytes given back (0: none, or it could not be done).
static inline long cx_release_own_relocations(void) {
    const ElfW(Phdr) *ph = (const ElfW(Phdr) *)getauxval(AT_PHDR);
    unsigned long count = getauxval(AT_PHNUM);
    if (ph == NULL || count == 0) return 0;
    uintptr_t bias = 0, rela = 0, size = 0;
    const ElfW(Dyn) *dyn = NULL;
    for (unsigned long i = 0; i < count; i++)
        if (ph[i].p_type == PT_PHDR) bias = (uintptr_t)ph - ph[i].p_vaddr;
    for (unsigned long i = 0; i < count; i++)
        if (ph[i].p_type == PT_DYNAMIC) dyn = (const ElfW(Dyn) *)(bias + ph[i].p_vaddr);
    if (dyn == NULL) return 0;
    for (; dyn->d_tag != DT_NULL; dyn++) {
        if (dyn->d_tag == DT_RELA) rela = dyn->d_un.d_ptr;
        else if (dyn->d_tag == DT_RELASZ) size = dyn->d_un.d_val;
    }
    if (rela == 0 || size == 0) return 0;
    /* glibc's loader has added the load bias to a writable .dynamic's
       addresses; a link-time address is below the bias. */
    if (rela < bias) rela += bias;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = (rela + page - 1) & ~(page - 1), end = (rela + size) & ~(page - 1);
    if (end <= start) return 0;
    int inside = 0;
    for (unsigned long i = 0; i < count; i++)
        if (ph[i].p_type == PT_LOAD && !(ph[i].p_flags & PF_W) && start >= bias + ph[i].p_vaddr
            && end <= bias + ph[i].p_vaddr + ph[i].p_filesz) inside = 1;
    if (!inside || madvise((void *)start, end - start, MADV_DONTNEED) != 0) return 0;
    return (long)(end - start);
}
#endif
