import GestureConfig
import GestureCore
import Testing

@Suite struct DefaultConfigTests {
    @Test(arguments: ["GNOME", "KDE", "XFCE", "X-Cinnamon", "MATE", "i3", "Openbox"])
    func loadsWithNoWarningOnEveryDesktop(_ desktop: String) throws {
        let c = try load(DefaultConfig.text, desktop: desktop).get()
        #expect(c.warnings.isEmpty)
        #expect(c.table.desktop.map(\.name) == ["workspace-next", "workspace-previous", "overview", "show-desktop", "zoom"])
    }

    @Test func doesTheEverydayThings() throws {
        let c = try load(DefaultConfig.text).get()
        #expect(c.table.desktop[0].gesture == .swipe(SwipeSpec(direction: .left, common: CommonArguments(fingers: 3))))
        #expect(c.table.desktop[2].gesture == .swipe(SwipeSpec(direction: .up, common: CommonArguments(fingers: 4))))
        #expect(c.table.desktop[4].gesture == .magnify(MagnifySpec(common: CommonArguments(fingers: 2))))
        #expect(c.table.desktop[4].step == StepSpec(every: 0.15))
        #expect(c.actions[4].increase.map(\.description) == ["key ctrl+plus"])
        #expect(c.table.settings == Settings())
    }

    /// The commented examples are real: with their "# " removed they load too.
    @Test func commentedExamplesLoad() throws {
        let examples = DefaultConfig.text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("# [[") || line.hasPrefix("# ") && line.dropFirst(2).first.map({ $0.isLetter }) == true
                && line.contains(" = ") && !line.hasPrefix("# # ") {
                return String(line.dropFirst(2))
            }
            return String(line)
        }.joined(separator: "\n")
        let c = try load(examples).get()
        #expect(c.warnings.isEmpty)
        // Every feature: all gesture kinds and combinators, every phase, a
        // layer, a device rule, an app scope.
        #expect(c.table.desktop.count == 18)
        #expect(c.table.desktop.filter { $0.modifiers == .alt }.map(\.name) == ["alt-swipe-left"])
        #expect(c.table.devices == [DeviceRule(match: .named("ELAN*"), settings: {
            var s = Settings()
            s.fingerLanding = 0.3
            return s
        }())])
        #expect(c.table.apps.count == 1 && c.table.apps[0].bindings.count == 2)
        let settingsUncommented = DefaultConfig.text.contains("# tap-timeout = \"400ms\"")
        #expect(settingsUncommented && c.table.settings == Settings())
    }
}
