// gesture-e2e-probe: the E2E guest's eyes and hands, beside the daemon.
//
//   observe LOG              a second X client: two windows that select touch
//                            events (left half WM_CLASS e2e-app, right half
//                            e2e-other) and raw key and touch events on the
//                            root; logs what X delivers, one line each, until
//                            killed
//   play RECORDING DEVNODE [QUIET_MS]
//                            writes an evemu recording to an evdev node at its
//                            recorded times; prints "NS frame I" per frame;
//                            then stays QUIET_MS before it exits, so that the
//                            script waiting on it starts nothing while the
//                            last frame's effects are timed
//   stamp NAME LOG           for exec actions: logs NAME and GESTURE_* variables
//   keys-down                prints the keysyms the server holds down
//   wait LOG SINCE TEXT [N] [SECONDS]
//                            waits for the N-th line after SINCE containing
//                            TEXT; prints its time; exit 1 on timeout
//   count LOG SINCE UNTIL TEXT
//                            prints how many lines between SINCE and UNTIL
//                            contain TEXT
//   signal PID NAME          sends SIGTERM/SIGINT/SIGHUP; prints when
//   now                      prints the monotonic clock
//   touchegg-client ADDRESS LOG
//                            a client of the daemon's Touchégg D-Bus server;
//                            logs each signal (Touchegg.swift)
//   gesture-window LOG       a window over the screen selecting touchpad
//                            gestures; logs each one X gives it
//
// Times are CLOCK_MONOTONIC nanoseconds, so the guest's logs share one clock.
import CLinux
import CX11
import GestureX11
#if canImport(Glibc)
import Glibc
#endif

func now() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}

func fail(_ message: String) -> Never {
    printError(message)
    exit(2)
}

