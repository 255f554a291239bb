import GestureConfig
import Testing

/// ConfigOutline's byte spans cut the text exactly: a key is its text, a
/// value its literal (quotes, brackets and braces included).
@Suite struct OutlineTests {
    @Test(arguments: realConfigNames)
    func spansCutTheTextExactly(_ name: String) throws {
        let text = realConfig(name)
        let outline = try #require(ConfigOutline.of(text))
        let bytes = Array(text.utf8)
        func slice(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        func check(_ m: ConfigOutline.Member) {
            // A key as written: bare, or quoted.
            #expect([m.key, "\"\(m.key)\"", "'\(m.key)'"].contains(slice(m.keyBytes)), "\(name): key \(m.key)")
            let v = slice(m.value.bytes)
            switch m.value.kind {
            case .string(let s):
                #expect(v.first == "\"" || v.first == "'", "\(name): \(m.key) = \(v)")
                #expect(v.last == v.first, "\(name): \(m.key) = \(v)")
                if !s.contains("\"") && !s.contains("\\") { #expect(v.dropFirst().dropLast() == s) }
            case .array: #expect(v.first == "[" && v.last == "]", "\(name): \(m.key) = \(v)")
            case .table(let members):
                if m.value.isInlineTable {
                    #expect(v.first == "{" && v.last == "}", "\(name): \(m.key) = \(v)")
                } else {
                    // Dotted keys: from the first key to the last value.
                    #expect(v.hasPrefix(m.key + ".") && members.last.map { v.hasSuffix(slice($0.value.bytes)) } == true)
                }
                members.forEach(check)
            case .integer(let i): #expect(v == String(i))
            case .boolean(let b): #expect(v == String(b))
            default: break
            }
        }
        outline.root.forEach(check)
        for t in outline.tables {
            #expect(slice(t.header).hasPrefix("["), "\(name): \(t.path)")
            t.members.forEach(check)
        }
    }
}
