#if canImport(Glibc)
import Glibc
#endif
import GestureSystem
import GestureConfig
import GestureImport

/// `gesture-bench reloads N FILE...`: loads each file N times as the daemon
/// reloads it (a `.toml` config, or a keymap from a `keymaps` folder), or
/// imports it (by the tool its name holds: touchegg, fusuma,
/// libinput-gestures), keeping nothing. Run
/// under LeakSanitizer (scripts/lsan-reloads.sh) it shows what a reload
/// leaks: every parser, valid files and broken ones.
func reloads(_ args: [String]) -> Int32 {
    guard let n = args.first.flatMap({ Int($0) }), n > 0, args.count > 1 else {
        print("usage: gesture-bench reloads N FILE...")
        return 2
    }
    let loader = ConfigLoader.standard()
    var loaded = 0, refused = 0
    for file in args.dropFirst() {
        guard case .success(let text) = FileSystem.read(file) else {
            print("cannot read \(file)")
            return 1
        }
        guard let load = reader(for: file, text: text, loader: loader) else {
            print("\(file): neither a .toml config or keymap nor a touchegg, fusuma or libinput-gestures file")
            return 2
        }
        for _ in 0..<n {
            if load() { loaded += 1 } else { refused += 1 }
        }
    }
    print("reloads: \(loaded) loaded, \(refused) refused, \(args.count - 1) files × \(n)")
    return 0
}

/// How `file` is read, as the daemon or `import` reads it; true when it loads.
private func reader(for file: String, text: String, loader: ConfigLoader) -> (() -> Bool)? {
    if let slash = file.lastIndex(of: "/"), file[..<slash].hasSuffix("keymaps"), file.hasSuffix(".toml") {
        // A keymap, read as the daemon reads one (KeymapStore).
        let store = KeymapStore(directories: [String(file[..<slash])], useBuiltIn: false)
        let name = String(file[file.index(after: slash)...].dropLast(5))
        return { if case .success? = store.load(name) { true } else { false } }
    }
    if file.hasSuffix(".toml") {
        return { if case .success = loader.load(text: text, file: file) { true } else { false } }
    }
    if file.contains("touchegg") { return { (try? ToucheggImporter.convert(text, file: file)) != nil } }
    if file.contains("fusuma") { return { (try? FusumaImporter.convert(text, file: file)) != nil } }
    if file.contains("easystroke") { return { (try? EasystrokeImporter.convert(text, file: file)) != nil } }
    if file.contains("libinput-gestures") { return { (try? LibinputGesturesImporter.convert(text, file: file)) != nil } }
    return nil
}
