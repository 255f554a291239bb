#if canImport(Glibc)
import Glibc
#endif

/// A state machine's table as the docs print it, made from its table
/// test's rows (`TransitionRow`s): those rows are the one copy of the
/// table. The code's comment points to them, and the docs hold this print
/// between `<!-- state-table: NAME -->` and `<!-- /state-table -->`;
/// scripts/state-tables.py runs the `stateTable` tests with
/// STATE_TABLES_DIR set, puts each NAME.md written there into the docs
/// (--write), or fails where the docs say otherwise (the default, CI's).
///
/// The tests print it, rather than a script reading the Swift text, because
/// the rows are values built by helpers and shared fixtures (a session with
/// a frame held back, a grab below the window manager): only the compiled
/// test has them. Each suite says how its states, events and outcomes read
/// in a cell (its `label`s beside its rows), so a row that changes its
/// values changes its line in the docs, and a row added adds one.
public struct StateTable {
    /// The marker's NAME, and the file it is printed to.
    public var name: String
    /// Where the rows are: "FollowMachineTests.rows (Tests/WindowFollowingTests/FollowMachineTests.swift)".
    public var source: String
    public var columns: [String]
    public var rows: [[String]]

    public init(name: String, source: String, columns: [String], rows: [[String]]) {
        self.name = name
        self.source = source
        self.columns = columns
        self.rows = rows
    }

    public var markdown: String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingAll("|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        return (["<!-- printed from \(source) by scripts/state-tables.py --write: change the rows, not this table -->",
                 line(columns), "|" + String(repeating: "---|", count: columns.count)]
                + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// Written to $STATE_TABLES_DIR/NAME.md when that is set; the problem, if writing failed.
    public func publish() -> String? {
        guard let dir = getenv("STATE_TABLES_DIR").map({ String(cString: $0) }), !dir.isEmpty else { return nil }
        let path = dir + "/" + name + ".md"
        guard let f = fopen(path, "w") else { return "\(path): cannot be written (errno \(errno))" }
        defer { fclose(f) }
        return fputs(markdown, f) < 0 ? "\(path): write failed (errno \(errno))" : nil
    }
}

extension String {
    /// `other` when this is empty (an empty cell says "—").
    public func ifEmpty(_ other: String) -> String { isEmpty ? other : self }

    /// Every `target` replaced (no Foundation in these tests).
    public func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
