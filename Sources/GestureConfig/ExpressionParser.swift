import GestureActions
import GestureCore

/// A mistake or warning inside a gesture expression, at a character offset.
public struct ExpressionIssue: Error, Hashable, Sendable {
    public var offset: Int
    public var length: Int
    /// What is wrong, in words the command says in the user's language.
    public var words: Words
    public var isWarning = false
    /// What is wrong, in English.
    public var message: String { words.description }

    public init(offset: Int, length: Int, _ words: Words, isWarning: Bool = false) {
        self.offset = offset
        self.length = length
        self.words = words
        self.isWarning = isWarning
    }

    public init(offset: Int, length: Int, message: String, isWarning: Bool = false) {
        self.init(offset: offset, length: length, Words.verbatim(message), isWarning: isWarning)
    }
}

/// config.md's gesture expressions, by recursive descent:
///
///     expr       := primary ( "." combinator )*
///     primary    := NAME "(" [ STRING [ "," ] ] [ arg ( "," arg )* ] ")"   (STRING: stroke's shape)
///     combinator := "simultaneously" "(" "with:" expr ")"
///                 | "sequenced" "(" "before:" expr ")"
///                 | "exclusively" "(" "before:" expr ")"
///     arg        := LABEL ":" value
///     value      := NUMBER [ "px" | "mm" | "ms" | "s" | "deg" | "px/s" | "mm/s" ] | "." IDENT | STRING | "true" | "false"
///
/// Gesture names are case-insensitive and take SwiftUI's names as aliases.
public struct ExpressionParser {
    /// The preset gestures' names (`GestureKind.all`).
    public static let gestureNames = GestureKind.all.map(\.name)
    /// "tap, longPress, ... or hold".
    static let namesInWords = Words.or(gestureNames)
    static let combinators: [String: String] = ["simultaneously": "with", "sequenced": "before", "exclusively": "before"]

    private let tokens: [Token]
    private var k = 0
    public private(set) var warnings: [ExpressionIssue] = []
    private let length: Int

    /// Parses `text`; warnings (deprecated names) are returned alongside.
    public static func parse(_ text: String) -> Result<(GestureSpec, [ExpressionIssue]), ExpressionIssue> {
        switch Lexer.tokens(text) {
        case .failure(let e): return .failure(e)
        case .success(let tokens):
            var p = ExpressionParser(tokens: tokens, length: text.count)
            do {
                let spec = try p.expression()
                if let t = p.current, t.kind != .end {
                    throw ExpressionIssue(offset: t.offset, length: t.text.count,
                                          Words("unexpected '{text}' after the gesture; combine gestures with .simultaneously(with:), .sequenced(before:) or .exclusively(before:)",
                                                ["text": t.text]))
                }
                return .success((spec, p.warnings))
            } catch let e as ExpressionIssue {
                return .failure(e)
            } catch {
                return .failure(ExpressionIssue(offset: 0, length: 1, message: "\(error)"))
            }
        }
    }

    private init(tokens: [Token], length: Int) {
        self.tokens = tokens
        self.length = length
    }

    private var current: Token? { k < tokens.count ? tokens[k] : nil }

    private mutating func next() -> Token {
        let t = tokens[k]
        if k < tokens.count - 1 { k += 1 }
        return t
    }

    private func issue(_ t: Token, _ words: Words) -> ExpressionIssue {
        ExpressionIssue(offset: t.offset, length: max(1, t.text.count), words)
    }

    private mutating func expect(_ kind: Token.Kind, _ what: Words) throws -> Token {
        let t = current!
        guard t.kind == kind else {
            throw issue(t, Words("expected {what}, found {got}", ["what": what, "got": Self.found(t)]))
        }
        return next()
    }

    /// What was found instead: the token, or the end.
    static func found(_ t: Token) -> Words {
        t.kind == .end ? Words("the end") : Words.verbatim("'\(t.text)'")
    }

    // MARK: Grammar