func printError(_ message: String) {
    let text = "gesture-e2e-probe: \(message)\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// Appends whole lines with one write(2) each, so concurrent writers (the
/// observer, exec'd stamps) never interleave inside a line.
struct LineLog {
    let fd: Int32
    init(path: String) {
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        if fd < 0 { fail("cannot open \(path): \(String(cString: strerror(errno)))") }
    }
    func write(_ line: String, at t: Int64 = now()) {
        let text = "\(t) \(line)\n"
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
    }
}

// MARK: observe

/// The display, and XInput's major opcode, having announced XI 2.`minor`.
func openXInput(minor wanted: Int32) -> (XConnection, Int32) {
    guard let x = try? XConnection() else { fail("cannot open the X display") }
    var opcode: Int32 = 0, ev: Int32 = 0, err: Int32 = 0
    guard XQueryExtension(x.display, "XInputExtension", &opcode, &ev, &err) != 0 else { fail("no XInputExtension") }
    var major: Int32 = 2, minor = wanted
    _ = XIQueryVersion(x.display, &major, &minor)
    return (x, opcode)
}

/// `fullscreen`: one window, `e2e-app`, asking the window manager for the
/// whole screen (`_NET_WM_STATE_FULLSCREEN`): under a window manager every
/// touch then lands in the application, none on a frame's title bar.
/// `bare`: no window (touches land on the bare desktop), only keys and raw
/// touches.
func observe(logPath: String, fullscreen: Bool = false, bare: Bool = false) -> Never {
    let log = LineLog(path: logPath)
    let (x, opcode) = openXInput(minor: 2)
    let d = x.display

    let width = UInt32(cx_DisplayWidth(d)), height = UInt32(cx_DisplayHeight(d))
    var classOf: [Window: String] = [:]
    let names = bare ? [] : fullscreen ? ["e2e-app"] : ["e2e-app", "e2e-other"]
    for (index, name) in names.enumerated() {
        let w = XCreateSimpleWindow(d, x.root, Int32(index) * Int32(width / 2), 0, fullscreen ? width : width / 2, height, 0, 0, 0)
        if fullscreen {
            let state = [x.atom("_NET_WM_STATE_FULLSCREEN")]
            state.withUnsafeBytes { bytes in
                _ = XChangeProperty(d, w, x.atom("_NET_WM_STATE"), XA_ATOM, 32, PropModeReplace,
                                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
        }
        let hint = XAllocClassHint()!
        name.withCString { n in
            hint.pointee.res_name = UnsafeMutablePointer(mutating: n)
            hint.pointee.res_class = UnsafeMutablePointer(mutating: n)
            XSetClassHint(d, w, hint)
        }
        XFree(hint)
        XStoreName(d, w, name)
        // Touch events on the window itself: a window receives a touch only
        // when nobody above it (the daemon's grab on the root) keeps it.
        // Buttons and motion: what pointer gestures deliver to the window
        // under the pointer.
        select(d, w, [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion])
        XMapWindow(d, w)
        classOf[w] = name
    }
    // Raw events reach every client that asks, grabs or not: keys, and the
    // touches as the device reports them. A window's TouchBegin that comes
    // after raw events of the same touch was held by a grab first (without
    // one, X delivers it with the raw begin, before the touch moves or ends).
    select(d, x.root, [XI_RawKeyPress, XI_RawKeyRelease, XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd])
    XSync(d, 0)
    log.write("ready \(width)x\(height)")

    while true {
        while XPending(d) > 0 {
            var event = XEvent()
            XNextEvent(d, &event)
            let t = now()
            guard let cookie = cx_cookie(&event), cookie.pointee.extension == opcode,
                  XGetEventData(d, cookie) != 0 else { continue }
            defer { XFreeEventData(d, cookie) }
            switch cookie.pointee.evtype {
            case XI_RawKeyPress, XI_RawKeyRelease:
                let raw = cookie.pointee.data.assumingMemoryBound(to: XIRawEvent.self).pointee
                let sym = XkbKeycodeToKeysym(d, KeyCode(raw.detail), 0, 0)
                let name = XKeysymToString(sym).map { String(cString: $0) } ?? "keycode\(raw.detail)"
                log.write("\(cookie.pointee.evtype == XI_RawKeyPress ? "key+" : "key-") \(name)", at: t)
            case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
                let e = cookie.pointee.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
                let kind = e.evtype == XI_TouchBegin ? "begin" : e.evtype == XI_TouchEnd ? "end" : "update"
                log.write("touch-\(kind) \(classOf[e.event] ?? "?") touch=\(e.detail) \(Int(e.root_x)) \(Int(e.root_y)) server-ms=\(e.time)", at: t)
            case XI_ButtonPress, XI_ButtonRelease:
                let e = cookie.pointee.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
                let sign = e.evtype == XI_ButtonPress ? "+" : "-"
                log.write("button\(sign) \(classOf[e.event] ?? "?") \(e.detail) \(Int(e.root_x)) \(Int(e.root_y))", at: t)
            case XI_Motion:
                // With the buttons X says are down during it (held=3: a drag).
                let e = cookie.pointee.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
                var held: [String] = []
                if let mask = e.buttons.mask {
                    for b in 1..<Int(e.buttons.mask_len) * 8 where mask[b / 8] & UInt8(1 << (b % 8)) != 0 { held.append(String(b)) }
                }
                log.write("motion \(classOf[e.event] ?? "?") \(Int(e.root_x)) \(Int(e.root_y)) held=\(held.joined(separator: ","))", at: t)
            case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd:
                let e = cookie.pointee.data.assumingMemoryBound(to: XIRawEvent.self).pointee
                let kind = e.evtype == XI_RawTouchBegin ? "begin" : e.evtype == XI_RawTouchEnd ? "end" : "update"
                log.write("raw-touch-\(kind) touch=\(e.detail) server-ms=\(e.time)", at: t)
            default: break
            }
        }
        var pfd = pollfd(fd: cx_ConnectionNumber(d), events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, -1) < 0 && errno != EINTR { fail("poll: \(errno)") }
        if pfd.revents & Int16(POLLHUP | POLLERR) != 0 { fail("the X server went away") }
    }
}

func select(_ d: OpaquePointer, _ w: Window, _ events: [Int32]) {
    var mask = [UInt8](repeating: 0, count: Int(cx_XIMaskLen(cx_XI_LASTEVENT())))
    for e in events { cx_XISetMask(&mask, e) }
    mask.withUnsafeMutableBufferPointer { buf in
        var m = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
        _ = XISelectEvents(d, w, &m, 1)
    }
}

// MARK: play

struct RecordedEvent { var t: Int64; var type: UInt16; var code: UInt16; var value: Int32 }

/// evemu's event lines: "E: <sec>.<usec> <type hex> <code hex> <value>".
func readRecording(_ path: String) -> [RecordedEvent] {
    guard let f = fopen(path, "r") else { fail("cannot open \(path)") }
    defer { fclose(f) }
    var events: [RecordedEvent] = []
    var line: UnsafeMutablePointer<CChar>? = nil, cap = 0, number = 0
    while getline(&line, &cap, f) > 0 {
        number += 1
        let text = String(cString: line!)
        guard text.hasPrefix("E: ") else { continue }
        let parts = text.dropFirst(3).split(separator: " ", omittingEmptySubsequences: true)
        let time = parts.first?.split(separator: ".") ?? []
        guard parts.count >= 4, time.count == 2, let sec = Int64(time[0]), let usec = Int64(time[1]),
              let type = UInt16(parts[1], radix: 16), let code = UInt16(parts[2], radix: 16),
              let value = Int32(parts[3].trimmingCharacters(in: " \n")) else {
            fail("\(path):\(number): not an evemu event line")
        }
        events.append(RecordedEvent(t: sec * 1_000_000_000 + usec * 1000, type: type, code: code, value: value))
    }
    free(line)
    return events
}

extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return s
    }
}

func play(recording: String, node: String, quietMilliseconds: Int64 = 0) -> Never {
    let events = readRecording(recording)
    let fd = open(node, O_WRONLY | O_CLOEXEC)
    if fd < 0 { fail("cannot open \(node): \(String(cString: strerror(errno)))") }
    let start = now()
    var frame: [input_event] = [], frameIndex = 0
    for e in events {
        if frame.isEmpty { sleepUntil(start + e.t) }
        var ie = input_event()
        ie.type = e.type; ie.code = e.code; ie.value = e.value
        frame.append(ie)
        if e.type == 0 && e.code == 0 {   // SYN_REPORT: the frame is whole
            let size = frame.count * MemoryLayout<input_event>.stride
            let written = frame.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, size) }
            if written != size { fail("write to \(node): \(String(cString: strerror(errno)))") }
            print("\(now()) frame \(frameIndex)")
            frameIndex += 1
            frame.removeAll(keepingCapacity: true)
        }
    }
    // Flushed before the quiet: the script reads the frames' times after it.
    fflush(nil)
    if quietMilliseconds > 0 { sleepUntil(now() + quietMilliseconds * 1_000_000) }
    exit(0)
}

