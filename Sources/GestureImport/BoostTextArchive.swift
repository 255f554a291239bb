import GestureCore
/// A reader of Boost.Serialization's text archives (`text_oarchive`), the
/// format easystroke saves its actions in. The archive holds no schema: the
/// reader is told what comes next, as the C++ `serialize` functions load it,
/// and keeps the bookkeeping the archive's preambles need:
/// - `22 serialization::archive LIB` first (LIB: the library's version);
/// - an object of a class seen for the first time is preceded by its class
///   info, tracking level and version (the text archive drops the class id);
///   an object of a tracked class by its object id;
/// - a pointer by its class id (-1: null); a class id seen for the first time
///   by, for a polymorphic class, its exported name (`7 Command`), and its
///   class info; then, when tracked, an object id: a new object, or one below
///   the count of objects read so far, a reference to that one;
/// - a collection by its count and, past library version 3, its items'
///   version; a string by its length, one space and that many bytes.
/// Every error says where (line:column) and what was expected.
struct BoostTextArchive {
    struct Failure: Error { var offset: Int, message: String }

    private let bytes: [UInt8]
    private(set) var offset = 0
    private(set) var library = 0
    /// Classes in order of first appearance (their class ids): name, tracked, version.
    private var classes: [(name: String, tracked: Bool, version: Int)] = []
    private var objects = 0

    init(_ text: String) throws(Failure) {
        bytes = Array(text.utf8)
        // A binary archive starts with its signature's length as 8 bytes.
        if bytes.first == 0x16 && bytes.dropFirst().first == 0 {
            throw Failure(offset: 0, message: "a Boost binary archive: not read (easystroke writes text archives; this was made by something else)")
        }
        guard bytes.first.map({ $0 >= 0x30 && $0 <= 0x39 }) ?? false else {
            let start = String(decoding: bytes.prefix(24), as: UTF8.self).split(separator: "\n").first ?? ""
            throw Failure(offset: 0, message: "not a Boost text archive: expected '22 serialization::archive', found '\(start)'")
        }
        guard try string() == "serialization::archive" else {
            throw Failure(offset: 0, message: "not a Boost.Serialization text archive (no 'serialization::archive' signature)")
        }
        let at = here()
        library = try int("the archive's library version")
        guard (3...30).contains(library) else {
            throw Failure(offset: at, message: "archive library version \(library): not one Boost has written (3 to 30 are read; easystroke's files have 9 to 17)")
        }
    }

