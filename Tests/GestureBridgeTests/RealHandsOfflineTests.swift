import GestureBridge
import GestureConfig
import GestureCore
import GestureSystem
import GestureTesting
import GestureTraces
import Testing

// The real-hands recordings (../shared/real-hands beside the repository: its
// README; never copied here, their licences are not ours), touchscreens only,
// read straight from their evemu files into the engine (`EvemuRecording`)
// under the config they are judged by (real.toml: every binding
// simultaneous), and scored per touch sequence against labels.json. The
// offline half of the real-hands report: seconds, no VM; touchpads need
// libinput and are judged only live (Tests/E2E).

enum RealHandsFiles {
    static let directory = repositoryRoot + "/../shared/real-hands"
    static let present = FileSystem.exists(directory + "/labels.json")
    /// Under the sanitizers (scripts/reliability.sh sets
    /// GESTURE_BRIDGE_SANITIZER) the real hands are not scored: that is pure
    /// engine code over recordings, which the plain `swift test` scores, and
    /// under ASan and TSan it took 64 and 77 s of CPU each for nothing a
    /// sanitizer can find there.
    static let underSanitizer = !(ProcessEnvironment.current()["GESTURE_BRIDGE_SANITIZER"] ?? "").isEmpty

    static func read(_ name: String) throws -> String {
        try FileSystem.read(directory + "/" + name).get()
    }

    static func labels() throws -> RealHandsLabels { try RealHandsLabels(json: read("labels.json")) }

    static func table() throws -> GestureTable {
        try ConfigLoader(keymaps: KeymapStore(directories: []), environment: ["HOME": "/nonexistent"])
            .load(text: read("real.toml"), file: "real.toml").get().table
    }

    /// One recording replayed and scored.
    static func score(_ r: RealHandsLabels.Recording, _ table: GestureTable,
                      on screen: Screen) throws -> RealHandsScore {
        let rec = try EvemuRecording(desc: read("recordings/\(r.name).desc"),
                                     events: read("recordings/\(r.name).events"), screen: screen)
        let engine = GestureEngine(table: table, screen: rec.trace.header.screen)
        // To look closer (`gesture-bridge replay --explain`, `--svg`): the
        // converted traces, written where this names, never into the repository.
        if let dir = ProcessEnvironment.current()["REAL_HANDS_TRACES"], !dir.isEmpty {
            _ = FileSystem.write(TraceWriter.write(rec.trace), to: dir + "/" + r.name + ".jsonl")
        }
        return RealHandsScore(r, starts: rec.sequences.map(\.start), effects: Replayer.run(rec.trace, table: table),
                              names: engine.bindings.map(\.name), steps: engine.bindings.map { $0.step != nil })
    }

    /// Every touchscreen recording, scored.
    static func touchscreens(on screen: Screen, table: GestureTable? = nil) throws -> [RealHandsScore] {
        let table = try table ?? self.table()
        return try labels().recordings.filter { $0.kind == "touchscreen" }.map { try score($0, table, on: screen) }
    }
}

@Suite(.serialized) struct RealHandsOfflineTests {
    /// On the conversion's 1920 × 1080 screen (Tests/Traces/real/README.md)
    /// and on the E2E VM's 1024 × 768, where they play live: the same hands
    /// in fewer px.
    @Test(.enabled(if: RealHandsFiles.present, "../shared/real-hands is not beside the repository"),
          .disabled(if: RealHandsFiles.underSanitizer, "under a sanitizer: the plain suite scores them"),
          arguments: [EvemuRecording.screen, EvemuRecording.vmScreen])
    func touchscreenRecordingsDoWhatTheHandDid(on screen: Screen) throws {
        let scores = try RealHandsFiles.touchscreens(on: screen)
        #expect(scores.count == 22)
        for s in scores {
            #expect(s.sequenceCountMismatch == nil, "\(s.recording): touch sequences recorded vs labelled")
        }
        let must = scores.reduce(0) { $0 + $1.mustSequences }
        let recognized = scores.reduce(0) { $0 + $1.recognized }
        let negatives = scores.reduce(0) { $0 + $1.negatives }
        let falseOnNegatives = scores.reduce(0) { $0 + $1.falseOnNegatives }
        let unexpected = scores.reduce(0) { $0 + $1.unexpected }
        let table = scores.flatMap(\.lines).joined(separator: "\n")
        let totals = "real hands, touchscreens, offline, \(Int(screen.width))×\(Int(screen.height)): "
            + "\(recognized) of \(must) gestures, "
            + "\(falseOnNegatives) of \(negatives) negatives fired, \(unexpected) unexpected in all"
        print(table + "\n" + totals)
        #expect(must == 26)
        // Every gesture, no negative fires, nothing beyond the labels on
        // either screen. Until issue 51's growing hands (docs/engine.md, "A
        // hand that is still growing"), ts17's six fingers added one by one
        // closed ×0.76 as four and fired `magnify4:in` beyond its `may` on
        // the 1920 × 1080 screen; a hand still growing now fires nothing.
        // Before the real-hands rules: 16 of 26, 0 of 28 negatives, 1 unexpected.
        #expect(recognized == must, "\(totals)")
        #expect(falseOnNegatives == 0, "\(totals)")
        #expect(unexpected == 0, "\(totals)")
    }

