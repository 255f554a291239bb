import GestureCore

/// Puts `tune`'s lines into a config's text, leaving the rest as it was.
public enum ConfigEdit {
    /// `[settings]` lines: each key replaced where the table has it, or added
    /// after its header (the table added at the end if there is none). A
    /// `[[device]]` table: appended.
    public static func applying(_ lines: [String], to text: String) -> String {
        guard lines.first == "[settings]" else { return text + (text.hasSuffix("\n") ? "" : "\n") + "\n" + lines.joined(separator: "\n") + "\n" }
        let entries = lines.dropFirst()
        var out = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = out.firstIndex(where: { $0.trimmingSpaces == "[settings]" }) else {
            return text + (text.hasSuffix("\n") ? "" : "\n") + "\n" + lines.joined(separator: "\n") + "\n"
        }
        let end = out[(header + 1)...].firstIndex { $0.trimmingSpaces.hasPrefix("[") } ?? out.count
        var insertAt = header + 1
        for entry in entries {
            let key = String(entry.prefix { $0 != " " && $0 != "=" })
            if let i = out[(header + 1)..<end].firstIndex(where: { Self.key(of: $0) == key }) {
                out[i] = entry
            } else {
                out.insert(entry, at: insertAt)
                insertAt += 1
            }
        }
        return out.joined(separator: "\n")
    }

    /// The key a `key = value` line sets.
    static func key(of line: String) -> String? {
        let t = line.trimmingSpaces
        guard !t.hasPrefix("#"), let eq = t.firstIndex(of: "=") else { return nil }
        return String(t[..<eq]).trimmingSpaces
    }
}
