import GestureCore
import CYAML

/// YAML through libyaml, the parser Ruby's Psych wraps: the very parser
/// fusuma reads its own config with, so what fusuma reads, we read. Every
/// document (`---`) becomes a tree of mappings, sequences and scalars;
/// anchors and aliases are resolved. Our limits: nesting depth and the
/// number of nodes aliases may expand to (a few lines of aliases can stand
/// for billions of nodes). Errors carry libyaml's line and column.
enum YAMLReader {
    indirect enum Node {
        case scalar(String)
        case map([(key: String, value: Node, line: Int, column: Int)])
        case seq([Node])

        var map: [(key: String, value: Node, line: Int, column: Int)]? {
            if case .map(let m) = self { return m } else { return nil }
        }
        var scalar: String? {
            if case .scalar(let s) = self { return s } else { return nil }
        }
    }

    static let maximumDepth = 64
    /// Nodes a file may stand for, aliases expanded.
    static let maximumNodes = 100_000

    static func documents(_ text: String, file: String) throws(ImportError) -> [Node] {
        var text = ImportText.normalized(text)
        let result: Result<[Node], ImportError> = text.withUTF8 { utf8 in
            var builder = Builder(file: file)
            return builder.parse(utf8)
        }
        return try result.get()
    }

    /// Builds the trees from libyaml's events, with an explicit stack (no
    /// recursion, however deep the file nests).
    private struct Builder {
        let file: String

        /// An open mapping or sequence.
        struct Open {
            var isMap: Bool
            var anchor: String?
            var items: [Node] = []
            var entries: [(key: String, value: Node, line: Int, column: Int)] = []
            /// A mapping's key waiting for its value.
            var key: (text: String, line: Int, column: Int)?
            var size = 1
        }

        var stack: [Open] = []
        var documents: [Node] = []
        var anchors: [String: (node: Node, size: Int)] = [:]
        var nodes = 0

        init(file: String) { self.file = file }

        func error(_ message: String, _ mark: yaml_mark_t) -> ImportError {
            ImportError(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1, message: "YAML: " + message)
        }

        mutating func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> Result<[Node], ImportError> {
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) != 0 else {
                return .failure(ImportError(file: file, line: 1, column: 1, message: "YAML: out of memory"))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, utf8.baseAddress ?? UnsafePointer(bitPattern: 1)!, utf8.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    // As Psych (fusuma's reader) says it: the problem, what libyaml
                    // was reading, placed where that began.
                    let problem = parser.problem.map { String(cString: $0) } ?? "not YAML"
                    guard let context = parser.context.map({ String(cString: $0) }) else {
                        return .failure(error(problem, parser.problem_mark))
                    }
                    return .failure(error(problem + " " + context, parser.context_mark))
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return .success(documents) }
                if let e = handle(event) { return .failure(e) }
            }
        }

        mutating func handle(_ event: yaml_event_t) -> ImportError? {
            let mark = event.start_mark
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                anchors = [:]
            case YAML_SCALAR_EVENT:
                let s = event.data.scalar
                let text = Self.string(s.value, Int(s.length))
                return add(.scalar(text), size: 1, anchor: Self.anchor(s.anchor), mark: mark, keyText: text)
            case YAML_ALIAS_EVENT:
                let name = Self.anchor(event.data.alias.anchor) ?? ""
                guard let target = anchors[name] else { return error("unknown alias *\(name)", mark) }
                return add(target.node, size: target.size, anchor: nil, mark: mark, keyText: target.node.scalar)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                if let e = keyMustBeScalar(mark) { return e }
                guard stack.count < YAMLReader.maximumDepth else {
                    return error("nested deeper than \(YAMLReader.maximumDepth) levels", mark)
                }
                let anchor = event.type == YAML_MAPPING_START_EVENT ? Self.anchor(event.data.mapping_start.anchor)
                                                                   : Self.anchor(event.data.sequence_start.anchor)
                stack.append(Open(isMap: event.type == YAML_MAPPING_START_EVENT, anchor: anchor))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let open = stack.removeLast()
                let node: Node = open.isMap ? .map(open.entries) : .seq(open.items)
                return add(node, size: open.size, anchor: open.anchor, mark: mark, keyText: nil, counted: true)
            default:
                break
            }
            return nil
        }

        /// A mapping's key is a scalar (fusuma's are): a collection there is refused.
        func keyMustBeScalar(_ mark: yaml_mark_t) -> ImportError? {
            guard let top = stack.last, top.isMap, top.key == nil else { return nil }
            return error("a mapping key that is a mapping or a sequence", mark)
        }

        mutating func add(_ node: Node, size: Int, anchor: String?, mark: yaml_mark_t, keyText: String?,
                          counted: Bool = false) -> ImportError? {
            nodes += counted ? 0 : size
            guard nodes <= YAMLReader.maximumNodes else {
                return error("more than \(YAMLReader.maximumNodes) nodes, aliases expanded", mark)
            }
            if let anchor { anchors[anchor] = (node, size) }
            guard !stack.isEmpty else {
                documents.append(node)
                return nil
            }
            var top = stack.removeLast()
            defer { stack.append(top) }
            top.size += size
            if !top.isMap {
                top.items.append(node)
            } else if let key = top.key {
                top.entries.append((key.text, node, key.line, key.column))
                top.key = nil
            } else {
                guard let keyText else { return error("a mapping key that is a mapping or a sequence", mark) }
                top.key = (keyText, Int(mark.line) + 1, Int(mark.column) + 1)
            }
            return nil
        }

        static func string(_ p: UnsafeMutablePointer<yaml_char_t>?, _ count: Int) -> String {
            guard let p, count > 0 else { return "" }
            return String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)
        }

        static func anchor(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
    }
}
