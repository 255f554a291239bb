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
    public let header: TraceHeader
    /// The next event, or nil at the end of the file.
    public private(set) var next: TraceEvent? = nil
    /// How many events `advance` has gone past.
    public private(set) var passed = 0
    private let file: UnsafeMutablePointer<FILE>
    private var reader: TraceReader
    private var line: UnsafeMutablePointer<CChar>? = nil
    private var capacity = 0
    private var number = 0

    /// Opens the file and reads its header and first event.
    public init(path: String) throws {
        guard let f = fopen(path, "r") else {
            throw TraceError(file: path, line: 0, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        self.path = path
        file = f
        reader = TraceReader(file: path)
        do {
            while reader.header == nil, let text = Self.readLine(f, &line, &capacity) {
                number += 1
                _ = try reader.read(line: Substring(text), number: number)   // comments, blanks, the header
            }
        } catch {
            fclose(f)
            free(line)
            throw error
        }
        guard let header = reader.header else {
            fclose(f)
            free(line)
            throw TraceError(file: path, line: 1, message: "empty trace: no header line")
        }
        self.header = header
        try advance(counting: false)
    }

    deinit {
        fclose(file)
        free(line)
    }

    /// Reads the event after `next` (nil at the end of the file).
    public func advance() throws {
        try advance(counting: true)
    }

    private func advance(counting: Bool) throws {
        if counting && next != nil { passed += 1 }
        next = nil
        while next == nil, let text = Self.readLine(file, &line, &capacity) {
            number += 1
            next = try reader.read(line: Substring(text), number: number)
        }
    }

    /// One line without its newline, or nil at the end of the file.
    private static func readLine(_ f: UnsafeMutablePointer<FILE>, _ buffer: inout UnsafeMutablePointer<CChar>?,
                                 _ capacity: inout Int) -> String? {
        let n = getline(&buffer, &capacity, f)
        if n < 0 { return nil }
        var len = n
        if len > 0 && buffer![len - 1] == 0x0A { len -= 1 }
        return buffer!.withMemoryRebound(to: UInt8.self, capacity: len) {
            String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self)
        }
    }
}
