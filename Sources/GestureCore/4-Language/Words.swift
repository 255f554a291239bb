/// A message a person reads, kept as its English pattern and the values of
/// its `{name}` placeholders, so the outer layer can say it in the user's
/// language: `text { gettext($0) }` looks each pattern up (nested messages
/// too) and fills it; `description` is the English. GestureCore and the
/// modules under the command (the config loader, the actions) say nothing
/// themselves: they name the words, the command looks them up (its
/// `L(words)`), and what a program reads (`--json`, the state file, the
/// daemon's log) keeps the English.
///
/// `Words("unknown key '{key}'", ["key": key])` marks the pattern for
/// scripts/update-po.sh (xgettext's keyword `Words`); values are plain text
/// (`String`, numbers: a name, a path, a number, code) or other `Words`
/// (a phrase inside a sentence, translated in turn).
///
/// Two `Words` are equal when they read the same in English (a message
/// made whole and the same message made of its parts compare equal).
public struct Words: Hashable, Sendable, CustomStringConvertible, WordsValue {
    /// A placeholder's value.
    public indirect enum Value: Hashable, Sendable {
        case text(String)
        case words(Words)
    }

    /// The English pattern (the gettext msgid); empty for text said as it is.
    public let msgid: String
    /// The placeholders' values, by name.
    public let values: [(name: String, value: Value)]

    public init(_ msgid: String, _ values: KeyValuePairs<String, any WordsValue> = [:]) {
        self.msgid = msgid
        self.values = values.map { ($0.key, $0.value.wordsValue) }
    }

    /// The same pattern with these values.
    public func with(_ values: KeyValuePairs<String, any WordsValue>) -> Words { Words(msgid, values) }

    /// Text said as it is, in every language: what another program wrote
    /// (a parser's own message, a system error).
    public static func verbatim(_ text: String) -> Words { Words(said: text) }

    /// No words (a hint that has nothing to say).
    public static let none = Words.verbatim("")

    private init(said text: String) {
        msgid = ""
        values = [("text", .text(text))]
    }

    public var wordsValue: Value { .words(self) }

    /// The message in the language `translate` gives each pattern.
    public func text(_ translate: (String) -> String) -> String {
        if msgid.isEmpty, case .text(let t)? = values.first?.value { return t }
        return fill(translate(msgid), values.map { v -> (String, String) in
            switch v.value {
            case .text(let t): (v.name, t)
            case .words(let w): (v.name, w.text(translate))
            }
        })
    }

    /// The English.
    public var description: String { text { $0 } }

    public static func == (a: Words, b: Words) -> Bool { a.description == b.description }
    public func hash(into h: inout Hasher) { h.combine(description) }

    /// The values of `text` if it is `pattern` filled (its `{name}`s
    /// matching any text, the last one as much as it can), else nil: how a
    /// reader of English a program wrote (the daemon's state file) finds the
    /// words to say in another language.
    public static func match(_ text: String, _ pattern: String) -> [(name: String, value: String)]? {
        var parts: [(literal: Bool, text: String)] = []
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append((true, String(rest[..<open]))) }
            parts.append((false, String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append((true, String(rest))) }
        var found: [(name: String, value: String)] = []
        func go(_ i: Int, _ s: Substring) -> Bool {
            if i == parts.count { return s.isEmpty }
            let p = parts[i]
            if p.literal {
                guard s.hasPrefix(p.text) else { return false }
                return go(i + 1, s.dropFirst(p.text.count))
            }
            // A placeholder: the shortest value after which the rest matches (the last takes all).
            if i == parts.count - 1 {
                guard !s.isEmpty else { return false }
                found.append((p.text, String(s)))
                return true
            }
            var end = s.startIndex
            while end < s.endIndex {
                end = s.index(after: end)
                let kept = found.count
                found.append((p.text, String(s[..<end])))
                if go(i + 1, s[end...]) { return true }
                found.removeSubrange(kept...)
            }
            return false
        }
        return go(0, Substring(text)) ? found : nil
    }

    /// `text` as the first of `patterns` it fills, its values read as
    /// `patterns` in turn (a value that is none of them stays text; one
    /// that is a list, ", " between items, each of whose items is one of
    /// them, becomes those items' words): nil when it fills none.
    public static func read(_ text: String, as patterns: [Words]) -> Words? {
        for p in patterns {
            guard let values = match(text, p.msgid) else { continue }
            var pairs: [(String, any WordsValue)] = []
            for (name, value) in values {
                if let inner = read(value, as: patterns) {
                    pairs.append((name, inner))
                } else {
                    let items = listItems(value)
                    let read = items.count > 1 ? items.compactMap { Self.read($0, as: patterns) } : []
                    if read.count == items.count && !read.isEmpty {
                        pairs.append((name, Words(list: read)))
                    } else {
                        pairs.append((name, value))
                    }
                }
            }
            return Words(p.msgid, pairs)
        }
        return nil
    }

