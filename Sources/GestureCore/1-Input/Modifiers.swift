// Modifier keys held on the keyboard when a gesture starts: a binding's
// layer (`modifiers = "alt"`).

/// Shift, Ctrl, Alt and Super, as X reports them with every touch and
/// gesture event (the master keyboard's effective state). Caps Lock, Num
/// Lock and the rest are not layers: they are left out.
public struct Modifiers: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1)
    public static let ctrl = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
    public static let `super` = Modifiers(rawValue: 8)

    /// Each modifier with its name, in the order they are written.
    public static let named: [(name: String, modifier: Modifiers)] = [
        ("ctrl", .ctrl), ("alt", .alt), ("shift", .shift), ("super", .super),
    ]
    /// Other names people write for them (fusuma's evdev key names are
    /// mapped by its importer).
    static let aliases: [String: Modifiers] = [
        "control": .ctrl, "meta": .super, "win": .super, "logo": .super, "mod4": .super, "mod1": .alt,
    ]

    /// `ctrl+alt`, or `none`.
    public var description: String {
        isEmpty ? "none" : Self.named.filter { contains($0.modifier) }.map(\.name).joined(separator: "+")
    }

    /// `"alt"`, `"ctrl+shift"`, `"super"`, `"none"`: the message says what is
    /// wrong otherwise.
    public static func parse(_ text: String) -> Result<Modifiers, ModifiersError> {
        let trimmed = text.trimmingSpaces.lowercased()
        if trimmed == "none" { return .success([]) }
        var out: Modifiers = []
        for part in trimmed.split(separator: "+", omittingEmptySubsequences: false) {
            let word = String(part).trimmingSpaces
            guard let m = named.first(where: { $0.name == word })?.modifier ?? aliases[word] else {
                return .failure(ModifiersError(word: word))
            }
            out.insert(m)
        }
        return .success(out)
    }
}

public struct ModifiersError: Error, Hashable, Sendable {
    public var word: String
    public var message: String { words.description }
    public var words: Words {
        word.isEmpty
            ? Words("an empty modifier; 'modifiers' takes ctrl, alt, shift and super joined by +, e.g. \"ctrl+alt\", or \"none\"")
            : Words("'{word}' is not a modifier; 'modifiers' takes ctrl, alt, shift and super joined by +, e.g. \"ctrl+alt\", or \"none\"",
                    ["word": word])
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    public var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
