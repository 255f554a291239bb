import ArgumentParser
import GestureTraces
import GestureSystem

/// Runs `body` on each trace file in turn: a broken one (a `TraceError`) is
/// said on stderr and the others still run; then exits 1 if any was broken.
/// For `trace`, `replay` and `replay --monitor`.
func forEachTraceFile(_ paths: [String], _ body: (String) throws -> Void) throws {
    var failed = false
    for path in paths {
        do {
            try body(path)
        } catch let e as TraceError {
            writeLine(e.description)
            failed = true
        }
    }
    if failed { throw ExitCode(1) }
}

/// A trace file for `command` (tune, teach): a broken one is said on stderr, exit 2.
func readTrace(_ path: String, for command: String) throws -> Trace {
    do {
        return try TraceFile.read(path: path)
    } catch {
        writeLine("gesture-bridge \(command): \(error)")
        throw ExitCode(2)
    }
}
