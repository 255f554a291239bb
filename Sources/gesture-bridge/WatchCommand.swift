import ArgumentParser
import GestureTools
import GestureBridge
import GestureSystem
import GestureClient
import GestureLocalization
#if canImport(Glibc)
import Glibc
#endif

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: L("Show live what the running daemon sees: fingers, each binding's progress, verdicts."),
        discussion: """
            Connects to the monitor socket of the daemon on the display and draws, \
            as you touch: one line per device with its fingers, a progress bar per \
            binding still in contention toward its threshold, and when the gesture \
            ends, what fired (and its actions) or why nothing did ("swipe-left-3: \
            moved 54 px of 80"). Works in a plain terminal and in tmux. --json passes \
            the stream through (docs/monitor.md). Ctrl+C stops.
            """
    )

    @OptionGroup var display: DisplayOption
    @Flag(help: "Print the monitor stream's JSON lines as they come, and nothing else.") var json = false
    @Flag(help: "Read the stream from standard input (e.g. `gesture-bridge replay --monitor`) instead of the daemon.")
    var stdin = false

    /// Redraws at most this often (a touch's frames come faster).
    static let redrawInterval = 1.0 / 30

    func run() throws {
        let env = ProcessEnvironment.current()
        let d = display.display ?? env["DISPLAY"] ?? ":0"
        let client: MonitorClient
        if stdin {
            client = MonitorClient(reading: 0)
        } else {
            do throws(MonitorClient.ConnectError) {
                client = try MonitorClient(display: d, environment: env)
            } catch {
                writeLine("gesture-bridge watch: " + L(error.words))
                throw ExitCode(1)
            }
        }
        if json {
            while let line = client.nextLine() {
                print(line)
                fflush(nil)
            }
            return
        }
        var view = WatchView(title: "gesture-bridge watch: " + (stdin ? "standard input" : d) + " (Ctrl+C stops)")
        var drawn = -Double.infinity
        draw(view)
        while let line = client.nextLine() {
            view.consume(Substring(line))
            let now = monotonicNow()
            if now - drawn >= Self.redrawInterval {
                draw(view)
                drawn = now
            }
        }
        draw(view)
        if !stdin { writeLine("gesture-bridge watch: " + L("the daemon went away")) }
    }

    /// The whole screen again: home, clear, the view (as wide as the terminal).
    func draw(_ view: WatchView) {
        var size = winsize()
        let width = ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        print("\u{1B}[H\u{1B}[2J" + view.render(width: width).joined(separator: "\n"))
        fflush(nil)
    }
}
