import GestureConfig
import GestureCore
@testable import GestureImport
import GestureSystem
import GestureTesting
import GestureTraces
import GestureX11
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Real users' easystroke files (public dotfiles: 3demax/dotfiles and the
/// others below, `.easystroke/actions-0.5.6` and `preferences-0.5.5`),
/// Boost library versions 9 to 17. Users' files are not ours to commit:
/// they are read where a developer fetched them, one folder per
/// repository named OWNER+REPOSITORY, from `$EASYSTROKE_REAL_FILES` or
/// ~/.cache/gesture-bridge-tests/easystroke-real; without them the suite
/// is skipped and the synthetic fixtures (EasystrokeTests) still run.
enum EasystrokeRealFiles {
    static let directory: String = {
        if let d = ProcessEnvironment.current()["EASYSTROKE_REAL_FILES"], !d.isEmpty { return d }
        return (ProcessEnvironment.current()["HOME"] ?? "/root") + "/.cache/gesture-bridge-tests/easystroke-real"
    }()
    static let present = FileSystem.exists(directory + "/3demax+dotfiles/actions-0.5.6")
}

@Suite(.enabled(if: EasystrokeRealFiles.present, "the real easystroke files are not on this machine"))
struct EasystrokeRealFilesTests {
    static let directory = EasystrokeRealFiles.directory

    /// Each file, with what an independent reading of it (a Python reader
    /// written from easystroke's source, not from ours) counts: Boost's
    /// library version; the gestures of Default; those drawn with a shape
    /// and an action that converts (the desktop's bindings); the
    /// application lists of the tree; the applications whose gestures
    /// differ from Default's (or that the preferences leave alone), each an
    /// `[[app]]`; their bindings; the strokes drawn, one template each.
    static let files: [(folder: String, library: Int, gestures: Int, desktop: Int, appLists: Int, scopes: Int, appBindings: Int, templates: Int)] = [
        ("3demax+dotfiles", 16, 3, 2, 23, 32, 110, 51),
        ("Ahineya+dotfiles", 10, 10, 10, 1, 1, 1, 11),
        ("FrostyTheSup+lenny-config", 17, 4, 0, 0, 0, 0, 0),
        ("angelog+dotfiles", 10, 2, 0, 0, 0, 0, 0),
        ("djvdorp+dotfiles", 12, 2, 0, 0, 0, 0, 0),
        ("iurev+dotfiles", 9, 2, 2, 1, 1, 7, 9),
        ("rajil36+dotfiles", 15, 1, 0, 0, 0, 0, 0),
        ("ryancerium+dotfiles", 15, 10, 10, 2, 2, 2, 10),
        ("super-cooper+my-dotfiles", 14, 4, 4, 0, 0, 0, 4),
        ("wivj4zm4fpg0+dotfiles", 12, 2, 0, 0, 0, 0, 0),
    ]
    static let folders = files.map(\.folder)

    static func real(_ folder: String) throws -> EasystrokeImporter.Imported { try importEasystroke(folder, in: directory) }

    /// Every real file: imported; the config and strokes.toml written as
    /// `import --into DIR` writes them load with the loader `check` uses
    /// (`load(path:)`, which reads strokes.toml beside the config), without
    /// an error or a warning, with every binding and every shape.
    /// The config and strokes.toml written as `import --into DIR` writes
    /// them, loaded with the loader `check` uses (nil: an issue recorded).
    static func loadedAsWritten(_ imported: EasystrokeImporter.Imported, _ folder: String) throws -> LoadedConfig? {
        var template = Array("/tmp/gesture-bridge-easystroke-XXXXXX".utf8CString)
        let dir = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer {
            for f in ["config.toml", "strokes.toml"] { unlink(dir + "/" + f) }
            rmdir(dir)
        }
        try FileSystem.write(imported.config.toml, to: dir + "/config.toml").get()
        if !imported.shapes.shapes.isEmpty { try FileSystem.write(StrokesFile.text(imported.shapes), to: dir + "/strokes.toml").get() }
        switch testLoader().load(path: dir + "/config.toml") {
        case .success(let l): return l
        case .failure(let e):
            Issue.record("\(folder): \(e.diagnostics.map(\.description).joined(separator: "\n"))")
            return nil
        }
    }

