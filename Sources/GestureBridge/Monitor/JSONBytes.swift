import GestureCore

/// JSON text written straight into one reused byte buffer: numbers and
/// escaped strings appended digit by digit, byte by byte, with no String
/// made on the way (the monitor stream is written for every event while a
/// client listens). What it writes is what `Literals.number` and
/// `Literals.quote` give, byte for byte (`JSONBytesTests`).
public struct JSONBytes {
    /// Written bytes are `storage[0..<count]`; the rest is room. Bytes are
    /// copied in with memcpy: an `append(contentsOf:)` per field was most
    /// of the stream's cost.
    private var storage: [UInt8]
    public private(set) var count = 0

    public init(capacity: Int = 256) { storage = [UInt8](repeating: 0, count: max(capacity, 16)) }

    /// What was written since the last `clear`.
    public var bytes: ArraySlice<UInt8> { storage[0..<count] }

    /// Empties it, keeping its storage.
    public mutating func clear() { count = 0 }

    @inline(__always)
    private mutating func room(_ n: Int) {
        if count + n > storage.count { storage.append(contentsOf: repeatElement(0, count: max(storage.count, n))) }
    }

    @inline(__always)
    private mutating func put(_ source: UnsafeRawBufferPointer) {
        let n = source.count, at = count
        guard n > 0 else { return }
        room(n)
        storage.withUnsafeMutableBytes { ($0.baseAddress! + at).copyMemory(from: source.baseAddress!, byteCount: n) }
        count += n
    }

    /// Text that needs no escaping: our own words and punctuation.
    @inline(__always)
    public mutating func raw(_ s: StaticString) {
        // A one-character literal ("%", "°") may be held as its scalar, with no bytes to point at.
        guard s.hasPointerRepresentation else { return scalar(s) }
        put(UnsafeRawBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    @inline(never)
    private mutating func scalar(_ s: StaticString) {
        s.withUTF8Buffer { put(UnsafeRawBufferPointer($0)) }
    }

    /// A word of our own (an enum's raw value, a unit): no escaping.
    public mutating func word(_ s: String) {
        var s = s
        s.withUTF8 { put(UnsafeRawBufferPointer($0)) }
    }

    /// Bytes already written elsewhere (a name quoted once).
    public mutating func append(_ b: [UInt8]) { b.withUnsafeBytes { put($0) } }

    @inline(__always)
    public mutating func byte(_ b: UInt8) {
        room(1)
        storage[count] = b
        count += 1
    }

    /// `Literals.quote`: double quotes, `"` `\` and control characters
    /// escaped (\n \r \t, else \u00XX; DEL too). Byte by byte: every byte
    /// of a multi-byte UTF-8 sequence is 0x80 or above and passes through.
    public mutating func quoted(_ s: String) {
        var s = s
        byte(UInt8(ascii: "\""))
        s.withUTF8 { utf8 in
            // Most names need no escaping: copied whole.
            guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7f || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return put(UnsafeRawBufferPointer(utf8)) }
            for b in utf8 {
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    byte(UInt8(ascii: "\\"))
                    byte(b)
                case UInt8(ascii: "\n"): raw("\\n")
                case UInt8(ascii: "\r"): raw("\\r")
                case UInt8(ascii: "\t"): raw("\\t")
                case 0..<0x20, 0x7f:
                    raw("\\u00")
                    byte(Self.hex[Int(b >> 4)])
                    byte(Self.hex[Int(b & 15)])
                default:
                    byte(b)
                }
            }
        }
        byte(UInt8(ascii: "\""))
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// An integer in decimal.
    public mutating func int(_ v: Int) { digits(v.magnitude, negative: v < 0, fraction: 0) }

    /// `Literals.number(v)` of a `v` that is a whole number of
    /// 10^-`places` (a time to the microsecond, a measure to the tenth):
    /// its digits with the trailing zeros dropped, which is the shortest
    /// text that reads back to it, as Swift's own `description` gives.
    /// Values where that may not hold (beyond ±1e9, under 1e-4, where Swift
    /// writes an exponent, or not such a multiple) go through `Literals`.
    public mutating func decimal(_ v: Double, places: Int) {
        if v == v.rounded() && abs(v) < 1e15 { return int(Int(v)) }
        let scale = Self.powers[places]
        let k = (v * scale).rounded()
        guard abs(v) >= 1e-4, abs(v) < 1e9, k / scale == v else {
            return word(Literals.number(v))
        }
        var n = Int(k).magnitude, fraction = places
        while n % 10 == 0 { n /= 10; fraction -= 1 }   // not to 0: v is not whole
        digits(n, negative: k < 0, fraction: fraction)
    }

    /// `n` in decimal, its last `fraction` digits after a point (with
    /// zeros before them as needed), written from the right in a buffer on
    /// the stack and copied in once.
    private mutating func digits(_ n: UInt, negative: Bool, fraction: Int) {
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { b in
            var i = b.count, n = n, k = 0
            repeat {
                if k == fraction && k > 0 { i -= 1; b[i] = UInt8(ascii: ".") }
                i -= 1
                b[i] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
                k += 1
            } while n > 0 || k <= fraction
            if negative { i -= 1; b[i] = UInt8(ascii: "-") }
            put(UnsafeRawBufferPointer(rebasing: b[i...]))
        }
    }

    private static let powers: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6]

    /// `ReplayPrinter.time(t)`: seconds to the microsecond.
    public mutating func time(_ t: Double) { multiple((t * 1e6).rounded(), places: 6, of: 1_000_000) }

    /// `Literals.number((x * 10).rounded() / 10)`: the monitor's tenths.
    public mutating func tenths(_ x: Double) { multiple((x * 10).rounded(), places: 1, of: 10) }

    /// `decimal(k / scale, places:)` for a whole `k` (`scale` is 10^places),
    /// from `k`'s digits: `k / scale` is the double nearest to it, and
    /// multiplied back it rounds to `k` again (under 2^50 here), so the
    /// digits of `k` are the shortest text of it; no second rounding and no
    /// table. Beyond ±1e9 and under 1e-4 (an exponent), `decimal`.
    @inline(__always)
    private mutating func multiple(_ k: Double, places: Int, of scale: Int) {
        let v = k / Double(scale)
        guard abs(v) < 1e9, k == 0 || abs(v) >= 1e-4 else { return decimal(v, places: places) }
        var n = Int(k).magnitude, fraction = places
        if n % UInt(scale) == 0 { return int(Int(k) / scale) }
        while n % 10 == 0 { n /= 10; fraction -= 1 }
        digits(n, negative: k < 0, fraction: fraction)
    }
}
