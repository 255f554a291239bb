/// An X keysym: its name as X spells it and its value.
public struct Keysym: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let value: UInt32

    public var description: String { name }

    /// Looks a name up as `XStringToKeysym` would; if no exact name exists, a
    /// unique case-insensitive match is accepted (`page_down` is `Page_Down`;
    /// `a` and `A` stay distinct).
    public static func named(_ name: String) -> Keysym? {
        guard let i = exactIndex(name) ?? caselessIndex(name) else { return nil }
        return Keysym(name: KeysymTable.name(i), value: KeysymTable.values[i])
    }

    /// The one keysym named `name` in any case (nil when two differ only in
    /// case, like `a` and `A`). A scan of the names, compared in place: a
    /// miss happens only while a config loads (a keymap's own names such as
    /// `overview`), and an index built for it cost 4 million instructions at
    /// every start.
    private static func caselessIndex(_ name: String) -> Int? {
        let wanted = Array(name.utf8)
        var found: Int? = nil
        for i in 0..<KeysymTable.count {
            let n = KeysymTable.bytes(i)
            guard n.count == wanted.count, n.elementsEqual(wanted, by: { lowerASCII($0) == lowerASCII($1) }) else { continue }
            if found != nil { return nil }
            found = i
        }
        return found
    }

    private static func lowerASCII(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b + 32 : b
    }

    /// The keysym of value `value` (of aliases, the first name in the
    /// table's order), nil when X names none: for configs that store keysyms
    /// by value (easystroke's).
    public static func named(value: UInt32) -> Keysym? {
        guard let i = KeysymTable.values.firstIndex(of: value) else { return nil }
        return Keysym(name: KeysymTable.name(i), value: value)
    }

    /// Keysym names close to `name`, for "did you mean".
    public static func suggestions(for name: String) -> [String] {
        Suggest.closest(to: name, in: allNames, lowercased: lowercasedNames, limit: 3)
    }

    /// The names as Strings, made the first time a name is misspelled.
    private static let allNames: [String] = (0..<KeysymTable.count).map(KeysymTable.name)
    private static let lowercasedNames: [[UInt8]] = allNames.map { Array($0.lowercased().utf8) }

    public static var count: Int { KeysymTable.count }

    private static func exactIndex(_ name: String) -> Int? {
        let key = Array(name.utf8)
        var lo = 0, hi = KeysymTable.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if KeysymTable.bytes(mid).lexicographicallyPrecedes(key) { lo = mid + 1 } else { hi = mid }
        }
        return lo < KeysymTable.count && KeysymTable.bytes(lo).elementsEqual(key) ? lo : nil
    }
}