    @Test(arguments: folders)
    func eachRealFileImportsAndLoads(_ folder: String) throws {
        let imported = try Self.real(folder)
        guard let loaded = try Self.loadedAsWritten(imported, folder) else { return }
        // Nothing but what the user's own shapes are: two of them taught
        // alike (ConfigAlikeShapes: 7 such warnings, 4 pairs, all in
        // 3demax's file: strokes drawn alike where both are in effect).
        let others = loaded.warnings.filter { !$0.message.contains("may fire this stroke") }
        #expect(others.isEmpty, "\(others.map(\.description))")
        #expect(loaded.table.allBindings.count == imported.config.bindingsWritten)
        #expect(loaded.table.settings.strokes.shapes.map(\.name) == imported.shapes.shapes.map(\.name))
        let named = Set(loaded.table.allBindings.flatMap(\.gesture.strokeShapes))
        #expect(named == Set(imported.shapes.shapes.map(\.name)))
        // Every stroke binding is drawn with a pointer button.
        for b in loaded.table.allBindings {
            guard case .stroke(let s) = b.gesture else { Issue.record("\(b.name): not a stroke"); continue }
            #expect(s.button.map { (1...255).contains($0) } == true)
        }
    }

    /// What each file holds, counted.
    @Test(arguments: files.map { [$0.folder, "\($0.library)", "\($0.gestures)", "\($0.desktop)", "\($0.appLists)", "\($0.scopes)",
                                  "\($0.appBindings)", "\($0.templates)"] })
    func countsAreTheArchives(_ row: [String]) throws {
        let imported = try Self.real(row[0])
        let n = row.dropFirst().map { Int($0)! }
        func appLists(_ l: EasystrokeArchive.List) -> Int { (l.app ? 1 : 0) + l.children.reduce(0) { $0 + appLists($1) } }
        #expect(imported.libraryVersion == n[0])
        #expect(imported.root.added.count == n[1])
        #expect(imported.config.bindings.count == n[2])
        #expect(appLists(imported.root) == n[3])
        #expect(imported.config.apps.count == n[4])
        #expect(imported.config.apps.reduce(0) { $0 + $1.bindings.count } == n[5])
        #expect(imported.shapes.shapes.reduce(0) { $0 + $1.templates.count } == n[6])
        // Each gesture of Default is a binding or a line saying why not.
        let desktopSkips = imported.config.notImported.filter { line in imported.root.added.contains { $0.line == line.line } }
        #expect(imported.config.bindings.count + desktopSkips.count == n[1])
    }

