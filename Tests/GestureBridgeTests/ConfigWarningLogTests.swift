import XTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A config with errors may have warnings too: each is logged at its own
/// level (it used to be logged as `error: …: warning: …`).
@Suite(.serialized) struct ConfigWarningLogTests {
    /// One error (a direction misspelled) and one warning (keep-modifiers without a layer).
    static let config = """
        version = 1
        keymap = "generic"

        [[bind]]
        gesture = "swipe(fingers: 3, direction: .lef)"
        on-ended = "key ctrl+alt+Right"

        [[bind]]
        gesture = "tap(fingers: 2)"
        keep-modifiers = true
        on-ended = "button 3"

        """

    @Test func aWarningInABrokenConfigIsLoggedAsAWarning() throws {
        let x = try Xvfb()
        let d = DaemonProcess(display: x.display, config: Self.config, play: nil)
        #expect(d.waitForLog("running the built-in default until they are fixed"))
        #expect(d.log.contains("error: " + d.dir + "/config.toml:5:41: unknown direction '.lef'"), "\(d.log)")
        #expect(d.log.contains("warning: " + d.dir + "/config.toml:10:1: warning: 'keep-modifiers' applies to a layer"), "\(d.log)")
        #expect(!d.log.contains("error: " + d.dir + "/config.toml:10:1: warning:"), "\(d.log)")
        d.signal(SIGTERM)
        #expect(d.waitExit() == 0)
    }
}
