#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GestureCore

/// Reads a trace file line by line (bounded memory for long traces).
public enum TraceFile {
    /// Calls `body` with the header and each event in order; returns the header.
    @discardableResult
    public static func forEachEvent(path: String, _ body: (TraceHeader, TraceEvent) throws -> Void) throws -> TraceHeader {
        let stream = try TraceStream(path: path)
        while let e = stream.next {
            try body(stream.header, e)
            try stream.advance()
        }
        return stream.header
    }

    public static func read(path: String) throws -> Trace {
        var events: [TraceEvent] = []
        let h = try forEachEvent(path: path) { events.append($1) }
        return Trace(header: h, events: events)
    }
}

/// A trace file open for reading one event at a time, with the next event read
/// ahead: a daemon playing a long trace holds one line of it, not the file.
public final class TraceStream {
    public let path: String
    /// How many events have been read, `next` included: once `next` is nil,
    /// every event of the file.
    public private(set) var count = 0
    /// The next event, or nil at the end of the file.
    public private(set) var next: TraceEvent? = nil
    private let file: UnsafeMutablePointer<FILE>
    private var reader: TraceReader
    private var line: UnsafeMutablePointer<CChar>? = nil
    private var capacity = 0
    private var number = 0

    /// The file's header (its first line that is not blank or a comment).
    public var header: TraceHeader { reader.header! }

    /// Opens the file and reads its header and first event.
    public init(path: String) throws {
        guard let f = fopen(path, "r") else {
            throw TraceError(file: path, line: 0, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        self.path = path
        file = f
        reader = TraceReader(file: path)
        // Initialized: if this throws, deinit closes the file.
        try advance()   // the reader takes the header on the way
        guard reader.header != nil else { throw TraceError(file: path, line: 1, message: "empty trace: no header line") }
    }

    deinit {
        fclose(file)
        free(line)
    }

    /// Reads the event after `next` (nil at the end of the file).
    public func advance() throws {
        next = reader.takeQueued()
        while next == nil, let text = readLine() {
            number += 1
            next = try reader.read(line: Substring(text), number: number)
        }
        if next != nil { count += 1 }
    }

    /// One line without its newline, or nil at the end of the file.
    private func readLine() -> String? {
        let n = getline(&line, &capacity, file)
        if n < 0 { return nil }
        var len = n
        if len > 0 && line![len - 1] == 0x0A { len -= 1 }
        return line!.withMemoryRebound(to: UInt8.self, capacity: len) {
            String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self)
        }
    }
}
