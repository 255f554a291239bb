#if canImport(Glibc)
import Glibc
#endif
@testable import GestureBridge
@testable import GestureTools
import GestureConfig
@testable import GestureCore
import GestureSystem
import GestureTesting
import GestureTraces
import Testing

/// `gesture-bridge tune`: attempts the config misses, the smallest change
/// that catches them all, and what that change would break.
@Suite struct TuneTests {
    /// Tests/Monitor/tune.toml: three- and four-finger swipes left, a two-finger tap.
    static let configText: String = (try? FileSystem.read(MonitorTests.directory + "/Tests/Monitor/tune.toml").get()) ?? ""

    static func config() throws -> LoadedConfig {
        try ConfigLoader(keymaps: KeymapStore(directories: []), environment: ["HOME": "/nonexistent"])
            .load(text: configText, file: "tune.toml").get()
    }

    /// Three attempts in one trace, a second apart.
    static func attempts(_ one: (inout TraceBuilder, Int) -> Void) -> Trace {
        var b = TraceBuilder.standard(seed: 7)
        for k in 0..<3 {
            one(&b, k)
            b.wait(1)
        }
        return b.trace
    }

    /// Two-finger taps whose second finger lands 240–280 ms after the first:
    /// past finger-landing (200 ms), so no tap is taken from them.
    static let slowLandings = attempts { b, k in
        b.land(2, at: Point(x: 800, y: 500), stagger: 0.24 + 0.02 * Double(k))
        b.wait(0.06)
        b.lift()
    }

    /// Three-finger swipes of 60–66 px: short of swipe-distance (80 px).
    static let shortSwipes = attempts { b, k in
        b.land(3, at: Point(x: 1000, y: 500))
        b.move(by: Point(x: -60 - 3 * Double(k), y: 0), over: 0.15)
        b.lift()
    }

    /// Four-finger swipes of 42–46 px: as short as everyday strokes that
    /// must not fire (the corpus's 50 px four-finger stroke to the left).
    static let tinySwipes = attempts { b, k in
        b.land(4, at: Point(x: 1000, y: 500))
        b.move(by: Point(x: -42 - 2 * Double(k), y: 0), over: 0.15)
        b.lift()
    }

    static func tuner(_ binding: String, _ trace: Trace, others: [Tuner.Named] = []) throws -> Tuner {
        let attempts = Tuner.attempts(of: trace).enumerated().map { Tuner.Named("attempt \($0.offset + 1)", $0.element) }
        return Tuner(table: try config().table, binding: binding, attempts: attempts,
                     negatives: try Tuner.everydayNegatives(), others: others)
    }

    @Test func aTraceIsCutIntoItsAttempts() {
        #expect(Tuner.attempts(of: Self.shortSwipes).count == 3)
        #expect(Tuner.attempts(of: Self.slowLandings).count == 3)
    }

    @Test func slowLandingsGetALongerFingerLanding() throws {
        let t = try Self.tuner("tap-2", Self.slowLandings)
        #expect(t.base.recognized == 0)
        guard case .change(let c, let o) = t.search() else { Issue.record("no change found"); return }
        #expect(c.moves.map(\.key) == ["finger-landing"])
        #expect(c.moves.first?.now == "300ms" && c.moves.first?.was == "200ms")
        #expect(o.recognized == 3 && o.isClean)
        let report = TuneReport(tuner: t, verdict: .change(c, o), device: nil)
        #expect(report.configLines == ["[settings]", "finger-landing = \"300ms\"   # was 200ms"])
        #expect(report.status == 0)
    }

    @Test func shortSwipesGetAShorterSwipeDistance() throws {
        let t = try Self.tuner("swipe-left-3", Self.shortSwipes)
        #expect(t.base.recognized == 0)
        guard case .change(let c, let o) = t.search() else { Issue.record("no change found"); return }
        #expect(c.moves.map(\.key) == ["swipe-distance"])
        #expect(c.moves.first?.now == "14.81mm")
        #expect(o.recognized == 3 && o.isClean)
    }