    /// Where byte `offset` of `text` is, for an error.
    static func place(_ offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in text.utf8.prefix(offset) {
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    // MARK: Tokens

    private mutating func skipSpace() {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x09 || bytes[offset] == 0x0D {
            offset += 1
        }
    }

    private mutating func token(_ what: String) throws(Failure) -> (String, Int) {
        skipSpace()
        let start = offset
        while offset < bytes.count, bytes[offset] > 0x20 { offset += 1 }
        guard offset > start else { throw Failure(offset: start, message: "expected \(what), found the end of the file") }
        return (String(decoding: bytes[start..<offset], as: UTF8.self), start)
    }

    mutating func int(_ what: String) throws(Failure) -> Int {
        let (t, at) = try token(what)
        guard let v = Int(t) else { throw Failure(offset: at, message: "expected \(what) (a whole number), found '\(t.prefix(20))'") }
        return v
    }

    mutating func double(_ what: String) throws(Failure) -> Double {
        let (t, at) = try token(what)
        guard let v = Double(t) else { throw Failure(offset: at, message: "expected \(what) (a number), found '\(t.prefix(20))'") }
        return v
    }

    mutating func bool(_ what: String) throws(Failure) -> Bool {
        let start = here()
        switch try int(what) {
        case 0: return false
        case 1: return true
        default: throw Failure(offset: start, message: "expected \(what) (0 or 1)")
        }
    }

    /// `LENGTH BYTES`: the bytes may hold spaces and newlines.
    mutating func string(_ what: String = "a string") throws(Failure) -> String {
        let n = try int("the length of \(what)")
        guard n >= 0, n <= bytes.count - offset - (n > 0 ? 1 : 0) else {
            throw Failure(offset: offset, message: "\(what) of \(n) bytes runs past the end of the file")
        }
        if n == 0 { return "" }
        offset += 1   // the one space after the length
        defer { offset += n }
        return String(decoding: bytes[offset..<offset + n], as: UTF8.self)
    }

    /// The line of the next token, for what is said about it (counted on
    /// from where it was last asked: the reader only goes forwards).
    var line: Int {
        mutating get {
            let o = here()
            while counted < o {
                if bytes[counted] == 0x0A { lines += 1 }
                counted += 1
            }
            return lines
        }
    }
    private var counted = 0, lines = 1
    /// Where the last class name read starts (a polymorphic pointer's, `7 Command`).
    private(set) var classNameAt = 0

    /// Where the next token starts, for an error about it.
    mutating func here() -> Int {
        skipSpace()
        return offset
    }

    /// Nothing but white space is left.
    mutating func end(_ what: String) throws(Failure) {
        skipSpace()
        guard offset == bytes.count else { throw Failure(offset: offset, message: "unexpected data after \(what)") }
    }

    // MARK: Preambles

    /// An object of class `name` (not through a pointer): its class info the
    /// first time, its object id when its class is tracked. Returns its
    /// class's version.
    mutating func object(_ name: String) throws(Failure) -> Int {
        let c: (name: String, tracked: Bool, version: Int)
        if let known = classes.first(where: { $0.name == name }) {
            c = known
        } else {
            c = (name, try bool("\(name)'s tracking level"), try int("\(name)'s version"))
            classes.append(c)
        }
        if c.tracked {
            let at = here()
            let id = try int("\(name)'s object id")
            guard id == objects else { throw Failure(offset: at, message: "object id \(id) for \(name): expected \(objects) (a second copy of an object is not read)") }
            objects += 1
        }
        return c.version
    }

    /// A collection's count and its items' version.
    mutating func collection(_ name: String) throws(Failure) -> (count: Int, itemVersion: Int) {
        _ = try object(name)
        let at = here()
        let count = try int("the count of \(name)")
        guard count >= 0, count <= bytes.count else { throw Failure(offset: at, message: "\(count) items in \(name): more than the file could hold") }
        return (count, library > 3 ? try int("the version of \(name)'s items") : 0)
    }

    enum Pointer { case null, new(id: Int, className: String, version: Int), reference(id: Int) }

    /// A pointer. `name`: its class; nil for a polymorphic one, whose class
    /// the archive names (`7 Command`) the first time.
    mutating func pointer(_ name: String?) throws(Failure) -> Pointer {
        let at = here()
        let cid = try int("a class id")
        if cid == -1 { return .null }
        let c: (name: String, tracked: Bool, version: Int)
        if cid < -1 {
            throw Failure(offset: at, message: "class id \(cid): expected -1 (a null pointer) to \(classes.count)")
        } else if cid < classes.count {
            c = classes[cid]
            if let name, c.name != name { throw Failure(offset: at, message: "class id \(cid) is \(c.name), expected \(name)") }
        } else if cid == classes.count {
            var className = name ?? ""
            if name == nil {
                classNameAt = here()
                className = try string("a class name")
            }
            c = (className, try bool("\(className)'s tracking level"), try int("\(className)'s version"))
            classes.append(c)
        } else {
            throw Failure(offset: at, message: "class id \(cid): expected at most \(classes.count)")
        }
        guard c.tracked else { return .new(id: -1, className: c.name, version: c.version) }
        let idAt = here()
        let id = try int("an object id")
        if id < objects { return .reference(id: id) }
        guard id == objects else { throw Failure(offset: idAt, message: "object id \(id): expected \(objects) or less") }
        objects += 1
        return .new(id: id, className: c.name, version: c.version)
    }
}
