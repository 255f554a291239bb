#if canImport(Glibc)
import Glibc
#endif
import GestureBridge

/// What `gesture-bridge run` takes, read by hand: the daemon links no
/// swift-argument-parser (with it comes FoundationEssentials: 8 MB of
/// binary, 4 MB resident and half the start-up's instructions, for a
/// command line read once). `gesture-bridge run` is parsed, helped and
/// completed by the CLI (Sources/gesture-bridge/DaemonCommands.swift), which
/// hands these same words on when it execs the daemon; reading them again
/// here keeps the daemon whole when run by itself.
struct RunArguments {
    var options = Daemon.Options()
    var help = false

    struct Failure: Error {
        let message: String
    }

    /// The options, as `gesture-bridge run --help` lists them.
    static let usage = """
        USAGE: gesture-bridge run [--config <FILE>] [--display <DISPLAY>] [--verbose] [--play <TRACE>] \
        [--play-speed <FACTOR>] [--exit-when-ready] [--record <TRACE>]

          See 'gesture-bridge run --help' for more information.
        """

    /// `--name value` and `--name=value`, as swift-argument-parser takes them.
    static func read(_ words: [String]) -> Result<RunArguments, Failure> {
        var a = RunArguments()
        var i = 0
        func fail(_ m: String) -> Result<RunArguments, Failure> { .failure(Failure(message: m)) }
        while i < words.count {
            let word = words[i]
            i += 1
            var name = word, inline: String? = nil
            if word.hasPrefix("--"), let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inline = String(word[word.index(after: eq)...])
            }
            /// The option's value: after `=`, or the next word.
            func value() -> String? {
                if let inline { return inline }
                guard i < words.count, !words[i].hasPrefix("--") else { return nil }
                i += 1
                return words[i - 1]
            }
            let flag = inline == nil
            switch name {
            case "-h" where flag, "--help" where flag: a.help = true
            case "-v" where flag, "--verbose" where flag: a.options.verbose = true
            case "--exit-when-ready" where flag: a.options.exitWhenReady = true
            case "--config", "--display", "--play", "--play-speed", "--record":
                guard let v = value() else { return fail("Missing value for '\(name) <\(valueName(name))>'") }
                switch name {
                case "--config": a.options.configPath = v
                case "--display": a.options.display = v
                case "--play": a.options.play = v
                case "--record": a.options.record = v
                default:
                    guard let speed = Double(v), speed > 0, speed.isFinite else {
                        return fail("--play-speed must be a number greater than 0")
                    }
                    a.options.playSpeed = speed
                }
            default:
                if !flag || word.hasPrefix("-") { return fail("Unknown option '\(name)'") }
                return fail("Unexpected argument '\(word)'")
            }
        }
        return .success(a)
    }

    private static func valueName(_ option: String) -> String {
        switch option {
        case "--config": return "FILE"
        case "--display": return "DISPLAY"
        case "--play-speed": return "FACTOR"
        default: return "TRACE"
        }
    }
}
