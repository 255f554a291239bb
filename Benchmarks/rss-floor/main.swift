// rss-floor: the least an X11 daemon in Swift can be. It opens the display,
// says it is ready and sleeps in poll() on the connection, like
// `gesture-bridge run` idling; Benchmarks/daemon.sh measures its RSS next to
// the daemon's, built the same way (static Swift stdlib), to show how much of
// the daemon's memory is the platform's: the Swift runtime and stdlib, glibc,
// libX11 and libxcb.
#if canImport(Glibc)
import Glibc
#endif
import CX11

func say(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) } }

guard let display = XOpenDisplay(nil) else {
    say("rss-floor: cannot open the display\n")
    exit(1)
}
say("rss-floor: listening on display\n")
var fd = pollfd(fd: cx_ConnectionNumber(display), events: Int16(POLLIN), revents: 0)
var event = XEvent()
while poll(&fd, 1, -1) >= 0 {
    while XPending(display) > 0 { XNextEvent(display, &event) }
}
