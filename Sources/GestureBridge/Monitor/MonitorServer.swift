#if canImport(Glibc)
import Glibc
#endif
import CLinux
import GestureClient

/// The monitor socket: `gesture-bridge-DISPLAY.monitor` in the runtime
/// directory, for `gesture-bridge watch` and anything that reads JSON lines.
/// Same user only (the directory is 0700, the socket 0600, and each peer's
/// uid is checked with SO_PEERCRED); at most `maximumClients`; a client
/// that does not keep up is dropped, never waited for: each has a bounded
/// queue (`maximumQueued` bytes), written without blocking when poll says
/// it can take more. Nothing is made for the stream while no client listens
/// (`listening`).
public final class MonitorServer {
    public static let maximumClients = 4
    /// What one client may have waiting (about 4 s of a busy stream).
    public static let maximumQueued = 256 * 1024

    public let path: String
    private let fd: Int32
    /// Whose clients are taken (this process's user, unless a test says).
    private let owner: uid_t
    private struct Client {
        let fd: Int32
        var queued: [UInt8] = []
    }
    private var clients: [Client] = []
    /// Said to the log: a client came, went, was refused or dropped.
    public var onNote: (String) -> Void = { _ in }

    public enum StartError: Error, CustomStringConvertible {
        case failed(String, String)
        public var description: String {
            switch self { case .failed(let path, let why): return "monitor socket \(path): \(why)" }
        }
    }

    public init(path: String, owner: uid_t = getuid()) throws(StartError) {
        self.path = path
        self.owner = owner
        guard var address = UnixSocketAddress(path) else { throw .failed(path, "path too long") }
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { throw .failed(path, String(cString: strerror(errno))) }
        // A socket left by a daemon that died: only one daemon per display
        // runs (the lock is held before this), so it is ours to replace.
        unlink(path)
        let bound = address.call(s, bind)
        guard bound == 0, chmod(path, 0o600) == 0, listen(s, 4) == 0 else {
            let why = String(cString: strerror(errno))
            close(s)
            throw .failed(path, why)
        }
        fd = s
    }

    deinit {
        for c in clients { close(c.fd) }
        close(fd)
        unlink(path)
    }

    /// A client listens: the stream is worth making.
    public var listening: Bool { !clients.isEmpty }
    public var clientCount: Int { clients.count }

    // MARK: The poll loop

    /// The listening socket, and each client (readable: it hung up; writable:
    /// when it has something queued).
    public func addPollDescriptors(to fds: inout [pollfd]) {
        fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
        for c in clients {
            fds.append(pollfd(fd: c.fd, events: Int16(POLLIN) | (c.queued.isEmpty ? 0 : Int16(POLLOUT)), revents: 0))
        }
    }

    /// What poll reported for our descriptors (in the order added).
    public func handle(_ fds: ArraySlice<pollfd>) {
        guard let first = fds.first else { return }
        var gone: Set<Int32> = []
        for p in fds.dropFirst() where p.revents != 0 {
            if p.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                // A client says nothing: anything readable is it going away.
                var scratch = [UInt8](repeating: 0, count: 256)
                let n = read(p.fd, &scratch, scratch.count)
                if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) || p.revents & Int16(POLLHUP | POLLERR) != 0 {
                    gone.insert(p.fd)
                    continue
                }
            }
            if p.revents & Int16(POLLOUT) != 0, let i = clients.firstIndex(where: { $0.fd == p.fd }), !write(i) {
                gone.insert(p.fd)
            }
        }
        for g in gone { drop(g, "went away") }
        if first.revents & Int16(POLLIN) != 0 { acceptClients() }
    }

    /// Whole lines (each ending in a newline) for every client: queued, and
    /// written as far as each takes them now. A client whose queue would
    /// pass the bound is dropped.
    public func broadcast(_ bytes: ArraySlice<UInt8>) {
        guard !clients.isEmpty, !bytes.isEmpty else { return }
        var over: [Int32] = []
        for i in clients.indices {
            if clients[i].queued.count + bytes.count > Self.maximumQueued {
                over.append(clients[i].fd)
                continue
            }
            clients[i].queued += bytes
            if !write(i) { over.append(clients[i].fd) }
        }
        for fd in over { drop(fd, "did not keep up (\(Self.maximumQueued / 1024) KiB waiting): dropped") }
    }

    /// Writes what client `i` has queued, without blocking. False if it is gone.
    private func write(_ i: Int) -> Bool {
        while !clients[i].queued.isEmpty {
            let n = clients[i].queued.withUnsafeBytes { send(clients[i].fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                clients[i].queued.removeFirst(n)
            } else if n < 0 && (errno == EAGAIN || errno == EINTR) {
                return true
            } else {
                return false
            }
        }
        return true
    }

    private func acceptClients() {
        while true {
            let c = accept(fd, nil, nil)
            guard c >= 0 else { return }
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
            _ = fcntl(c, F_SETFD, FD_CLOEXEC)
            let uid = cx_peer_uid(c)
            guard uid == Int(owner) else {
                close(c)
                onNote("monitor: refused a client of user \(uid) (only user \(owner)'s)")
                continue
            }
            guard clients.count < Self.maximumClients else {
                close(c)
                onNote("monitor: refused a client: \(Self.maximumClients) already watch")
                continue
            }
            clients.append(Client(fd: c))
            onNote("monitor: a client watches (\(clients.count))")
        }
    }

    private func drop(_ fd: Int32, _ why: String) {
        guard let i = clients.firstIndex(where: { $0.fd == fd }) else { return }
        close(fd)
        clients.remove(at: i)
        onNote("monitor: a client \(why) (\(clients.count) left)")
    }
}
