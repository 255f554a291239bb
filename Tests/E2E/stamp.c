/* The side-by-side's exec action (versus.toml): appends "<CLOCK_MONOTONIC ns>
 * exec NAME" to LOG, as the probe's `stamp` does, but starts in a fraction
 * of the time (the probe is a static Swift binary of tens of MB, which the
 * emulated guest pages in slowly): the figure is the daemon's own time from
 * the lift to the command running. Built by Tests/E2E/run.sh. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    if (argc != 3) { fprintf(stderr, "usage: e2e-stamp NAME LOG\n"); return 2; }
    char line[256];
    int n = snprintf(line, sizeof line, "%lld exec %s\n", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec, argv[1]);
    int fd = open(argv[2], O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0 || n <= 0 || write(fd, line, (size_t)n) != n) return 1;
    return 0;
}
