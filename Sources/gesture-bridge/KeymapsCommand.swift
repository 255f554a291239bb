import ArgumentParser
import GestureLocalization
import GestureSystem
import GestureConfig
import GestureX11

struct KeymapsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keymaps",
        abstract: L("List the desktop keymaps, or show one."),
        discussion: "A keymap gives names to a desktop's shortcuts, so a config can say `key workspace-next`. Your own keymaps in ~/.config/gesture-bridge/keymaps/NAME.toml take precedence."
    )

    @Argument(help: "A keymap to show (e.g. gnome).") var name: String?

    func run() throws {
        let env = ProcessEnvironment.current()
        let store = KeymapStore.standard(environment: env)
        guard let name else {
            // As the daemon does: the window manager decides when the environment names no desktop.
            var wm: String? = nil
            if KeymapStore.desktopWords(environment: env).isEmpty, let display = env["DISPLAY"], !display.isEmpty {
                wm = (try? XConnection(name: display)).flatMap { WindowManager.name($0) }
            }
            let detected = store.detect(environment: env, windowManager: wm).name
            for (n, origin) in store.available() {
                let desc: String
                if case .success(let k)? = store.load(n) { desc = k.desktop } else { desc = "(has errors)" }
                print("\(n.padded(10))\(desc.padded(14))\(origin)\(n == detected ? "   (this desktop)" : "")")
            }
            return
        }
        switch store.load(name) {
        case nil:
            writeLine("unknown keymap '\(name)'; available: " + store.available().map(\.name).joined(separator: ", "))
            throw ExitCode(1)
        case .failure(let e)?:
            writeLine(e.description)
            throw ExitCode(1)
        case .success(let k)?:
            print("# \(k.keymapName): \(k.desktop) (\(k.origin))")
            for n in k.names { print("\(n.padded(20))\(k.text(for: n) ?? "")") }
        }
    }
}
