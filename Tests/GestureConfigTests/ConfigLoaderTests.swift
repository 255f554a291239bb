import GestureActions
import GestureConfig
import GestureCore
import Testing

/// config.md's complete example, verbatim.
let specExample = #"""
version = 1
keymap = "auto"            # a file in keymaps/ (gnome, kde, xfce, cinnamon, mate, i3, ...)
                           # or "auto" (from XDG_CURRENT_DESKTOP / the window manager) or "none"

# Swipe to switch workspace: a parent (desktop-wide) gesture that must win
# over applications, so it grabs the touches (priority "high").
[[bind]]
name = "workspace-next"
gesture = "swipe(fingers: 3, direction: .left)"
priority = "high"
on-ended = "key workspace-next"          # a keymap name, resolved through `keymap`

[[bind]]
name = "workspace-previous"
gesture = "swipe(fingers: 3, direction: .right)"
priority = "high"
on-ended = "key workspace-previous"

# Pinch to zoom as key bindings: one key press per 15 % of scale change.
[[bind]]
name = "zoom"
gesture = "magnify(fingers: 2)"
on-step = { every = 0.15, increase = "key ctrl+plus", decrease = "key ctrl+minus" }

# A composition: press and hold with one finger, then drag, opens the overview.
[[bind]]
name = "hold-then-drag"
gesture = "longPress(minimumDuration: 0.6s).sequenced(before: drag(minimumDistance: 40px))"
on-ended = "exec rofi -show window"

# A child scope: gestures for windows whose WM_CLASS matches.
[[app]]
class = "firefox"          # glob over the WM_CLASS class (or instance) name
including = "all"          # GestureMask for this scope: all | gesture | subviews | none

