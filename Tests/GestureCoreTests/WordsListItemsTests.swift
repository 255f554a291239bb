@testable import GestureCore
import GestureTesting
import Testing

/// `Words.listItems` cuts a value at ", " as the string-separator `split`
/// did (which the daemon no longer calls: it lives in _StringProcessing,
/// which it brought into the static daemon whole). The tests may link that
/// library: the overload is the reference.
@Suite struct WordsListItemsTests {
    static func reference(_ text: String) -> [String] {
        text.split(separator: ", ", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(arguments: ["", ",", " ", ", ", ",,", ", , ", ",  ", ",, ", "a", "a, b", "a,b, c", "a, , b", ", a, ",
                      "a, b, c", "é, e\u{301}, ,\u{301} x", "a,\u{301} b"])
    func edges(_ text: String) {
        #expect(Words.listItems(text) == Self.reference(text))
    }

    @Test func randomTextsOfCommasSpacesAndMarks() {
        let alphabet: [String] = [",", " ", "a", "é", "\u{301}", ", "]
        var rng = SplitMix64(seed: 62)
        for _ in 0..<20_000 {
            let text = (0..<Int(rng.next() % 12)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
            #expect(Words.listItems(text) == Self.reference(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func aListOfKnownWordsIsReadAsItsItems() {
        let patterns = [Words("with {list}"), Words("left"), Words("right")]
        let read = Words.read("with left, right", as: patterns)
        #expect(read?.msgid == "with {list}")
        #expect(read?.description == "with left, right")
        guard case .words(let list)? = read?.values.first?.value else {
            Issue.record("the list was not read as words: \(String(describing: read))")
            return
        }
        #expect(list.msgid == "{i}, {ii}")
        #expect(list.values.map(\.value) == [.words(Words("left")), .words(Words("right"))])
    }
}
