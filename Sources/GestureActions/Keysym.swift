/// An X keysym: its name as X spells it and its value.
public struct Keysym: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let value: UInt32

    public var description: String { name }

    /// Looks a name up as `XStringToKeysym` would; if no exact name exists, a
    /// unique case-insensitive match is accepted (`page_down` is `Page_Down`;
    /// `a` and `A` stay distinct).
    public static func named(_ name: String) -> Keysym? {
        if let i = exactIndex(name) { return Keysym(name: KeysymTable.names[i], value: KeysymTable.values[i]) }
        let lower = name.lowercased()
        var found: Int? = nil
        for (i, n) in KeysymTable.names.enumerated() where n.count == name.count && n.lowercased() == lower {
            if found != nil { return nil }
            found = i
        }
        return found.map { Keysym(name: KeysymTable.names[$0], value: KeysymTable.values[$0]) }
    }

    /// Keysym names close to `name`, for "did you mean".
    public static func suggestions(for name: String) -> [String] {
        Suggest.closest(to: name, in: KeysymTable.names, limit: 3)
    }

    public static var count: Int { KeysymTable.names.count }

    private static func exactIndex(_ name: String) -> Int? {
        let names = KeysymTable.names
        let key = Array(name.utf8)
        var lo = 0, hi = names.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if names[mid].utf8.lexicographicallyPrecedes(key) { lo = mid + 1 } else { hi = mid }
        }
        return lo < names.count && names[lo] == name ? lo : nil
    }
}
