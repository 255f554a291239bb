import GestureConfig
import Testing

/// ConfigOutline's byte spans cut the text exactly: a key is its text, a
/// value its literal (quotes, brackets and braces included).
@Suite struct OutlineTests {
    static let texts: [(String, String)] = [
        ("full.toml", fixture("full.toml")),
        ("default", DefaultConfig.text),
        ("crlf", fixture("full.toml").replacingOccurrences(of: "\n", with: "\r\n")),
        ("non-ASCII", "version = 1\n[[bind]]\nname = \"Zoom – größer ✓\"   # ünïcode\ngesture = \"magnify(fingers: 2)\"\non-ended = [\"key a\", \n  'exec echo \"é\"']\n"),
    ]

    @Test(arguments: texts)
    func spansCutTheTextExactly(_ name: String, _ text: String) throws {
        let outline = try #require(ConfigOutline.of(text))
        let bytes = Array(text.utf8)
        func slice(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        func check(_ m: ConfigOutline.Member) {
            #expect(slice(m.keyBytes) == m.key, "\(name): key \(m.key)")
            let v = slice(m.value.bytes)
            switch m.value.kind {
            case .string(let s):
                #expect(v.first == "\"" || v.first == "'", "\(name): \(m.key) = \(v)")
                #expect(v.last == v.first, "\(name): \(m.key) = \(v)")
                if !s.contains("\"") && !s.contains("\\") { #expect(v.dropFirst().dropLast() == s) }
            case .array: #expect(v.first == "[" && v.last == "]", "\(name): \(m.key) = \(v)")
            case .table(let members):
                #expect(v.first == "{" && v.last == "}", "\(name): \(m.key) = \(v)")
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