    /// Swipes as short as everyday short strokes: the distance that catches
    /// them lets those fire too; tune says which, and exits 1.
    @Test func aChangeThatBreaksTheNegativesIsNotProposed() throws {
        let t = try Self.tuner("swipe-left-4", Self.tinySwipes)
        guard case .none(let closest) = t.search() else { Issue.record("a change was proposed"); return }
        let (c, o) = try #require(closest)
        #expect(c.moves.map(\.key) == ["swipe-distance"])
        #expect(o.recognized == 3)
        #expect(o.negativesFiring.contains { $0.hasPrefix("short-swipe") })
        let report = TuneReport(tuner: t, verdict: .none(closest: closest), device: nil)
        #expect(report.status == 1)
        #expect(report.lines.contains { $0.hasPrefix("#   fires on short-swipe") })
        #expect(report.configLines.isEmpty)
    }

    /// The user's other gestures must go on doing what they did.
    @Test func anotherRecordedGestureThatWouldChangeIsSaid() throws {
        // A two-finger tap whose fingers land 250 ms apart fires nothing now;
        // the change that catches the slow taps makes it a tap.
        var other = TraceBuilder.standard(seed: 9)
        other.land(2, at: Point(x: 500, y: 500), stagger: 0.25)
        other.wait(0.06)
        other.lift()
        let t = try Self.tuner("tap-2", Self.slowLandings, others: [Tuner.Named("other", other.trace)])
        guard case .none(let closest) = t.search() else { Issue.record("a change was proposed"); return }
        #expect(closest?.1.othersChanged == ["other:  → tap-2"])
    }