    /// Five shapes taught as `teach` teaches them and bound (for 1 to 5 fingers: 25 bindings)
    /// beside real.toml's: no real hand draws one, and the report is
    /// otherwise what it was.
    @Test(.enabled(if: RealHandsFiles.present, "../shared/real-hands is not beside the repository"),
          .disabled(if: RealHandsFiles.underSanitizer, "under a sanitizer: the plain suite scores them"),
          arguments: [EvemuRecording.screen, EvemuRecording.vmScreen])
    func noRealHandFiresAStroke(on screen: Screen) throws {
        var table = try RealHandsFiles.table()
        let shapes: [(String, [Point])] = [
            ("L", StrokeShapes.ell(200)), ("circle", StrokeShapes.circle(100, clockwise: true)),
            ("check", StrokeShapes.check(200)), ("v", StrokeShapes.vee(180)), ("triangle", StrokeShapes.triangle(180)),
        ]
        // Not a zigzag: measured 2026-11-28, a 4-stroke zigzag (taught as
        // here, threshold fitted) fires on 2 real one- and four-finger
        // scrubs at 1920 × 1080 (1 at 1024 × 768) that tune's everyday
        // negatives have no likeness of (docs/strokes.md, "Risks").
        // Taught as `teach` teaches them: 4 attempts each, thresholds fitted.
        var strokes = StrokeSet()
        let negatives = try Teacher.everydayNegatives()
        for (name, path) in shapes {
            strokes = Teacher(shape: name, paths: TeachTests.paths(TeachTests.attempts(path)), set: strokes,
                              negatives: negatives).set
        }
        table.settings.strokes = strokes
        for i in table.devices.indices { table.devices[i].settings?.strokes = strokes }
        for fingers in 1...5 {
            for (name, _) in shapes {
                table.desktop.append(Binding(name: "stroke-\(name)-\(fingers)", gesture: .stroke(StrokeSpec(
                    shape: name, common: CommonArguments(fingers: fingers))), priority: .simultaneous))
            }
        }
        let with = try RealHandsFiles.touchscreens(on: screen, table: table)
        let without = try RealHandsFiles.touchscreens(on: screen)
        let strokesFired = with.flatMap(\.sequences).flatMap(\.fired).filter { $0.hasPrefix("stroke-") }
        print("real hands, touchscreens, \(Int(screen.width))×\(Int(screen.height)), 25 stroke bindings: \(strokesFired)")
        // The rest of the report is unchanged: the same bindings fire on the same sequences.
        #expect(with.map { $0.sequences.map { $0.fired.filter { !$0.hasPrefix("stroke-") } } }
            == without.map { $0.sequences.map(\.fired) })
        #expect(with.reduce(0) { $0 + $1.recognized } == 26)
        // None (the acceptance). Before the hand's own evidence was read,
        // 3 fired at 1920 × 1080 and 1 at 1024 × 768 (thresholds fitted by
        // teach, 0.79-0.90): check-1 on ts07's slightly bent one-finger
        // stroke and triangle-2 on ts08's two fingers drawing a circle
        // (the shapes' corners, which neither has: `.noCorner`), and
        // check-4 on ts14's pinch in and out (the spread while the fingers
        // were down: at the lift they are up and it read 0).
        #expect(strokesFired.isEmpty, "\(strokesFired)")
    }
}