    /// The gesture button is the preferences' (button 3 in 3demax's, 2 in
    /// ryancerium's… and 2, easystroke's own default, without preferences).
    @Test(arguments: [("3demax+dotfiles", 3), ("Ahineya+dotfiles", 3), ("iurev+dotfiles", 3), ("ryancerium+dotfiles", 3),
                      ("super-cooper+my-dotfiles", 2), ("djvdorp+dotfiles", 2), ("rajil36+dotfiles", 2)])
    func theButtonIsThePreferences(_ folder: String, _ button: Int) throws {
        let imported = try Self.real(folder)
        #expect(imported.preferences.button == button)
        for b in imported.config.bindings { #expect(b.gesture.hasSuffix(", button: \(button))"), "\(b.gesture)") }
    }

    /// 3demax's tree: Default, groups (Tabbed > File Managers, Terminals;
    /// Personal strokes) and 23 applications; deletions in groups and
    /// applications; 11 applications the preferences leave alone.
    @Test func inheritanceFromDefaultBecomesAppScopes() throws {
        let imported = try Self.real("3demax+dotfiles")
        func scope(_ name: String) -> [String] {
            imported.config.apps.first { $0.classGlob == name }?.bindings.map { "\($0.name): \($0.phases[0].actions.joined(separator: "; "))" } ?? []
        }
        #expect(imported.config.bindings.map { "\($0.name): \($0.phases[0].actions[0])" } == ["close: key super+q", "quit: key ctrl+q"])
        // Thunar has no gesture of its own: all of File Managers' (under
        // Tabbed), and Default's 'Close' as File Managers changes it.
        #expect(scope("Thunar") == ["close: key ctrl+w", "new-tab: key ctrl+t", "back: key alt+Left", "forth: key alt+Right",
                                    "left-tab: key ctrl+alt+Page_Up", "right-tab: key ctrl+alt+Page_Down", "up: key alt+Up",
                                    "home: key alt+Home"])
        #expect(scope("pcmanfm") == scope("Thunar") && scope("thunar") == scope("Thunar"))
        // terminator: Terminals' (Default's quit changed, Close deleted) and its own.
        #expect(scope("terminator") == ["quit: key ctrl+shift+q", "close-tab: key ctrl+shift+w", "new-tab: key ctrl+shift+t",
                                        "split-vertically: key ctrl+shift+e", "split-horizontally: key ctrl+shift+o", "close: none"])
        #expect(scope("xfce4-terminal") == Array(scope("terminator")[0...2]) + ["close: none"])
        // opera deletes both of Default's; rhythmbox changes nothing: no scope.
        #expect(scope("opera") == ["close: none", "quit: none"])
        #expect(scope("rhythmbox").isEmpty)
        // pino changes only Close's name: the same binding, no scope either;
        // qtcreator.bin changes quit's name and adds its own.
        #expect(scope("pino").isEmpty)
        #expect(scope("qtcreator.bin") == ["back: key alt+Left", "forward: key alt+Right"])
        #expect(scope("Blender") == ["close: none", "quit: none"])
        #expect(imported.config.apps.count == 32)
        // The shapes: one per drawing, named after the gesture, and after
        // the list it comes from when another shape has the name.
        #expect(imported.shapes["home (File Managers)"] != nil && imported.shapes["New tab (Terminals)"] != nil)
    }

    // MARK: Recognition

    /// Each stroke of every real file, drawn from its own points as a hand
    /// draws a shape (300 px across where the template is 200, sampled as
    /// `TraceBuilder.draw` samples a finger: 31 points over 0.5 s at 60 Hz),
    /// matched as the stroke recognizer matches at the lift (`StrokeSet.match`
    /// with its options: each shape's threshold, 60 px at least) against all
    /// the shapes of the file's strokes.toml as the loader reads it back.
    /// Today's matcher takes a nearly straight path for a swipe and never a
    /// shape, and easystroke's users draw lines (back, forward, new tab):
    /// every stroke it misses is one of those; with that rule off, as the
    /// daemon matches a stroke drawn with a button held (no swipe), each is
    /// recognized as itself.
    @Test func eachStrokeIsRecognizedAsItself() throws {
        var strokes = 0, top1 = 0, straight = 0, top1Lines = 0
        var misses: [String] = []
        for folder in Self.folders {
            let imported = try Self.real(folder)
            let set = try StrokesFile.parse(StrokesFile.text(imported.shapes), file: "strokes.toml").get()
            var options = StrokeOptions()
            options.threshold = 0   // each shape's own, as StrokeRecognizer
            var lines = options
            lines.straightness = -1   // as a stroke drawn with a button is matched (PointerStrokeBindings)
            let matcher = set.matcher(options), linesToo = set.matcher(lines)
            for shape in imported.shapes.shapes {
                for template in shape.templates {
                    let drawn = StrokeSet.resampled(template.map { $0 * 1.5 + Point(x: 400, y: 300) }, count: 31)
                    let m = set.match(drawn, with: matcher)
                    strokes += 1
                    if m.name == shape.name { top1 += 1 }
                    else if m.rejection == .straight { straight += 1 }
                    else { misses.append("\(folder) '\(shape.name)': closest \(m.closest ?? "none"), \(m.score), \(m.rejection?.rawValue ?? "")") }
                    if set.match(drawn, with: linesToo).name == shape.name { top1Lines += 1 }
                }
            }
        }
        print("easystroke strokes drawn from their own points: \(strokes); recognized as themselves \(top1) "
            + "(\(straight) taken for straight lines); with straight lines kept \(top1Lines)")
        #expect(strokes == Self.files.reduce(0) { $0 + $1.templates })
        #expect(misses.isEmpty, "\(misses.joined(separator: "\n"))")
        #expect(top1 + straight == strokes)
        // Kept, a line can be closest to another application's line drawn the
        // same way (all shapes compete; easystroke matched per application),
        // and a perfectly straight one has no width to normalize.
        #expect(top1Lines * 100 >= strokes * 95, "\(top1Lines) of \(strokes)")
    }

    /// The issue's acceptance, through the daemon's own path: each file
    /// imported and loaded as `check` loads it; each shape bound outside an
    /// application scope, drawn from its own points with the mouse (300 px
    /// across where the template is 200, 31 points), fires its own binding
    /// when drawn on the desktop with the file's button (PointerStrokeBindings:
    /// the candidates there, lines kept, each shape's threshold).
    @Test func eachDesktopShapeDrawnFromItsOwnPointsFiresItsBinding() throws {
        var drawn = 0
        var misses: [String] = []
        for folder in Self.folders {
            guard let loaded = try Self.loadedAsWritten(try Self.real(folder), folder) else { continue }
            let config = loaded.table, set = config.settings.strokes
            let bindings = PointerStrokeBindings(table: config, pxPerMM: 3.78)
            let mouse = Device(id: 11, name: "Logitech USB Mouse", kind: .other)
            for (id, b) in config.desktop.enumerated() {
                guard case .stroke(let spec) = b.gesture, let button = spec.button, let shape = set[spec.shape] else { continue }
                let candidates = bindings.candidates(button: button, modifiers: [], device: mouse, window: .desktop)
                for template in shape.templates {
                    let path = StrokeSet.resampled(template.map { $0 * 1.5 + Point(x: 400, y: 300) }, count: 31)
                    let outcome = bindings.recognize(path, candidates: candidates)
                    drawn += 1
                    if outcome.binding != id {
                        misses.append("\(folder) '\(b.name)' (\(spec.shape)): fired \(outcome.binding.map { config.allBindings[$0].name } ?? "nothing"), "
                                      + "closest \(outcome.match?.closest ?? "none") \(outcome.match?.score ?? 0) \(outcome.match?.rejection?.rawValue ?? "")")
                    }
                }
            }
        }
        print("easystroke desktop shapes drawn with the mouse: \(drawn), fired their binding: \(drawn - misses.count)")
        #expect(drawn == Self.files.reduce(0) { $0 + $1.desktop })
        #expect(misses.isEmpty, "\(misses.joined(separator: "\n"))")
    }

    /// The same real drawings as mouse traces (trace-format.md's pointer
    /// records, written and read back), through `teach` and `replay` as a
    /// user runs them: each desktop shape taught from its own drawing played
    /// three times (160, 240 and 360 px across, 6 to 10 ms a point, with the
    /// file's button), the file's shapes taught one after another; each then
    /// played at two other sizes and speeds (200 px, 300 px) fires its own
    /// binding and nothing else, and a right-click (press, 2 px, release)
    /// fires nothing.
    @Test func eachDesktopShapeTaughtFromMouseTracesFiresWhenDrawnAgain() throws {
        var replayed = 0
        var misses: [String] = []
        func trace(_ template: [Point], _ size: Double, _ interval: Double, button: Int) throws -> Trace {
            let drawn = PointerDrawing.timed(PointerDrawing.scaled(template, to: size), interval: interval)
            return try TraceReader.parse(TraceWriter.write(PointerDrawing.trace(PointerDrawing.events(drawn, button: button))))
        }
        for folder in Self.folders {
            guard var config = try Self.loadedAsWritten(try Self.real(folder), folder)?.table else { continue }
            let drawnShapes = config.desktop.compactMap { b -> (shape: String, button: Int, template: [Point])? in
                guard case .stroke(let spec) = b.gesture, let button = spec.button,
                      let template = config.settings.strokes[spec.shape]?.templates.first else { return nil }
                return (spec.shape, button, template)
            }
            guard !drawnShapes.isEmpty else { continue }
            var taught = StrokeSet()
            for d in drawnShapes where taught[d.shape] == nil {
                let examples = try [(160.0, 0.006), (240, 0.008), (360, 0.01)].enumerated().map { i, e in
                    (name: "#\(i + 1)", path: try #require(StrokeExample(try trace(d.template, e.0, e.1, button: d.button))).path)
                }
                taught = Teacher(shape: d.shape, paths: examples, set: taught, negatives: [],   // as `teach` with a button
                                 options: PointerStrokeBindings.options()).set
            }
            config.settings.strokes = taught
            let names = config.allBindings.map(\.name)
            for d in drawnShapes {
                for (size, interval) in [(200.0, 0.007), (300, 0.009)] {
                    let fired = Replayer.run(try trace(d.template, size, interval, button: d.button), table: config).compactMap { e -> String? in
                        if case .gesture(let g) = e, g.phase == .ended { return names[g.binding] }
                        return nil
                    }
                    replayed += 1
                    let own = config.desktop.filter { if case .stroke(let s) = $0.gesture { s.shape == d.shape } else { false } }.map(\.name)
                    if fired.count != 1 || !own.contains(fired[0]) { misses.append("\(folder) \(d.shape) at \(Int(size)) px: fired \(fired)") }
                }
                let click = Replayer.run(PointerDrawing.trace(PointerDrawing.click(button: d.button)), table: config)
                if click.contains(where: { if case .gesture = $0 { true } else { false } }) { misses.append("\(folder): a click with button \(d.button) fired") }
            }
        }
        print("easystroke desktop shapes taught from mouse traces and replayed: \(replayed), missed \(misses.count)")
        #expect(replayed == 2 * Self.files.reduce(0) { $0 + $1.desktop })
        #expect(misses.isEmpty, "\(misses.joined(separator: "\n"))")
    }

    // MARK: Damage

    /// A real file cut short, at 10 places: an error at a line and column
    /// of what is left, never a crash.
    @Test(arguments: ["3demax+dotfiles", "iurev+dotfiles", "ryancerium+dotfiles", "wivj4zm4fpg0+dotfiles"])
    func aTruncatedFileIsALocatedError(_ folder: String) throws {
        let text = try FileSystem.read(Self.directory + "/\(folder)/actions-0.5.6").get()
        let bytes = Array(text.utf8)
        for k in 1...10 {
            let cut = String(decoding: bytes.prefix(bytes.count * k / 11), as: UTF8.self)
            let lines = cut.split(separator: "\n", omittingEmptySubsequences: false)
            do {
                _ = try EasystrokeImporter.convert(cut, file: "a")
                Issue.record("\(folder) cut at \(k)/11 converted")
            } catch {
                #expect(error.message.hasPrefix("easystroke actions: "))
                #expect(error.line >= 1 && error.line <= lines.count, "\(error)")
                #expect(error.column >= 1 && error.column <= lines[error.line - 1].utf8.count + 1, "\(error)")
            }
        }
    }

    /// A bad number where a point, a count or a version is: refused exactly there.
    @Test(arguments: [
        // iurev's first point's y, its first stroke's point count, ActionDB's version, Boost's, a Stroke's, an action's class.
        ("1 1 0.87206005960519806 0.99750836463465475", "1 1 0.87x06005960519806 0.99750836463465475", "4:18", "expected a point's y (a number), found '0.87x06005960519806'"),
        ("1 1 0.87206005960519806 0.99750836463465475", "1 1 inf 0.99750836463465475", "4:18", "expected a point's y (a finite number), found inf"),
        ("2 0 0 31 1 0 1", "2 0 0 -31 1 0 1", "4:7", "-31 items in vector<Point>: more than the file could hold"),
        ("22 serialization::archive 9 0 3", "22 serialization::archive 9 0 7", "1:29", "ActionDB version 7: easystroke writes at most 3 (a newer or damaged file)"),
        ("22 serialization::archive 9", "22 serialization::archive 42", "1:27", "archive library version 42: not one Boost has written (3 to 30 are read; easystroke's files have 9 to 17)"),
        ("1 10 1 5", "1 10 1 9", "3:15", "Stroke version 9: easystroke writes at most 5 (a newer or damaged file)"),
        ("7 SendKey", "7 SendKez", "4:1240", "unknown action class 'SendKez' (easystroke saves Command, SendKey, SendText, Scroll, Ignore, Button and Misc)"),
    ])
    func aBadNumberIsRefusedWhereItIs(_ from: String, _ to: String, _ place: String, _ message: String) throws {
        let text = try FileSystem.read(Self.directory + "/iurev+dotfiles/actions-0.5.6").get()
        let range = try #require(text.firstRange(of: from))
        let bad = text.replacingCharacters(in: range, with: to)
        do {
            _ = try EasystrokeImporter.convert(bad, file: "a")
            Issue.record("converted")
        } catch {
            #expect("\(error.line):\(error.column)" == place, "\(error)")
            #expect(error.message == "easystroke actions: " + message)
        }
    }

    /// Garbled: 300 random changes to each real file (bytes replaced,
    /// dropped, doubled; seeded): each converts or is a located error, never
    /// a crash, a hang or a line past the end.
    @Test(arguments: folders)
    func garbledFilesNeverCrash(_ folder: String) throws {
        let text = try FileSystem.read(Self.directory + "/\(folder)/actions-0.5.6").get()
        var rng: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(text.utf8.count)
        func next(_ n: Int) -> Int {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Int((rng >> 33) % UInt64(max(1, n)))
        }
        let alphabet = Array("0123456789 -\n.e".utf8)
        var refused = 0
        for _ in 0..<300 {
            var bytes = Array(text.utf8)
            for _ in 0...next(3) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes[at] = alphabet[next(alphabet.count)]
                case 1: bytes.remove(at: at)
                default: bytes.insert(bytes[at], at: at)
                }
            }
            let garbled = String(decoding: bytes, as: UTF8.self)
            do {
                _ = try EasystrokeImporter.convert(garbled, file: "g")
            } catch {
                refused += 1
                #expect(error.line >= 1 && error.line <= garbled.split(separator: "\n", omittingEmptySubsequences: false).count)
                #expect(error.message.hasPrefix("easystroke actions: "))
            }
        }
        #expect(refused > 0)
    }
}

extension String {
    func replacingCharacters(in range: Range<String.Index>, with s: String) -> String {
        String(self[..<range.lowerBound]) + s + String(self[range.upperBound...])
    }
}