    /// `text` cut at each ", ", empty items kept: what `split(separator:
    /// ", ", omittingEmptySubsequences: false)` gives, without that overload
    /// (a string separator), which lives in _StringProcessing: it was the
    /// daemon's one call into that library, and it linked the library's and
    /// _RegexParser's whole code (860 kB), metadata and relocations into the
    /// static daemon (docs/performance.md, "Relocations and resident pages").
    static func listItems(_ text: String) -> [String] {
        var items: [String] = []
        var start = text.startIndex, i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            if text[i] == ",", next < text.endIndex, text[next] == " " {
                items.append(String(text[start..<i]))
                start = text.index(after: next)
                i = start
            } else {
                i = next
            }
        }
        items.append(String(text[start...]))
        return items
    }

    /// `text` read as the pattern of `patterns` with the most words it
    /// fills ("button {button} with state {states}" before "button
    /// {button}"), or as it is when it fills none (a path, a name): what a
    /// program wrote in English (the daemon's state) to be said in the
    /// user's language.
    public static func reading(_ text: String, as patterns: [Words]) -> Words {
        func literals(_ pattern: String) -> Int {
            var n = 0, inside = false
            for c in pattern {
                if c == "{" { inside = true } else if c == "}" { inside = false } else if !inside { n += 1 }
            }
            return n
        }
        // Each pattern's count once, not at every comparison (counted inside
        // the sort's comparisons, the daemon's start-up spent 3.9 M
        // instructions here).
        let ranked = patterns.map { (literals($0.msgid), $0) }.sorted { $0.0 > $1.0 }.map(\.1)
        return read(text, as: ranked) ?? .verbatim(text)
    }

    init(_ msgid: String, _ pairs: [(String, any WordsValue)]) {
        self.msgid = msgid
        values = pairs.map { ($0.0, $0.1.wordsValue) }
    }

    /// "a, b or c" (a lone item as it is).
    public static func or(_ items: [String]) -> Words {
        guard items.count > 1 else { return items.first.map(Words.verbatim) ?? .none }
        return Words("{items} or {last}", ["items": items.dropLast().joined(separator: ", "), "last": items.last!])
    }

    /// "a, b or c" of phrases, each translated (a lone one as it is).
    public static func or(_ items: [Words]) -> Words {
        guard items.count > 1, let last = items.last else { return items.first ?? .none }
        return Words("{items} or {last}", ["items": Words(list: Array(items.dropLast())), "last": last])
    }

    /// Items joined with `separator`, each translated.
    public init(list: [Words], separator: String = ", ") {
        var pattern = ""
        var pairs: [(String, any WordsValue)] = []
        for (i, w) in list.enumerated() {
            let name = String(repeating: "i", count: i + 1)
            pattern += (i == 0 ? "" : separator) + "{" + name + "}"
            pairs.append((name, w))
        }
        self.init(pattern, pairs)
    }
}

/// What a `Words` placeholder takes: text, a number, or other words.
public protocol WordsValue: Sendable {
    var wordsValue: Words.Value { get }
}

extension String: WordsValue { public var wordsValue: GestureCore.Words.Value { .text(self) } }
extension Substring: WordsValue { public var wordsValue: GestureCore.Words.Value { .text(String(self)) } }
extension Int: WordsValue { public var wordsValue: GestureCore.Words.Value { .text(String(self)) } }
extension Int32: WordsValue { public var wordsValue: GestureCore.Words.Value { .text(String(self)) } }

/// `{name}` → its value; a name with no value stays as written. The one
/// filling of a pattern: `Words.text` and the settings app's `L` use it.
public func fill<S: Sequence>(_ pattern: String, _ values: S) -> String where S.Element == (String, String) {
    guard pattern.contains("{") else { return pattern }
    var out = ""
    var rest = Substring(pattern)
    while let open = rest.firstIndex(of: "{") {
        out += rest[..<open]
        let after = rest[rest.index(after: open)...]
        if let close = after.firstIndex(of: "}"), let v = values.first(where: { $0.0 == after[..<close] })?.1 {
            out += v
            rest = after[after.index(after: close)...]
        } else {
            out += "{"
            rest = after
        }
    }
    return out + rest
}