    /// Tune's candidates are the one table of settings (SettingTable.swift):
    /// every setting the engine reads is one tune varies, or says why not.
    /// A setting added to `Settings` without a row, or a row tune forgot,
    /// fails here.
    @Test func everySettingTheEngineReadsIsACandidateOrSaysWhyNot() {
        let knobs = Tuner.knobs.map(\.key)
        #expect(knobs == SettingField.all.filter { !$0.factors.isEmpty }.map(\.key))
        for property in Mirror(reflecting: Settings()).children.compactMap(\.label) where property != "strokes" {
            let key = SettingTableKey.of(property)
            let field = SettingField.named(key)
            #expect(field != nil, "Settings.\(property) is no setting of the table")
            #expect(knobs.contains(key) != (field?.untouchedBecause != nil), "\(key): a candidate, or why not")
        }
        // Every rule a setting reaches is reached by a candidate.
        for rule in Refusal.Rule.allCases {
            if let key = rule.setting { #expect(knobs.contains(key), "\(rule.name) is refused by \(key), not a candidate") }
        }
    }

    /// Swipes at 200 px/s under a swipe-min-velocity of 600 px/s: tune
    /// lowers it (a setting the old hand-kept list did not have).
    @Test func slowSwipesGetALowerMinimumVelocity() throws {
        var table = try Self.config().table
        table.settings.swipeMinVelocity = Speed(.px(600))
        let slow = Self.attempts { b, _ in
            b.land(3, at: Point(x: 1000, y: 500))
            b.move(by: Point(x: -200, y: 0), over: 1.0)
            b.lift()
        }
        let attempts = Tuner.attempts(of: slow).enumerated().map { Tuner.Named("attempt \($0.offset + 1)", $0.element) }
        let t = Tuner(table: table, binding: "swipe-left-3", attempts: attempts, negatives: try Tuner.everydayNegatives(),
                      others: [])
        guard case .change(let c, let o) = t.search() else { Issue.record("no change found"); return }
        #expect(c.moves.map(\.key) == ["swipe-min-velocity"])
        #expect(c.moves.first?.now == "150px/s" && c.moves.first?.was == "600px/s")
        #expect(o.recognized == 3 && o.isClean)
    }

    /// Three-finger swipes whose fingers spread ×2 as they travel 120 px:
    /// refused by travel-dominance, which no setting reaches. Tune finds no
    /// change, and says for each attempt which rule refused it and why it
    /// cannot change it.
    @Test func anAttemptRefusedByAFixedRuleSaysSo() throws {
        let spreading = Self.attempts { b, _ in
            b.land(3, at: Point(x: 1000, y: 500), spacing: 100)
            b.transform(scale: 2, degrees: 0, drift: Point(x: -120, y: 0), over: 0.3)
            b.lift()
        }
        let t = try Self.tuner("swipe-left-3", spreading)
        guard case .none(nil) = t.search() else { Issue.record("a change was found"); return }
        #expect(t.misses().count == 3)
        let report = TuneReport(tuner: t, verdict: .none(closest: nil), device: nil)
        #expect(report.status == 1)
        let lines = report.lines
        #expect(lines.contains("# Why each attempt was not recognized, as the config is:"), "\(lines)")
        for k in 1...3 {
            let line = try #require(lines.first { $0.hasPrefix("#   attempt \(k): ") }, "\(lines)")
            // Which two readings it could not tell apart, then the rule's figures (issue 59).
            #expect(line.contains("refused by travel-dominance at the lift: could not tell travel from spread: "
                                  + "the fingers' spread and turn"), "\(line)")
            #expect(line.contains("outweigh their travel, 1"), "\(line)")
        }
        #expect(lines.filter { $0.hasPrefix("#     Fixed in the engine because a swipe's travel must be 2.5 times") }.count == 3,
                "\(lines)")
    }

    /// A refusal a setting reaches says tune varied it; one the binding's
    /// argument sets says to change the gesture.
    @Test func whetherASettingReachesARuleIsSaid() {
        let distance = Refusal(.swipeDistance, Measure(kind: .distance, value: 30, threshold: 80, unit: "px",
                                                        setting: "swipe-distance"))
        #expect(TuneReport.reach(distance).hasPrefix("tune varied swipe-distance"))
        let written = Refusal(.swipeDistance, Measure(kind: .distance, value: 30, threshold: 60, unit: "px"))
        #expect(TuneReport.reach(written) == "The binding's minimumDistance sets it, not swipe-distance: change it in the gesture.")
        let deviation = Refusal(.offDirection, Measure(kind: .angle, value: 40, threshold: 30, unit: "°"))
        #expect(TuneReport.reach(deviation).hasPrefix("No setting reaches it: the binding's maximumDeviation:"))
    }

    @Test func everyEverydayNegativeFiresNothingUnderTheDefaults() throws {
        let table = try ConfigLoader(keymaps: KeymapStore(directories: []), environment: ["HOME": "/nonexistent"])
            .load(text: DefaultConfig.text, file: "default").get().table
        for n in try Tuner.everydayNegatives() {
            #expect(Tuner.fired(n.trace, table).isEmpty, "\(n.name) fires \(Tuner.fired(n.trace, table))")
        }
    }

    @Test func theEmbeddedNegativesAreTheFiles() throws {
        let dir = MonitorTests.directory + "/Tests/Traces/everyday-negatives"
        let files = FileSystem.list(dir).filter { $0.hasSuffix(".jsonl") }
        #expect(files.map { String($0.dropLast(6)) } == EverydayNegatives.files.map(\.name))
        for f in EverydayNegatives.files {
            #expect(try FileSystem.read(dir + "/\(f.name).jsonl").get() == f.text, "run scripts/gen-negatives.py")
        }
    }

    /// `--write`: the report's change into the config's text (TOMLTextEditor:
    /// the byte-for-byte cases are GestureConfigTests' TOMLTextEditorTests).
    @Test func theChangeIsWrittenIntoTheConfigText() throws {
        let text = "version = 1\n\n[settings]\nslop = \"4mm\"\nswipe-distance = \"80px\"\n\n[[bind]]\nname = \"x\"\n"
        let t = try Self.tuner("swipe-left-3", Self.shortSwipes)
        guard case .change(let c, let o) = t.search() else { Issue.record("no change found"); return }
        let report = TuneReport(tuner: t, verdict: .change(c, o), device: nil)
        #expect(report.written(into: text) == text.replacingOccurrences("\"80px\"", "\"14.81mm\"   # was 21.16mm"))
        #expect(report.written(into: "version = 1\n") == "version = 1\n\n[settings]\nswipe-distance = \"14.81mm\"   # was 21.16mm\n")
        let device = TuneReport(tuner: t, verdict: .change(c, o), device: "usb:046d:c52b")
        #expect(device.written(into: text) == text + "\n[[device]]\nmatch = \"usb:046d:c52b\"\nswipe-distance = \"14.81mm\"   # was 21.16mm\n")
        // A key [settings] does not have goes first, after its header.
        let slow = try Self.tuner("tap-2", Self.slowLandings)
        guard case .change(let sc, let so) = slow.search() else { Issue.record("no change found"); return }
        #expect(TuneReport(tuner: slow, verdict: .change(sc, so), device: nil).written(into: text)
                == text.replacingOccurrences("[settings]\n", "[settings]\nfinger-landing = \"300ms\"   # was 200ms\n"))
        #expect(TuneReport(tuner: t, verdict: .nothingToChange, device: nil).written(into: text) == nil)
    }

    /// The command: the change printed as TOML, written with --write (the old file kept).
    @Test func theCommandPrintsAndWritesTheChange() throws {
        let dir = DaemonProcess.newDirectory()
        defer { removeTree(dir) }
        _ = FileSystem.write(Self.configText, to: dir + "/config.toml")
        _ = FileSystem.write(Self.configText, to: dir + "/as-it-was.toml")
        _ = FileSystem.write(TraceWriter.write(Self.shortSwipes), to: dir + "/short.jsonl")
        _ = FileSystem.write(TraceWriter.write(Self.tinySwipes), to: dir + "/tiny.jsonl")
        let env = ["HOME": dir, "PATH": "/usr/bin:/bin"]
        let r = Spawn.run(Spawn.gestureBridge, ["tune", "--expect", "swipe-left-3", "--config", dir + "/config.toml", "--write",
                                                dir + "/short.jsonl"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("[settings]\nswipe-distance = \"14.81mm\"   # was 21.16mm\n"), "\(r.stdout)")
        let written = try FileSystem.read(dir + "/config.toml").get()
        #expect(written.contains("[settings]\nswipe-distance = \"14.81mm\""))
        #expect(try FileSystem.read(dir + "/config.toml.bak").get().contains("[settings]") == false)
        let check = Spawn.run(Spawn.gestureBridge, ["check", "--config", dir + "/config.toml"], environment: env)
        #expect(check.status == 0, "\(check.stderr)")
        let bad = Spawn.run(Spawn.gestureBridge, ["tune", "--expect", "swipe-left-4", "--config", dir + "/as-it-was.toml",
                                                  dir + "/tiny.jsonl"], environment: env)
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("#   fires on short-swipe"), "\(bad.stdout)")
        let unknown = Spawn.run(Spawn.gestureBridge, ["tune", "--expect", "nope", "--config", dir + "/config.toml",
                                                      dir + "/tiny.jsonl"], environment: env)
        #expect(unknown.status == 2 && unknown.stderr.contains("has no binding named 'nope'"))
    }
}

/// A `Settings` property's key: `tapTimeout` → `tap-timeout`.
enum SettingTableKey {
    static func of(_ property: String) -> String {
        var out = ""
        for ch in property {
            if ch.isUppercase { out += "-" + ch.lowercased() } else { out.append(ch) }
        }
        return out
    }
}
