import GestureActions
import GestureTesting
import GestureTraces
import GestureConfig
import GestureImport
#if canImport(Glibc)
import Glibc
#endif

/// One input through one of our parsers; a crash or a sanitizer report is a
/// bug. Every parser must answer with a value or an error, never trap.
enum FuzzTarget: String, CaseIterable {
    case config, expression, action, trace
    /// The importers' parsers: libyaml (fusuma) and pugixml (touchegg), through
    /// our readers, with what the importers make of the trees.
    case yaml, xml
    /// easystroke's Boost text archives (actions and preferences), and what
    /// is imported from them: it must load, shapes and all.
    case easystroke

    func run(_ text: String) {
        switch self {
        case .config:
            let loader = ConfigLoader(keymaps: KeymapStore(directories: []), environment: ["XDG_CURRENT_DESKTOP": "GNOME"])
            if case .success(let c) = loader.load(text: text, file: "fuzz.toml") {
                // What loads must also replay: the engine takes any valid table.
                var b = TraceBuilder.standard(seed: UInt64(text.utf8.count))
                b.land(3, at: Point(x: 900, y: 500), stagger: 0.01)
                b.move(by: Point(x: -200, y: 30), over: 0.2)
                b.lift()
                _ = Replayer.run(b.trace, table: c.table)
            }
        case .expression:
            _ = ExpressionParser.parse(text)
        case .action:
            _ = ActionParser.parse(text, keymap: nil)
            for w in text.split(separator: " ") { _ = ActionParser.parseChord(String(w), allowModifiersOnly: true) }
        case .yaml:
            _ = try? FusumaImporter.convert(text, file: "fuzz.yml")
        case .xml:
            _ = try? ToucheggImporter.convert(text, file: "fuzz.conf")
        case .easystroke:
            guard let imported = try? EasystrokeImporter.convert(text, file: "actions-0.5.6", preferences: (text, "preferences-0.5.5")) else { return }
            var loader = ConfigLoader(keymaps: KeymapStore(directories: []), environment: ["XDG_CURRENT_DESKTOP": "GNOME"])
            guard case .success(let shapes) = StrokesFile.parse(StrokesFile.text(imported.shapes), file: "strokes.toml") else {
                fatalError("the shapes imported from easystroke do not load")
            }
            loader.strokes = shapes
            guard case .success = loader.load(text: imported.config.toml, file: "config.toml") else {
                fatalError("the config imported from easystroke does not load")
            }
        case .trace:
            if let t = try? TraceReader.parse(text, file: "fuzz.jsonl") {
                _ = Replayer.run(t, table: GestureTable(desktop: [
                    Binding(name: "s", gesture: .swipe(SwipeSpec(direction: .left, common: CommonArguments(fingers: 3)))),
                    Binding(name: "z", gesture: .magnify(MagnifySpec()), step: StepSpec(every: 0.1)),
                    Binding(name: "t", gesture: .exclusively(.tap(TapSpec(count: 2)), .longPress(LongPressSpec())), repeats: true),
                ]))
            }
        }
    }
}

import GestureCore

nonisolated(unsafe) var selected = FuzzTarget.config

func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    selected.run(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// `gesture-fuzz TARGET [libFuzzer options] [CORPUS…]`: SwiftPM names an
/// executable's entry point MODULE_main; libFuzzer's driver takes it from there.
@_cdecl("gesture_fuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    guard argc >= 2, let argv, let name = argv[1].map({ String(cString: $0) }), let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
        var usage = "usage: gesture-fuzz \(names) [libFuzzer options] [corpus dirs]\n"
        usage.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        return 2
    }
    selected = target
    // libFuzzer sees the program name and the options after the target.
    var count = argc - 1
    argv[1] = argv[0]
    var rest: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv + 1
    return LLVMFuzzerRunDriver(&count, &rest, fuzzOne)
}