func sleepUntil(_ t: Int64) {
    var ts = timespec(tv_sec: Int(t / 1_000_000_000), tv_nsec: Int(t % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
}

// MARK: stamp, keys-down

func stamp(name: String, logPath: String) -> Never {
    let log = LineLog(path: logPath)
    var vars: [String] = []
    var p = environ
    while let entry = p.pointee {
        let s = String(cString: entry)
        if s.hasPrefix("GESTURE_") { vars.append(s) }
        p += 1
    }
    log.write("exec \(name) " + vars.sorted().joined(separator: " "))
    exit(0)
}

func keysDown() -> Never {
    guard let x = try? XConnection() else { fail("cannot open the X display") }
    var keys = [CChar](repeating: 0, count: 32)
    XQueryKeymap(x.display, &keys)
    for (i, byte) in keys.enumerated() {
        for bit in 0..<8 where UInt8(bitPattern: byte) & (1 << bit) != 0 {
            let sym = XkbKeycodeToKeysym(x.display, KeyCode(i * 8 + bit), 0, 0)
            print(XKeysymToString(sym).map { String(cString: $0) } ?? "keycode\(i * 8 + bit)")
        }
    }
    exit(0)
}

/// `key NAME down|up`: presses or releases a key through XTest, as a user's
/// hand on the keyboard would hold it (a layer's modifier).
func key(_ name: String, down: Bool) -> Never {
    guard let x = try? XConnection() else { fail("cannot open the X display") }
    let code = XKeysymToKeycode(x.display, XStringToKeysym(name))
    guard code != 0 else { fail("no key \(name) on this keyboard") }
    XTestFakeKeyEvent(x.display, UInt32(code), down ? 1 : 0, 0)
    XSync(x.display, 0)
    print(now())
    exit(0)
}

// MARK: wait, count

/// Lines of LOG stamped after `since` that contain `text`, with their times.
func matches(_ path: String, since: Int64, until: Int64 = .max, _ text: String) -> [Int64] {
    guard let f = fopen(path, "r") else { return [] }
    defer { fclose(f) }
    var out: [Int64] = []
    var line: UnsafeMutablePointer<CChar>? = nil, cap = 0
    while getline(&line, &cap, f) > 0, let start = line {
        // Read in place: the time first, the text only in a line after
        // `since`. The log grows to thousands of lines, and a String made of
        // each, every 5 ms, was most of the waiter's CPU, on the VM's two
        // CPUs beside the processes timed (docs/performance.md).
        var end: UnsafeMutablePointer<CChar>? = nil
        let t = strtoll(start, &end, 10)
        guard let rest = end, rest != start, rest.pointee == 0x20, t > since, t <= until,
              strstr(rest, text) != nil else { continue }
        out.append(t)
    }
    free(line)
    return out
}

func waitFor(_ path: String, since: Int64, _ text: String, count: Int, seconds: Double) -> Never {
    let deadline = now() + Int64(seconds * 1e9)
    // inotify would wake us on each write; a 5 ms re-read is simpler and bounded.
    while true {
        let found = matches(path, since: since, text)
        if found.count >= count { print(found[count - 1]); exit(0) }
        if now() > deadline {
            printError("timed out after \(seconds) s waiting for \(count) × '\(text)' in \(path) (saw \(found.count))")
            exit(1)
        }
        usleep(5000)
    }
}

// MARK: main

let args = Array(CommandLine.arguments.dropFirst())
switch (args.first, args.count) {
case ("observe", 2): observe(logPath: args[1])
case ("observe", 3) where args[1] == "--fullscreen": observe(logPath: args[2], fullscreen: true)
case ("observe", 3) where args[1] == "--bare": observe(logPath: args[2], bare: true)
case ("play", 3): play(recording: args[1], node: args[2])
case ("play", 4):
    guard let quiet = Int64(args[3]), quiet >= 0 else { fail("QUIET_MS must be milliseconds") }
    play(recording: args[1], node: args[2], quietMilliseconds: quiet)
case ("stamp", 3): stamp(name: args[1], logPath: args[2])
case ("keys-down", 1): keysDown()
case ("key", 3) where args[2] == "down" || args[2] == "up": key(args[1], down: args[2] == "down")
case ("wait", 4...6):
    guard let since = Int64(args[2]) else { fail("SINCE must be a time from 'now'") }
    let n = args.count > 4 ? Int(args[4]) ?? 0 : 1
    let seconds = args.count > 5 ? Double(args[5]) ?? 0 : 10
    guard n > 0, seconds > 0 else { fail("N and SECONDS must be positive") }
    waitFor(args[1], since: since, args[3], count: n, seconds: seconds)
case ("count", 5):
    guard let since = Int64(args[2]), let until = Int64(args[3]) else { fail("SINCE and UNTIL must be times from 'now'") }
    print(matches(args[1], since: since, until: until, args[4]).count)
case ("signal", 3):
    let signals: [String: Int32] = ["TERM": SIGTERM, "INT": SIGINT, "HUP": SIGHUP]
    guard let pid = Int32(args[1]), let sig = signals[args[2]] else { fail("signal PID TERM|INT|HUP") }
    let t = now()
    if kill(pid, sig) != 0 { fail("kill \(pid): \(String(cString: strerror(errno)))") }
    print(t)
case ("now", 1): print(now())
case ("touchegg-client", 3): toucheggClient(address: args[1], logPath: args[2])
case ("gesture-window", 2): gestureWindow(logPath: args[1])
case ("warp", 3):
    guard let x = Int32(args[1]), let y = Int32(args[2]), let c = try? XConnection() else { fail("warp X Y") }
    XWarpPointer(c.display, 0, c.root, 0, 0, 0, 0, x, y)
    XSync(c.display, 0)
    exit(0)
case ("pointer", 1):
    // Where the pointer is, once it has stopped moving (two reads 50 ms apart agree, at most 2 s).
    guard let c = try? XConnection() else { fail("cannot open the X display") }
    func at() -> (Int32, Int32) {
        var root: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(c.display, c.root, &root, &child, &rx, &ry, &wx, &wy, &mask)
        return (rx, ry)
    }
    var last = at()
    for _ in 0..<40 {
        usleep(50_000)
        let p = at()
        if p == last { break }
        last = p
    }
    print("\(last.0) \(last.1)")
    exit(0)
default:
    fail("usage: observe LOG | play RECORDING DEVNODE [QUIET_MS] | stamp NAME LOG | keys-down | wait LOG SINCE TEXT [N] [SECONDS] | count LOG SINCE UNTIL TEXT | signal PID TERM|INT|HUP | now | warp X Y | pointer | touchegg-client ADDRESS LOG | gesture-window LOG")
}
