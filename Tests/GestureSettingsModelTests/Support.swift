import Foundation
import GestureConfig
import GestureCore
import GestureSettingsModel
import Testing

/// A loader that sees only the built-in keymaps and a GNOME session (as GestureConfigTests').
func testLoader(desktop: String? = "GNOME") -> ConfigLoader {
    var env = ["HOME": "/nonexistent"]
    if let desktop { env["XDG_CURRENT_DESKTOP"] = desktop }
    return ConfigLoader(keymaps: KeymapStore(directories: []), environment: env)
}

/// A file of the repository: `Tests/Settings/fixtures/full.toml`.
func repositoryPath(_ path: String, file: String = #filePath) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Tests/GestureSettingsModelTests/Support.swift
    return parts.joined(separator: "/") + "/" + path
}

func fixture(_ name: String) -> String {
    try! String(contentsOfFile: repositoryPath("Tests/Settings/fixtures/" + name), encoding: .utf8)
}

func document(_ text: String, name: String = "config.toml") -> SettingsDocument {
    SettingsDocument(text: text, fileName: name, loader: testLoader())
}

/// Configs people wrote or read, each with a name for the test's arguments:
/// the rich fixture (LF and CRLF), the default config `init` writes (and
/// with every example block switched on), the spec's and docs' examples,
/// and the configs `import` made of real users' touchegg, fusuma and
/// libinput-gestures files (Tests/Import).
let realConfigs: [(name: String, text: String)] = {
    var out: [(String, String)] = [
        ("full.toml", fixture("full.toml")),
        ("full.toml (CRLF)", fixture("full.toml").replacingOccurrences(of: "\n", with: "\r\n")),
        ("tricky.toml", fixture("tricky.toml")),
        ("tricky.toml (CRLF)", fixture("tricky.toml").replacingOccurrences(of: "\n", with: "\r\n")),
        ("default config", DefaultConfig.text),
        ("default config, every example on", everyExampleOn(DefaultConfig.text)),
        ("spec config.md example", tomlBlocks(repositoryPath("../shared/spec/config.md")).first ?? ""),
        ("README example", "version = 1\n" + (tomlBlocks(repositoryPath("README.md")).first ?? "").replacingOccurrences(of: "version = 1\n", with: "")),
    ]
    // docs/config.md's [[device]] example, indented in a list item.
    if let devices = tomlBlocks(repositoryPath("docs/config.md")).first {
        out.append(("docs/config.md example", devices.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")))
    }
    // The hands recorded for the project (/work/shared/real-hands), where it is.
    if let real = try? String(contentsOfFile: repositoryPath("../shared/real-hands/real.toml"), encoding: .utf8) {
        out.append(("real-hands/real.toml", real))
    }
    let dirs = [("Tests/Import", ".expected.toml"), ("Tests/Import/constructs", ".expected.toml"), ("Tests/Replay", ".toml"),
                ("Tests/Monitor", ".toml"), ("Tests/E2E", ".toml")]
    for (dir, suffix) in dirs {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryPath(dir))) ?? []
        for n in names.sorted() where n.hasSuffix(suffix) {
            out.append(("\(dir)/\(n)", try! String(contentsOfFile: repositoryPath(dir + "/" + n), encoding: .utf8)))
        }
    }
    return out.filter { !$0.1.isEmpty }
}()

/// The ```toml blocks of a Markdown file.
func tomlBlocks(_ path: String) -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var blocks: [String] = [], current: [String]? = nil
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```toml") { current = [] } else if line.hasPrefix("```"), let c = current {
            blocks.append(c.joined(separator: "\n") + "\n")
            current = nil
        } else if current != nil { current!.append(String(line)) }
    }
    return blocks
}

/// The default config with the "# " in front of each example block removed, as its comment tells users to.
func everyExampleOn(_ text: String) -> String {
    var on = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        if line.hasPrefix("# Examples of every feature") { on = true; return String(line) }
        guard on else { return String(line) }
        if line == "#" { return "" }
        return line.hasPrefix("# ") ? String(line.dropFirst(2)) : String(line)
    }.joined(separator: "\n")
}

/// The bytes of `old` an edit changed: the part between the longest common
/// prefix and the longest common suffix of the two texts (in bytes).
func changedRange(_ old: String, _ new: String) -> Range<Int> {
    let a = Array(old.utf8), b = Array(new.utf8)
    var p = 0
    while p < a.count && p < b.count && a[p] == b[p] { p += 1 }
    var s = 0
    while s < a.count - p && s < b.count - p && a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
    return p..<(a.count - s)
}

/// A golden of Tests/Settings/goldens: compared, or written when
/// UPDATE_GOLDENS=1 (then the test fails, so a run that writes is never green).
func expectGolden(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let path = repositoryPath("Tests/Settings/goldens/" + name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        Issue.record("wrote \(path)", sourceLocation: sourceLocation)
        return
    }
    guard let golden = try? String(contentsOfFile: path, encoding: .utf8) else {
        Issue.record("no golden \(path) (UPDATE_GOLDENS=1 writes it)", sourceLocation: sourceLocation)
        return
    }
    #expect(text == golden, "\(name)", sourceLocation: sourceLocation)
}

let realConfigNames = realConfigs.map(\.name)
func realConfig(_ name: String) -> String { realConfigs.first { $0.name == name }!.text }

/// `new` is `old` with only bytes inside `span` changed: the same bytes
/// before it, the same bytes after it.
func expectOnlyChanged(_ old: String, _ new: String, within span: Range<Int>, _ what: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
    let a = Array(old.utf8), b = Array(new.utf8)
    let before = a[..<span.lowerBound], after = a[span.upperBound...]
    let same = b.count >= before.count + after.count && b.starts(with: before) && b.reversed().starts(with: after.reversed())
    #expect(same, "\(what): bytes outside \(span) changed (\(changedRange(old, new)))", sourceLocation: sourceLocation)
}

/// The table's kinds by name, as the tests write them (`BindingForm(kind: .swipe, …)`).
extension GestureKind {
    static func entry(_ name: String) -> GestureKind { GestureKind.all.first { $0.name == name }! }
    static let swipe = entry("swipe"), pinch = entry("magnify"), rotate = entry("rotate"), tap = entry("tap"),
               longPress = entry("longPress"), hold = entry("hold"), drag = entry("drag"), stroke = entry("stroke")
}