    private mutating func expression() throws -> GestureSpec {
        var spec = try primary()
        while current?.kind == .dot {
            _ = next()
            let name = try expect(.identifier, Words("a combinator (simultaneously, sequenced, exclusively) after '.'"))
            guard let label = Self.combinators[name.text] else {
                throw issue(name, Words("unknown combinator '{name}'{hint}; expected simultaneously(with:), sequenced(before:) or exclusively(before:)",
                                        ["name": name.text, "hint": Suggest.words(name.text, Array(Self.combinators.keys).sorted())]))
            }
            _ = try expect(.openParen, Words("'(' after '{name}'", ["name": name.text]))
            let l = try expect(.identifier, Words.verbatim("'\(label):'"))
            guard l.text == label else {
                throw issue(l, Words("'{name}' takes '{label}:', e.g. a.{name}({label}: b)", ["name": name.text, "label": label]))
            }
            _ = try expect(.colon, Words("':' after '{name}'", ["name": label]))
            let other = try expression()
            _ = try expect(.closeParen, Words("')' to close '{name}('", ["name": name.text]))
            switch name.text {
            case "simultaneously": spec = .simultaneously(spec, other)
            case "sequenced": spec = .sequenced(spec, other)
            default: spec = .exclusively(spec, other)
            }
        }
        return spec
    }

    private mutating func primary() throws -> GestureSpec {
        let name = try expect(.identifier, Words("a gesture ({names})", ["names": Self.gestureNames.joined(separator: ", ")]))
        guard let (kind, replacement) = GestureKind.named(name.text) else {
            throw issue(name, Words("unknown gesture '{name}'{hint}; expected {names}",
                                    ["name": name.text, "hint": Suggest.words(name.text, Self.gestureNames), "names": Self.namesInWords]))
        }
        let gesture = kind.name
        if let replacement {
            let message = Words("'{name}' is deprecated, as in SwiftUI; use {gesture} ({replacement})",
                                ["name": name.text, "gesture": gesture, "replacement": replacement])
            warnings.append(ExpressionIssue(offset: name.offset, length: name.text.count, message, isWarning: true))
        }
        _ = try expect(.openParen, Words("'(' after '{name}'", ["name": name.text]))
        var args = Arguments(kind)
        // `stroke("L")`: the shape first, without its label.
        if let t = current, t.kind == .string, let shape = kind.arguments.first(where: { $0.type == .shape }) {
            try args.set(Token(kind: .identifier, text: shape.label, offset: t.offset), try argumentValue())
            if current?.kind == .comma { _ = next() }
        }
        if current?.kind != .closeParen {
            while true {
                let label = try expect(.identifier, Words("an argument label, e.g. fingers:"))
                _ = try expect(.colon, Words("':' after '{name}'", ["name": label.text]))
                let value = try argumentValue()
                try args.set(label, value)
                if current?.kind == .comma { _ = next(); continue }
                break
            }
        }
        let close = try expect(.closeParen, Words("')' or ',' in {gesture}(...)", ["gesture": gesture]))
        if let shape = kind.arguments.first(where: { $0.type == .shape }), !args.has(shape.label) {
            throw issue(close, Words("{gesture} needs the name of a shape taught with `gesture-bridge teach`, e.g. {gesture}(\"L\")", ["gesture": gesture]))
        }
        return args.spec
    }

    private mutating func argumentValue() throws -> Value {
        let t = current!
        switch t.kind {
        case .number:
            _ = next()
            return Value(token: t, number: t.number, unit: t.unit, enumName: nil)
        case .dot:
            _ = next()
            let id = try expect(.identifier, Words("a name after '.', e.g. .left"))
            return Value(token: Token(kind: .identifier, text: "." + id.text, offset: t.offset), number: nil, unit: nil,
                         enumName: id.text)
        case .string:
            _ = next()
            return Value(token: t, number: nil, unit: nil, enumName: nil)
        case .identifier where t.text == "true" || t.text == "false":
            _ = next()
            return Value(token: t, number: nil, unit: nil, enumName: nil)
        default:
            throw issue(t, Words("expected a value (a number like 3 or 40px, or a name like .left), found {got}", ["got": Self.found(t)]))
        }
    }
}

// MARK: - Arguments

struct Value {
    let token: Token
    let number: Double?
    let unit: String?
    let enumName: String?
}

/// The arguments of one gesture, checked for name, type and unit against
/// its kind's (`GestureKind.all`).
struct Arguments {
    let kind: GestureKind
    private var given: [(GestureArgument, ArgumentValue)] = []

    init(_ kind: GestureKind) { self.kind = kind }

    static let directions = Direction.allCases.map { "." + $0.rawValue }.joined(separator: ", ")
    static let edges = Edge.allCases.map { "." + $0.rawValue }.joined(separator: ", ")

