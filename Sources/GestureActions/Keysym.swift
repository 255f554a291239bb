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
        guard let i = caseless[name.lowercased()] ?? nil else { return nil }
        return Keysym(name: KeysymTable.names[i], value: KeysymTable.values[i])
    }

    /// Lowercased name → the one keysym with that name in any case (nil when
    /// two differ only in case, like `a` and `A`). Built once.
    private static let caseless: [String: Int?] = {
        var map: [String: Int?] = [:]
        for (i, n) in KeysymTable.names.enumerated() {
            let k = n.lowercased()
            map[k] = map[k] == nil ? .some(i) : .some(nil)
        }
        return map
    }()

    /// Keysym names close to `name`, for "did you mean".
    public static func suggestions(for name: String) -> [String] {
        Suggest.closest(to: name, in: KeysymTable.names, lowercased: lowercasedNames, limit: 3)
    }

    private static let lowercasedNames: [[UInt8]] = KeysymTable.names.map { Array($0.lowercased().utf8) }

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
