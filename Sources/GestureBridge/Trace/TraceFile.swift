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
        guard let f = fopen(path, "r") else {
            throw TraceError(file: path, line: 0, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { fclose(f) }
        var reader = TraceReader(file: path)
        var buffer: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(buffer) }
        var number = 0
        while true {
            let n = getline(&buffer, &capacity, f)
            if n < 0 { break }
            number += 1
            var len = n
            if len > 0 && buffer![len - 1] == 0x0A { len -= 1 }
            let line = buffer!.withMemoryRebound(to: UInt8.self, capacity: len) {
                String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self)
            }
            if let e = try reader.read(line: Substring(line), number: number) { try body(reader.header!, e) }
        }
        guard let h = reader.header else { throw TraceError(file: path, line: 1, message: "empty trace: no header line") }
        return h
    }

    public static func read(path: String) throws -> Trace {
        var events: [TraceEvent] = []
        let h = try forEachEvent(path: path) { events.append($1) }
        return Trace(header: h, events: events)
    }
}
