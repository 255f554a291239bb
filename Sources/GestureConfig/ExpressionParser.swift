import GestureCore

/// A mistake or warning inside a gesture expression, at a character offset.
public struct ExpressionIssue: Error, Hashable, Sendable {
    public var offset: Int
    public var length: Int
    public var message: String
    public var isWarning = false
}

/// config.md's gesture expressions, by recursive descent:
///
///     expr       := primary ( "." combinator )*
///     primary    := NAME "(" [ arg ( "," arg )* ] ")"
///     combinator := "simultaneously" "(" "with:" expr ")"
///                 | "sequenced" "(" "before:" expr ")"
///                 | "exclusively" "(" "before:" expr ")"
///     arg        := LABEL ":" value
///     value      := NUMBER [ "px" | "mm" | "ms" | "s" | "deg" | "px/s" | "mm/s" ] | "." IDENT | STRING
///
/// Gesture names are case-insensitive and take SwiftUI's names as aliases.
public struct ExpressionParser {
    public static let gestureNames = ["tap", "longPress", "drag", "swipe", "magnify", "rotate", "hold"]
    static let aliases: [String: String] = [
        "tap": "tap", "tapgesture": "tap", "spatialtapgesture": "tap",
        "longpress": "longPress", "longpressgesture": "longPress",
        "drag": "drag", "draggesture": "drag",
        "swipe": "swipe",
        "magnify": "magnify", "magnifygesture": "magnify", "pinch": "magnify",
        "rotate": "rotate", "rotategesture": "rotate",
        "hold": "hold",
    ]
    static let deprecated: [String: (String, String)] = [
        "magnificationgesture": ("magnify", "MagnifyGesture"),
        "rotationgesture": ("rotate", "RotateGesture"),
    ]
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
                                          message: "unexpected '\(t.text)' after the gesture; combine gestures with "
                                              + ".simultaneously(with:), .sequenced(before:) or .exclusively(before:)")
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

    private func issue(_ t: Token, _ message: String) -> ExpressionIssue {
        ExpressionIssue(offset: t.offset, length: max(1, t.text.count), message: message)
    }

    private mutating func expect(_ kind: Token.Kind, _ what: String) throws -> Token {
        let t = current!
        guard t.kind == kind else {
            let got = t.kind == .end ? "the end" : "'\(t.text)'"
            throw issue(t, "expected \(what), found \(got)")
        }
        return next()
    }

    // MARK: Grammar

    private mutating func expression() throws -> GestureSpec {
        var spec = try primary()
        while current?.kind == .dot {
            _ = next()
            let name = try expect(.identifier, "a combinator (simultaneously, sequenced, exclusively) after '.'")
            guard let label = Self.combinators[name.text] else {
                throw issue(name, "unknown combinator '\(name.text)'\(Suggest.phrase(name.text, Array(Self.combinators.keys).sorted()))"
                    + "; expected simultaneously(with:), sequenced(before:) or exclusively(before:)")
            }
            _ = try expect(.openParen, "'(' after '\(name.text)'")
            let l = try expect(.identifier, "'\(label):'")
            guard l.text == label else {
                throw issue(l, "'\(name.text)' takes '\(label):', e.g. a.\(name.text)(\(label): b)")
            }
            _ = try expect(.colon, "':' after '\(label)'")
            let other = try expression()
            _ = try expect(.closeParen, "')' to close '\(name.text)('")
            switch name.text {
            case "simultaneously": spec = .simultaneously(spec, other)
            case "sequenced": spec = .sequenced(spec, other)
            default: spec = .exclusively(spec, other)
            }
        }
        return spec
    }

    private mutating func primary() throws -> GestureSpec {
        let name = try expect(.identifier, "a gesture (tap, longPress, drag, swipe, magnify, rotate, hold)")
        let lower = name.text.lowercased()
        var gesture: String
        if let g = Self.aliases[lower] {
            gesture = g
        } else if let (g, replacement) = Self.deprecated[lower] {
            gesture = g
            warnings.append(ExpressionIssue(offset: name.offset, length: name.text.count,
                                            message: "'\(name.text)' is deprecated, as in SwiftUI; use \(g) (\(replacement))",
                                            isWarning: true))
        } else {
            throw issue(name, "unknown gesture '\(name.text)'\(Suggest.phrase(name.text, Self.gestureNames))"
                + "; expected tap, longPress, drag, swipe, magnify, rotate or hold")
        }
        _ = try expect(.openParen, "'(' after '\(name.text)'")
        var args = Arguments(gesture: gesture)
        if current?.kind != .closeParen {
            while true {
                let label = try expect(.identifier, "an argument label, e.g. fingers:")
                _ = try expect(.colon, "':' after '\(label.text)'")
                let value = try argumentValue()
                try args.set(label, value)
                if current?.kind == .comma { _ = next(); continue }
                break
            }
        }
        _ = try expect(.closeParen, "')' or ',' in \(gesture)(...)")
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
            let id = try expect(.identifier, "a name after '.', e.g. .left")
            return Value(token: Token(kind: .identifier, text: "." + id.text, offset: t.offset), number: nil, unit: nil,
                         enumName: id.text)
        case .string:
            _ = next()
            return Value(token: t, number: nil, unit: nil, enumName: nil)
        default:
            let got = t.kind == .end ? "the end" : "'\(t.text)'"
            throw issue(t, "expected a value (a number like 3 or 40px, or a name like .left), found \(got)")
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

/// The arguments of one gesture, checked for name, type and unit.
struct Arguments {
    let gesture: String
    private var seen: Set<String> = []
    private var common = CommonArguments()
    private var count: Int?
    private var durations: [String: Seconds] = [:]
    private var lengths: [String: Length] = [:]
    private var numbers: [String: Double] = [:]
    private var direction: Direction?
    private var velocity: Speed?

    init(gesture: String) { self.gesture = gesture }

    static let accepted: [String: [String]] = [
        "tap": ["count", "fingers", "from", "edgeWidth"],
        "longPress": ["minimumDuration", "maximumDistance", "fingers", "from", "edgeWidth"],
        "drag": ["minimumDistance", "fingers", "from", "edgeWidth"],
        "swipe": ["direction", "fingers", "minimumDistance", "minimumVelocity", "maximumDeviation", "from", "edgeWidth"],
        "magnify": ["minimumScaleDelta", "fingers", "from", "edgeWidth"],
        "rotate": ["minimumAngleDelta", "fingers", "from", "edgeWidth"],
        "hold": ["minimumDuration", "maximumDistance", "fingers", "from", "edgeWidth"],
    ]

    static let directions = Direction.allCases.map { "." + $0.rawValue }.joined(separator: ", ")
    static let edges = Edge.allCases.map { "." + $0.rawValue }.joined(separator: ", ")

    mutating func set(_ label: Token, _ v: Value) throws {
        let name = label.text
        let accepted = Self.accepted[gesture]!
        guard accepted.contains(name) else {
            throw ExpressionIssue(offset: label.offset, length: name.count,
                                  message: "\(gesture) has no argument '\(name)'\(Suggest.phrase(name, accepted)); "
                                      + "it takes " + accepted.map { $0 + ":" }.joined(separator: ", "))
        }
        guard seen.insert(name).inserted else {
            throw ExpressionIssue(offset: label.offset, length: name.count, message: "'\(name)' is given twice")
        }
        func bad(_ what: String) -> ExpressionIssue {
            ExpressionIssue(offset: v.token.offset, length: max(1, v.token.text.count), message: "'\(name)' takes \(what)")
        }
        switch name {
        case "fingers", "count":
            guard let n = v.number, v.unit == nil, n == n.rounded(), n >= 1, n <= 10 else {
                throw bad(name == "fingers" ? "a whole number of fingers from 1 to 10, e.g. fingers: 3"
                                            : "a whole number of taps from 1 to 10, e.g. count: 2")
            }
            if name == "fingers" { common.fingers = Int(n) } else { count = Int(n) }
        case "from":
            guard let e = v.enumName.flatMap(Edge.init(rawValue:)) else {
                throw ExpressionIssue(offset: v.token.offset, length: max(1, v.token.text.count),
                                      message: "unknown edge '\(v.token.text)'; expected \(Self.edges)")
            }
            common.from = e
        case "direction":
            guard let d = v.enumName.flatMap(Direction.init(rawValue:)) else {
                throw ExpressionIssue(offset: v.token.offset, length: max(1, v.token.text.count),
                                      message: "unknown direction '\(v.token.text)'; expected \(Self.directions)")
            }
            direction = d
        case "minimumDuration":
            guard let n = v.number, n >= 0 else { throw bad("a duration, e.g. 0.6s or 600ms") }
            switch v.unit {
            case nil, "s": durations[name] = n
            case "ms": durations[name] = n / 1000
            default: throw bad("a duration in s or ms, e.g. 0.6s, not \(v.unit!)")
            }
        case "minimumDistance", "maximumDistance", "edgeWidth":
            guard let n = v.number, n >= 0 else { throw bad("a length, e.g. 40px or 10mm") }
            switch v.unit {
            case nil, "px": lengths[name] = .px(n)
            case "mm": lengths[name] = .mm(n)
            default: throw bad("a length in px or mm, e.g. 40px, not \(v.unit!)")
            }
        case "minimumVelocity":
            guard let n = v.number, n >= 0 else { throw bad("a speed, e.g. 300px/s") }
            switch v.unit {
            case nil, "px/s": velocity = Speed(.px(n))
            case "mm/s": velocity = Speed(.mm(n))
            default: throw bad("a speed in px/s or mm/s, e.g. 300px/s, not \(v.unit!)")
            }
        case "maximumDeviation", "minimumAngleDelta":
            guard let n = v.number, n >= 0, n <= 180, v.unit == nil || v.unit == "deg" else {
                throw bad("an angle from 0 to 180 in deg, e.g. 20deg")
            }
            numbers[name] = n
        case "minimumScaleDelta":
            guard let n = v.number, v.unit == nil, n > 0, n < 10 else {
                throw bad("a scale change greater than 0 without a unit, e.g. 0.05")
            }
            numbers[name] = n
        default:
            break
        }
    }

    var spec: GestureSpec {
        var common = common
        common.edgeWidth = lengths["edgeWidth"]
        switch gesture {
        case "tap": return .tap(TapSpec(count: count ?? 1, common: common))
        case "longPress":
            return .longPress(LongPressSpec(minimumDuration: durations["minimumDuration"],
                                            maximumDistance: lengths["maximumDistance"], common: common))
        case "drag": return .drag(DragSpec(minimumDistance: lengths["minimumDistance"], common: common))
        case "swipe":
            return .swipe(SwipeSpec(direction: direction, minimumDistance: lengths["minimumDistance"],
                                    minimumVelocity: velocity, maximumDeviation: numbers["maximumDeviation"],
                                    common: common))
        case "magnify": return .magnify(MagnifySpec(minimumScaleDelta: numbers["minimumScaleDelta"], common: common))
        case "rotate": return .rotate(RotateSpec(minimumAngleDelta: numbers["minimumAngleDelta"], common: common))
        default:
            return .hold(HoldSpec(minimumDuration: durations["minimumDuration"],
                                  maximumDistance: lengths["maximumDistance"], common: common))
        }
    }
}

// MARK: - Lexer

struct Token: Hashable {
    enum Kind: Hashable { case identifier, number, string, dot, openParen, closeParen, comma, colon, end }
    var kind: Kind
    var text: String
    var offset: Int
    var number: Double? = nil
    var unit: String? = nil
}

enum Lexer {
    static let units = ["px/s", "mm/s", "px", "mm", "ms", "s", "deg"]

    static func tokens(_ text: String) -> Result<[Token], ExpressionIssue> {
        let c = Array(text)
        var out: [Token] = []
        var i = 0
        while i < c.count {
            let ch = c[i]
            if ch == " " || ch == "\t" || ch == "\n" { i += 1; continue }
            let start = i
            switch ch {
            case "(": out.append(Token(kind: .openParen, text: "(", offset: i)); i += 1
            case ")": out.append(Token(kind: .closeParen, text: ")", offset: i)); i += 1
            case ",": out.append(Token(kind: .comma, text: ",", offset: i)); i += 1
            case ":": out.append(Token(kind: .colon, text: ":", offset: i)); i += 1
            case "\"":
                i += 1
                while i < c.count, c[i] != "\"" { i += 1 }
                guard i < c.count else {
                    return .failure(ExpressionIssue(offset: start, length: c.count - start, message: "unterminated string"))
                }
                i += 1
                out.append(Token(kind: .string, text: String(c[start..<i]), offset: start))
            case ".":
                if i + 1 < c.count, c[i + 1].isNumber { fallthrough }
                out.append(Token(kind: .dot, text: ".", offset: i)); i += 1
            default:
                if ch.isNumber || ch == "." || ch == "-" {
                    i += 1
                    while i < c.count, c[i].isNumber || c[i] == "." { i += 1 }
                    let digits = String(c[start..<i])
                    guard let n = Double(digits), n.isFinite else {
                        return .failure(ExpressionIssue(offset: start, length: i - start, message: "'\(digits)' is not a number"))
                    }
                    var unitText: String? = nil
                    if i < c.count, c[i].isLetter {
                        var j = i
                        while j < c.count, c[j].isLetter || c[j] == "/" { j += 1 }
                        let u = String(c[i..<j])
                        guard units.contains(u) else {
                            return .failure(ExpressionIssue(offset: i, length: j - i,
                                                            message: "unknown unit '\(u)'\(Suggest.phrase(u, units)); expected px, mm, ms, s, deg, px/s or mm/s"))
                        }
                        unitText = u
                        i = j
                    }
                    out.append(Token(kind: .number, text: String(c[start..<i]), offset: start, number: n, unit: unitText))
                } else if ch.isLetter || ch == "_" {
                    while i < c.count, c[i].isLetter || c[i].isNumber || c[i] == "_" { i += 1 }
                    out.append(Token(kind: .identifier, text: String(c[start..<i]), offset: start))
                } else {
                    return .failure(ExpressionIssue(offset: i, length: 1, message: "unexpected character '\(ch)' in the gesture"))
                }
            }
        }
        out.append(Token(kind: .end, text: "", offset: c.count))
        return .success(out)
    }
}

import GestureActions