    mutating func set(_ label: Token, _ v: Value) throws {
        let name = label.text
        guard let argument = kind.arguments.first(where: { $0.label == name }) else {
            let accepted = kind.arguments.map(\.label)
            throw ExpressionIssue(offset: label.offset, length: name.count,
                                  Words("{gesture} has no argument '{name}'{hint}; it takes {labels}",
                                        ["gesture": kind.name, "name": name, "hint": Suggest.words(name, accepted),
                                         "labels": accepted.map { $0 + ":" }.joined(separator: ", ")]))
        }
        guard !given.contains(where: { $0.0.label == name }) else {
            throw ExpressionIssue(offset: label.offset, length: name.count, Words("'{name}' is given twice", ["name": name]))
        }
        given.append((argument, try Self.value(v, of: argument.type, for: name)))
    }

    /// `v` checked for an argument of type `type` named `name`.
    static func value(_ v: Value, of type: ArgumentType, for name: String) throws -> ArgumentValue {
        func bad(_ what: Words) -> ExpressionIssue {
            ExpressionIssue(offset: v.token.offset, length: max(1, v.token.text.count), Words("'{name}' takes {what}", ["name": name, "what": what]))
        }
        switch type {
        case .fingers, .count:
            guard let n = v.number, v.unit == nil, n == n.rounded(), n >= 1, n <= 10 else {
                throw bad(type == .fingers ? Words("a whole number of fingers from 1 to 10, e.g. fingers: 3")
                                           : Words("a whole number of taps from 1 to 10, e.g. count: 2"))
            }
            return .whole(Int(n))
        case .edge:
            guard let e = v.enumName.flatMap(Edge.init(rawValue:)) else {
                throw ExpressionIssue(offset: v.token.offset, length: max(1, v.token.text.count),
                                      Words("unknown edge '{edge}'; expected {edges}", ["edge": v.token.text, "edges": Self.edges]))
            }
            return .edge(e)
        case .direction:
            guard let d = v.enumName.flatMap(Direction.init(rawValue:)) else {
                throw ExpressionIssue(offset: v.token.offset, length: max(1, v.token.text.count),
                                      Words("unknown direction '{direction}'; expected {directions}", ["direction": v.token.text, "directions": Self.directions]))
            }
            return .direction(d)
        case .duration:
            guard let n = v.number, n >= 0 else { throw bad(Words("a duration, e.g. 0.6s or 600ms")) }
            switch v.unit {
            case nil, "s": return .number(n)
            case "ms": return .number(n / 1000)
            default: throw bad(Words("a duration in s or ms, e.g. 0.6s, not {unit}", ["unit": v.unit!]))
            }
        case .length:
            guard let n = v.number, n >= 0 else { throw bad(Words("a length, e.g. 40px or 10mm")) }
            switch v.unit {
            case nil, "px": return .length(.px(n))
            case "mm": return .length(.mm(n))
            default: throw bad(Words("a length in px or mm, e.g. 40px, not {unit}", ["unit": v.unit!]))
            }
        case .speed:
            guard let n = v.number, n >= 0 else { throw bad(Words("a speed, e.g. 300px/s")) }
            switch v.unit {
            case nil, "px/s": return .speed(Speed(.px(n)))
            case "mm/s": return .speed(Speed(.mm(n)))
            default: throw bad(Words("a speed in px/s or mm/s, e.g. 300px/s, not {unit}", ["unit": v.unit!]))
            }
        case .angle:
            guard let n = v.number, n >= 0, n <= 180, v.unit == nil || v.unit == "deg" else {
                throw bad(Words("an angle from 0 to 180 in deg, e.g. 20deg"))
            }
            return .number(n)
        case .scale:
            guard let n = v.number, v.unit == nil, n > 0, n < 10 else {
                throw bad(Words("a scale change greater than 0 without a unit, e.g. 0.05"))
            }
            return .number(n)
        case .button:
            guard let n = v.number, v.unit == nil, n == n.rounded(), n >= 1, n <= 255, !(4...7).contains(n) else {
                throw bad(Words("a pointer button from 1 to 255 other than the wheel's 4 to 7, e.g. button: 3"))
            }
            return .whole(Int(n))
        case .shape:
            let inner = String(v.token.text.dropFirst().dropLast())
            guard v.token.kind == .string, !inner.isEmpty else { throw bad(Words("a shape's name in quotes, e.g. \"L\"")) }
            return .text(inner)
        case .flag:
            guard v.token.kind == .identifier, v.token.text == "true" || v.token.text == "false" else {
                throw bad(Words("true or false"))
            }
            return .flag(v.token.text == "true")
        }
    }

    var spec: GestureSpec { kind.make(given) }

    func has(_ label: String) -> Bool { given.contains { $0.0.label == label } }
}
