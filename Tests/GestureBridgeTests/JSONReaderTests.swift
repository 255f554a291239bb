import GestureTraces
import Testing

/// The trace and monitor lines' JSON reader: objects and arrays, empty and
/// nested, and the column and words of each mistake inside them.
@Suite struct JSONReaderTests {
    /// A value written back compactly, with each member's column: what the
    /// reader understood.
    static func written(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let n): return "\(n)"
        case .string(let s): return "'\(s)'"
        case .array(let items): return "[" + items.map(written).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { "\($0.key)@\($0.column):" + written($0.value) }.joined(separator: ",") + "}"
        }
    }

    @Test(arguments: [
        ("{}", "{}"),
        ("[]", "[]"),
        (" { } ", "{}"),
        ("[ ]", "[]"),
        (#"{"a": 1}"#, "{a@7:1.0}"),
        (#"{ "a" : [ 1 , { } , [ ] , "x" ] , "b" : null }"#, "{a@9:[1.0,{},[],'x'],b@41:null}"),
        (#"[[1,[2,[]]],{"k":{"j":true}}]"#, "[[1.0,[2.0,[]]],{k@18:{j@23:true}}]"),
    ])
    func readsObjectsAndArrays(text: String, understood: String) throws {
        #expect(Self.written(try JSONValue.parse(Substring(text))) == understood)
    }

    @Test(arguments: [
        (#"{"a": 1"#, 8, "unexpected end of line inside an object"),
        (#"{"a": 1 "b": 2}"#, 9, "expected ',' or '}'"),
        ("[1, 2", 6, "unexpected end of line inside an array"),
        ("[1 2]", 4, "expected ',' or ']'"),
        ("[1,]", 4, "expected a JSON value"),
        ("{1: 2}", 2, "expected a key in quotes"),
        (#"{"a" 1}"#, 6, "expected ':' after the key"),
        (#"{"a": 1,}"#, 9, "expected a key in quotes"),
        ("{", 2, "expected a key in quotes"),
        ("[", 2, "unexpected end of line"),
        (#"[{"a": [1}]"#, 10, "expected ',' or ']'"),
        ("{} x", 4, "unexpected text after the JSON value"),
    ])
    func saysWhereAnObjectOrArrayGoesWrong(text: String, column: Int, message: String) {
        do throws(JSONError) {
            let v = try JSONValue.parse(Substring(text))
            Issue.record("\(text) read as \(Self.written(v))")
        } catch {
            #expect(error.column == column && error.message == message, "\(text): \(error.column): \(error.message)")
        }
    }
}
