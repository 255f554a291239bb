#if canImport(Glibc)
import Glibc
#endif
import GestureSystem
import Testing
import XTestSupport

/// A started daemon holds no page of its own relocation table: the loader
/// reads `.rela.dyn` whole before `main` (about 500 kB in the static daemon,
/// which cannot pack it with DT_RELR for glibc 2.35) and nothing reads it
/// again, so the daemon gives its pages back once it is listening
/// (`cx_release_own_relocations`; docs/performance.md, "Relocations and
/// resident pages"). Read from the running process: the table's place in
/// the file (`readelf`), the image's load address (/proc/PID/maps) and
/// each page's present bit (/proc/PID/pagemap).
@Suite struct RelocationPagesTests {
    /// The link-time address and size of `section` in `binary`.
    static func section(_ name: String, of binary: String) -> (address: UInt64, size: UInt64)? {
        let out = Spawn.run("/usr/bin/readelf", ["-SW", binary], environment: [:]).stdout
        for line in out.split(separator: "\n") {
            let fields = line.replacing("[ ", with: "[").split(separator: " ")
            guard fields.count > 5, fields[1] == name, let address = UInt64(fields[3], radix: 16),
                  let size = UInt64(fields[5], radix: 16) else { continue }
            return (address, size)
        }
        return nil
    }

    /// Of the whole pages of [start, start + size) of process `pid`'s
    /// image (link-time addresses), how many are resident, and how many there are.
    static func residentPages(pid: pid_t, executable: String, start: UInt64, size: UInt64) -> (resident: Int, pages: Int)? {
        guard case .success(let maps) = FileSystem.read("/proc/\(pid)/maps"),
              let line = maps.split(separator: "\n").first(where: { $0.hasSuffix(" " + executable) }),
              let base = UInt64(line.prefix { $0 != "-" }, radix: 16) else { return nil }
        let page = UInt64(sysconf(Int32(_SC_PAGESIZE)))
        let first = (start + page - 1) / page, end = (start + size) / page
        guard end > first else { return nil }
        let fd = open("/proc/\(pid)/pagemap", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var entries = [UInt64](repeating: 0, count: Int(end - first))
        let want = entries.count * 8
        let got = entries.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t((base / page + first) * 8)) }
        guard got == want else { return nil }
        return (entries.filter { $0 >> 63 == 1 }.count, entries.count)
    }

    @Test func aListeningDaemonHoldsNoPageOfItsRelocationTable() throws {
        let x = try Xvfb()
        let d = DaemonProcess(display: x.display, config: DaemonTests.swipeLeft, play: nil)
        #expect(d.waitForLog("listening on display"))
        #expect(d.waitForLog("relocation table: "))
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/\(d.pid)/exe", &buffer, buffer.count - 1)
        let executable = String(decoding: buffer.prefix(max(n, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(executable.hasSuffix("gesture-bridge-daemon"))
        let table = try #require(Self.section(".rela.dyn", of: executable))
        let held = try #require(Self.residentPages(pid: d.pid, executable: executable, start: table.address, size: table.size))
        // Before, every page was resident (the loader read each). A later
        // fault next to the table may map its 64 KiB around again (the
        // kernel's fault-around) at either end: never half of it.
        #expect(held.pages >= 16, "a table of \(held.pages) pages proves nothing")
        #expect(held.resident * 2 < held.pages, "\(held.resident) of the relocation table's \(held.pages) pages resident")
    }
}
