/// Strings and numbers as text, in the one form both JSON (traces, replay
/// output) and TOML (imported configs) read back to the same value.
public enum Literals {
    /// A double-quoted string: `"` `\` and control characters escaped
    /// (\n \r \t, else \u00XX; DEL too, which TOML requires).
    public static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7f {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// Shortest text that reads back to the same Double; integers without ".0".
    public static func number(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}
