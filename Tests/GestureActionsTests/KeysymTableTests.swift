@testable import GestureActions
import Testing

/// The generated table (scripts/gen-keysyms.py): the names are one text with
/// the offsets of their ends, read in place.
@Suite struct KeysymTableTests {
    @Test func everyNameIsItsOwnLineInOrderAndFindsItsValue() {
        var previous: [UInt8] = []
        var wrong: [String] = []
        for i in 0..<KeysymTable.count {
            let bytes = Array(KeysymTable.bytes(i))
            let name = KeysymTable.name(i)
            if bytes.isEmpty || bytes.contains(UInt8(ascii: "\n")) || !previous.lexicographicallyPrecedes(bytes)
                || Keysym.named(name)?.value != KeysymTable.values[i] {
                wrong.append(name)
            }
            previous = bytes
        }
        #expect(wrong.isEmpty)
        #expect(KeysymTable.ends.count == KeysymTable.values.count)
        // The first and last names, and the text's end the last one's.
        #expect(KeysymTable.name(0) == "0")
        #expect(KeysymTable.name(KeysymTable.count - 1) == "zstroke")
        #expect(Int(KeysymTable.ends[KeysymTable.count - 1]) == KeysymTable.text.utf8CodeUnitCount)
    }
}
