import GestureCore
// The tokens of a gesture expression (ExpressionParser.swift reads them).

import GestureActions

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
                    return .failure(ExpressionIssue(offset: start, length: c.count - start, Words("unterminated string")))
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
                        return .failure(ExpressionIssue(offset: start, length: i - start, Words("'{text}' is not a number", ["text": digits])))
                    }
                    var unitText: String? = nil
                    if i < c.count, c[i].isLetter {
                        var j = i
                        while j < c.count, c[j].isLetter || c[j] == "/" { j += 1 }
                        let u = String(c[i..<j])
                        guard units.contains(u) else {
                            return .failure(ExpressionIssue(offset: i, length: j - i,
                                                            Words("unknown unit '{unit}'{hint}; expected px, mm, ms, s, deg, px/s or mm/s", ["unit": u, "hint": Suggest.words(u, units)])))
                        }
                        unitText = u
                        i = j
                    }
                    out.append(Token(kind: .number, text: String(c[start..<i]), offset: start, number: n, unit: unitText))
                } else if ch.isLetter || ch == "_" {
                    while i < c.count, c[i].isLetter || c[i].isNumber || c[i] == "_" { i += 1 }
                    out.append(Token(kind: .identifier, text: String(c[start..<i]), offset: start))
                } else {
                    return .failure(ExpressionIssue(offset: i, length: 1, Words("unexpected character '{character}' in the gesture", ["character": String(ch)])))
                }
            }
        }
        out.append(Token(kind: .end, text: "", offset: c.count))
        return .success(out)
    }
}