[[app.bind]]
gesture = "swipe(fingers: 2, direction: .right)"
on-ended = "key alt+Left"              # browser back
"""#

@Suite struct ConfigLoaderTests {
    @Test func specExampleMeansWhatItSays() throws {
        let c = try load(specExample).get()
        #expect(c.warnings.isEmpty)
        #expect(c.keymap?.keymapName == "gnome")
        let t = c.table
        #expect(t.desktop.map(\.name) == ["workspace-next", "workspace-previous", "zoom", "hold-then-drag"])
        #expect(t.desktop[0] == Binding(name: "workspace-next",
                                        gesture: .swipe(SwipeSpec(direction: .left, common: CommonArguments(fingers: 3))),
                                        priority: .high))
        #expect(t.desktop[2].step == StepSpec(every: 0.15) && t.desktop[2].priority == .normal)
        #expect(t.desktop[3].gesture == .sequenced(.longPress(LongPressSpec(minimumDuration: 0.6)),
                                                   .drag(DragSpec(minimumDistance: .px(40)))))
        #expect(t.apps.count == 1 && t.apps[0].classGlob == "firefox" && t.apps[0].including == .all)
        #expect(t.apps[0].bindings[0].name == "swipe(fingers: 2, direction: .right)")  // unnamed: its gesture text
        // Actions by BindingID, keymap names resolved through GNOME's keymap.
        #expect(c.actions.map { $0.ended.map(\.description) } == [
            ["key super+Page_Down"], ["key super+Page_Up"], [], ["exec rofi -show window"], ["key alt+Left"],
        ])
        #expect(c.actions[2].increase.map(\.description) == ["key ctrl+plus"])
        #expect(c.actions[2].decrease.map(\.description) == ["key ctrl+minus"])
        #expect(c.scopes == ["desktop", "desktop", "desktop", "desktop", "firefox"])
        #expect(t.settings == Settings())
    }

    @Test func keymapNamesFollowTheDesktop() throws {
        let kde = try load(specExample, desktop: "KDE").get()
        #expect(kde.actions[0].ended.map(\.description) == ["key ctrl+super+Right"])
        let xfce = try load(specExample, desktop: "XFCE").get()
        #expect(xfce.actions[0].ended.map(\.description) == ["key ctrl+alt+Right"])
    }

    @Test func settingsWithUnits() throws {
        let c = try load("""
            [settings]
            tap-timeout = "200ms"
            double-tap-timeout = "0.4s"
            long-press = "1s"
            slop = "3mm"
            finger-landing = "60ms"
            swipe-distance = "120px"
            swipe-min-velocity = "50mm/s"
            edge-width = 0
            grab-timeout = "100ms"
            repeat-delay = "300ms"
            repeat-interval = "50ms"
            """).get()
        var s = Settings()
        s.tapTimeout = 0.2
        s.doubleTapTimeout = 0.4
        s.longPress = 1
        s.slop = .mm(3)
        s.fingerLanding = 0.06
        s.swipeDistance = .px(120)
        s.touchpadSwipeDistance = .px(120)   // the user's swipe-distance is for every device
        s.swipeMinVelocity = Speed(.mm(50))
        s.edgeWidth = .px(0)
        s.grabTimeout = 0.1
        s.repeatDelay = 0.3
        s.repeatInterval = 0.05
        #expect(c.table.settings == s)
    }

    @Test func touchpadSwipeDistanceWrittenWinsOverSwipeDistance() throws {
        let c = try load("""
            version = 1
            [settings]
            touchpad-swipe-distance = "25px"
            swipe-distance = "120px"
            """).get()
        #expect(c.table.settings.swipeDistance == .px(120))
        #expect(c.table.settings.touchpadSwipeDistance == .px(25))
        #expect(try load("version = 1").get().table.settings.touchpadSwipeDistance == Settings().touchpadSwipeDistance)
    }

    @Test func everyKeyOfABinding() throws {
        let c = try load("""
            keymap = "none"
            including = "gesture"
            [[bind]]
            name = "all keys"
            gesture = "hold(fingers: 3)"
            priority = "simultaneous"
            device = "touchpad"
            on-began = "keydown alt"
            on-changed = ["button 4", "button 5"]
            on-ended = "keyup alt"
            on-cancelled = ["keyup alt", "exec logger cancelled"]
            on-step = { every = 0.5, increase = "key Tab" }
            on-repeat = "key XF86AudioRaiseVolume"
            [[app]]
            class = "*term*"
            including = "none"
            """).get()
        let b = c.table.desktop[0]
        #expect(b.priority == .simultaneous && b.device == .touchpad && b.repeats && b.step == StepSpec(every: 0.5))
        #expect(c.table.including == .gesture && c.table.apps[0].including == .none)
        let a = c.actions[0]
        #expect(a.began == [.keyDown(KeyChord(modifiers: [.alt], key: nil))])
        #expect(a.changed == [.button(4), .button(5)])
        #expect(a.cancelled.map(\.description) == ["keyup alt", "exec logger cancelled"])
        #expect(a.increase.map(\.description) == ["key Tab"] && a.decrease.isEmpty)
        #expect(a.repeats.map(\.description) == ["key XF86AudioRaiseVolume"])
        #expect(c.keymap == nil)
    }

    @Test func severalErrorsAllReportedInFileOrder() {
        guard case .failure(let e) = load("""
            [[bind]]
            gesture = "swipe(fingers: 0)"
            on-ended = "key ctrl+nope"
            [[bind]]
            gesture = "tapp()"
            priority = "urgent"
            """) else { Issue.record("loaded"); return }
        #expect(e.diagnostics.map { "\($0.line):\($0.column)" } == ["2:27", "3:22", "5:12", "6:13"])
    }

    @Test func renderedLikeConfigMd() {
        guard case .failure(let e) = load("""
            [[bind]]
            gesture = "swipe(fingers: 3, direction: .lef)"
            """) else { Issue.record("loaded"); return }
        #expect(e.description == """
            c.toml:2:41: unknown direction '.lef'; expected .left, .right, .up, .down, .upLeft, .upRight, .downLeft, .downRight
              gesture = "swipe(fingers: 3, direction: .lef)"
                                                      ^~~~
            """)
    }
}
