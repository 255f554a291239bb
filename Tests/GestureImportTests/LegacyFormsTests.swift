@testable import GestureImport
import GestureActions
import GestureX11
import Testing

/// The legacy forms real configs still hold: libinput-gestures' `_internal`
/// with `--row`/`--col`, played on a desktop grid as its own `internal-test`
/// plays them; fusuma's `update:` (with `interval`) under a direction and
/// under a keypress layer.
@Suite struct LegacyFormsTests {
    /// One of libinput-gestures' `internal-test` sets (its no-wrap ones;
    /// ours never wraps): the config, the desktops, the layout the window
    /// manager publishes for them, and from desktop 0 each swipe with the
    /// desktop it leads to there.
    struct GridSet: CustomTestStringConvertible, Sendable {
        var title: String
        var conf: String
        var desktops: Int
        var layout: [Int]
        var moves: [(String, Int)]
        var testDescription: String { title }
    }

    // The expected desktops are internal-test's (github.com/bulletmark/libinput-gestures, internal-test).
    static let fourColumnMoves: [(String, Int)] = [
        ("up", 4), ("up", 8), ("up", 8), ("down", 4), ("down", 0), ("down", 0), ("left", 1), ("left", 2), ("left", 3),
        ("left", 3), ("right", 2), ("right", 1), ("right", 0), ("right", 0), ("left", 1), ("up", 5), ("up", 9), ("up", 9),
        ("left", 10), ("up", 10), ("down", 6), ("down", 2), ("down", 2), ("left", 3), ("up", 7), ("up", 11), ("up", 11),
    ]
    static let sets: [GridSet] = [
        GridSet(title: "1 column, up/down", conf: "gesture swipe up _internal ws_up\ngesture swipe down _internal ws_down",
                desktops: 3, layout: [], moves: [("up", 1), ("up", 2), ("up", 2), ("down", 1), ("down", 0), ("down", 0)]),
        GridSet(title: "1 row, left/right", conf: "gesture swipe left _internal ws_left\ngesture swipe right _internal ws_right",
                desktops: 3, layout: [], moves: [("left", 1), ("left", 2), ("left", 2), ("right", 1), ("right", 0), ("right", 0)]),
        GridSet(title: "1 row, left/right, as columns", conf: "gesture swipe left _internal -c 3 ws_left\ngesture swipe right _internal -c 3 ws_right",
                desktops: 3, layout: [], moves: [("left", 1), ("left", 2), ("left", 2), ("right", 1), ("right", 0), ("right", 0)]),
        GridSet(title: "4 columns", conf: """
            gesture swipe up _internal -c 4 ws_up
            gesture swipe down _internal -c 4 ws_down
            gesture swipe left _internal -c 4 ws_left
            gesture swipe right _internal -c 4 ws_right
            """, desktops: 12, layout: [0, 4, 0, 0], moves: fourColumnMoves),
        // The legacy config: 3 rows (--col), and 4 columns (--row) with ws_up/ws_down along the row.
        GridSet(title: "4 columns, legacy config", conf: """
            gesture swipe up\t\t_internal --col=3 ws_up
            gesture swipe down\t\t_internal --col=3 ws_down
            gesture swipe left\t\t_internal --row=4 ws_up
            gesture swipe right\t\t_internal --row=4 ws_down
            """, desktops: 12, layout: [0, 0, 3, 0], moves: fourColumnMoves),
        // The same legacy options in argparse's other spellings.
        GridSet(title: "4 columns, legacy config, spaced", conf: """
            gesture swipe up _internal --col 3 ws_up
            gesture swipe down _internal --col 3 ws_down
            gesture swipe left _internal --ro 4 ws_up
            gesture swipe right _internal --row 4 ws_down
            """, desktops: 12, layout: [0, 4, 3, 0], moves: fourColumnMoves),
        // The diagonals, up to the first move at the grid's edge (below).
        GridSet(title: "4 columns and diagonals", conf: """
            gesture swipe up _internal -c 4 ws_up
            gesture swipe down _internal -c 4 ws_down
            gesture swipe left _internal -c 4 ws_left
            gesture swipe right _internal -c 4 ws_right
            gesture swipe left_up _internal -c 4 ws_left_up
            gesture swipe left_down _internal -c 4 ws_left_down
            gesture swipe right_up _internal -c4 ws_right_up
            gesture swipe right_down _internal --cols=4 ws_right_down
            """, desktops: 12, layout: [0, 4, 0, 0],
            moves: [("left_up", 5), ("left_up", 10), ("right_down", 5), ("right_down", 0), ("left", 1), ("left_up", 6),
                    ("left_up", 11), ("down", 7), ("right_down", 2), ("left", 3), ("left", 3), ("right_up", 6), ("right_up", 9)]),
    ]

    /// Each swipe's imported actions, run through our own EWMH workspace
    /// logic (DesktopLayout), lead to the desktop libinput-gestures leads to.
    @Test(arguments: sets)
    func internalMovesAreLibinputGesturesOwn(set: GridSet) throws {
        let imported = try LibinputGesturesImporter.convert(set.conf, file: "l.conf")
        #expect(imported.notImported.isEmpty, "\(imported.notImported)")
        var desktop = 0
        for (motion, expected) in set.moves {
            desktop = try Self.play(imported, motion, from: desktop, set)
            #expect(desktop == expected, "\(set.title): swipe \(motion)")
        }
    }

    /// At the grid's edge a diagonal moves here the one way it can, where
    /// libinput-gestures does not move (two workspace actions, not one):
    /// said above the binding.
    @Test func diagonalAtTheEdgeMovesOneWay() throws {
        let set = Self.sets.last!
        let imported = try LibinputGesturesImporter.convert(set.conf, file: "l.conf")
        #expect(try Self.play(imported, "right_up", from: 9, set) == 8)   // libinput-gestures: stays on 9
        #expect(imported.toml.contains("ws_right_up at the grid's edge: here it moves the one way it can; libinput-gestures does not move"))
    }

    static func play(_ imported: ImportedConfig, _ motion: String, from desktop: Int, _ set: GridSet) throws -> Int {
        let names: [String: WindowAction.Workspace] = ["workspace next": .next, "workspace previous": .previous, "workspace up": .up,
                                                        "workspace down": .down, "workspace left": .left, "workspace right": .right]
        let binding = try #require(imported.bindings.first { $0.name == "swipe-\(motion)-3" }, "swipe \(motion)")
        let layout = DesktopLayout(set.layout, count: set.desktops)
        var d = desktop
        for action in binding.phases.flatMap(\.actions) {
            let move = try #require(names[action], "\(action)")
            if case .success(let next) = layout.target(from: d, move, count: set.desktops) { d = next }
        }
        return d
    }

    /// What libinput-gestures refuses, refused with its reason; what it
    /// reads, read. The last four lines are a real user's (a public
    /// dotfiles README of a laptop's setup, "looks strange, but this does
    /// what it should for me"): vertical workspaces in 2 rows.
    @Test(arguments: [
        ("_internal --row=4 ws_left", "bad option: _internal --row with ws_left: libinput-gestures refuses it too (Legacy \"--row\" and \"--col\" not supported)"),
        ("_internal --col=2 ws_right", "bad option: _internal --col with ws_right: libinput-gestures refuses it too (Legacy \"--row\" and \"--col\" not supported)"),
        ("_internal --col=2 --cols 3 ws_left_up", "bad option: _internal --col with ws_left_up: libinput-gestures refuses it too (Legacy \"--row\" and \"--col\" not supported)"),
        ("_internal ws_left_up", "bad option: _internal ws_left_up needs --cols (libinput-gestures refuses it too)"),
        ("_internal --co 3 ws_up", "bad option: _internal --co: ambiguous option (libinput-gestures refuses it too)"),
        ("_internal --cols 0 ws_up", "bad option: _internal --cols 0: must be >= 1 (libinput-gestures refuses it too)"),
        ("_internal --row=x ws_up", "bad option: _internal --row needs a number (libinput-gestures refuses it too)"),
        ("_internal ws_up ws_down", "bad option: _internal ws_down: a second action (libinput-gestures refuses it too)"),
        ("_internal ws_sideways", "unknown internal command: _internal ws_sideways (libinput-gestures knows ws_up, ws_down, ws_left, ws_right and the diagonals, and refuses it too)"),
        ("_internal -c 1 ws_left", "no effect: _internal ws_left with one column moves nowhere in libinput-gestures either"),
    ])
    func internalRefusals(command: String, reason: String) throws {
        let imported = try LibinputGesturesImporter.convert("gesture swipe up 3 \(command)\ngesture swipe down 3 true", file: "l.conf")
        #expect(imported.notImported.map(\.line) == [1])
        #expect(imported.notImported.map(\.reason.description) == [reason])
        #expect(imported.toml.contains("# not imported: line 1: \(reason)"))
    }

    @Test(arguments: [
        ("gesture swipe right\t_internal ws_up", ["workspace next"]),
        ("gesture swipe left\t_internal ws_down", ["workspace previous"]),
        ("gesture swipe down\t_internal --col=2 ws_up", ["workspace down"]),
        ("gesture swipe up\t_internal --col=2 ws_down", ["workspace up"]),
        ("gesture swipe left 4 _internal --cols 2 --wrap ws_up", ["workspace down"]),
        ("gesture swipe right 4 _internal -wc 2 ws_right", ["workspace left"]),
    ])
    func realInternalLines(line: String, actions: [String]) throws {
        let imported = try LibinputGesturesImporter.convert(line, file: "l.conf")
        #expect(imported.notImported.isEmpty)
        #expect(imported.bindings.first?.phases.flatMap(\.actions) == actions)
        let loaded = testLoader().load(text: imported.toml, file: "t.toml")
        if case .failure(let e) = loaded { Issue.record("\(e)") }
    }

    /// fusuma's `update:` under a direction runs at every update that moves
    /// that way, at most every 0.1 × interval s: a step along the swipe, 15
    /// px × interval; under a keypress layer (either of the plugin's forms),
    /// the same with the keys held, with the layer's own interval or the
    /// file's `interval: {swipe: N}`. The first is fusuma's author's own
    /// (his blog's Alt+Tab, 2021-04-26: Alt held from begin to end, Tab
    /// every update).
    @Test(arguments: [
        ("""
         swipe:
           3:
             begin:
               command: xdotool keydown Alt
             right:
               update:
                 command: xdotool key Tab
                 interval: 5
             left:
               update:
                 command: xdotool key Shift+Tab
                 interval: 5
             end:
               command: xdotool keyup Alt
         """, [
            "[[bind]]\nname = \"drag-3\"\ngesture = \"drag(fingers: 3)\"\ndevice = \"touchpad\"\npriority = \"simultaneous\"\non-began = \"exec xdotool keydown Alt\"\non-ended = \"exec xdotool keyup Alt\"",
            "[[bind]]\nname = \"swipe-right-3\"\ngesture = \"swipe(fingers: 3, direction: .right)\"\ndevice = \"touchpad\"\non-step = { every = 75, increase = \"key Tab\", decrease = \"none\" }",
            "[[bind]]\nname = \"swipe-left-3\"\ngesture = \"swipe(fingers: 3, direction: .left)\"\ndevice = \"touchpad\"\non-step = { every = 75, increase = \"key shift+Tab\", decrease = \"none\" }",
         ], [String]()),
        // Alt held + 3-finger swipe right: VOLUMEUP at every step; up and down run a command at every step.
        ("""
         interval:
           swipe: 2
         swipe:
           3:
             right:
               update:
                 LEFTALT:
                   sendkey: VOLUMEUP
             left:
               update:
                 keypress:
                   LEFTALT:
                     sendkey: VOLUMEDOWN
                     interval: 0.5
             up:
               update:
                 command: pactl set-sink-volume @DEFAULT_SINK@ +5%
                 interval: 3
             down:
               begin:
                 command: notify-send down
               update:
                 command: pactl set-sink-volume @DEFAULT_SINK@ -5%
         """, [
            "[[bind]]\nname = \"swipe-right-3-alt\"\ngesture = \"swipe(fingers: 3, direction: .right)\"\ndevice = \"touchpad\"\nmodifiers = \"alt\"\non-step = { every = 30, increase = \"key XF86AudioRaiseVolume\", decrease = \"none\" }",
            "[[bind]]\nname = \"swipe-left-3-alt\"\ngesture = \"swipe(fingers: 3, direction: .left)\"\ndevice = \"touchpad\"\nmodifiers = \"alt\"\non-step = { every = 7.5, increase = \"key XF86AudioLowerVolume\", decrease = \"none\" }",
            "[[bind]]\nname = \"swipe-up-3\"\ngesture = \"swipe(fingers: 3, direction: .up)\"\ndevice = \"touchpad\"\non-step = { every = 45, increase = \"exec pactl set-sink-volume @DEFAULT_SINK@ +5%\", decrease = \"none\" }",
            "[[bind]]\nname = \"swipe-down-3\"\ngesture = \"swipe(fingers: 3, direction: .down)\"\ndevice = \"touchpad\"\non-began = \"exec notify-send down\"\non-step = { every = 30, increase = \"exec pactl set-sink-volume @DEFAULT_SINK@ -5%\", decrease = \"none\" }",
         ], [
            // The plain swipes that hold only a layer write none (one doing nothing would take the gesture).
            "5: no action of its own: swipe 3 right (only what is listed as not imported)",
            "9: no action of its own: swipe 3 left (only what is listed as not imported)",
         ]),
        // A real user's (a public desktop setup script): the author's Alt+Tab
        // as Ctrl+Tab in Chrome, every 0.3 s, beside a Shift layer.
        ("""
         interval:
           swipe: 0.8
         ---
         context:
           application:  Google-chrome
         swipe:
           3:
             begin:
               command: xdotool keydown Ctrl # hold ctrl down
             right:
               update:
                 command: xdotool key Tab  # press tab
                 interval: 3
             left:
               update:
                 command: xdotool key Shift+Tab # press shift+tab
                 interval: 3
             end:
               command: xdotool keyup Ctrl  Ctrl # release ctrl
             up:
               sendkey: 'LEFTCTRL+T'    # new tab
               keypress:
                 LEFTSHIFT: # when press shift down
                   sendkey: 'LEFTSHIFT+LEFTCTRL+T' # open last closed tab
             down:
               sendkey: 'LEFTCTRL+W'    # close tab
         """, [
            "[[app.bind]]\nname = \"drag-3\"\ngesture = \"drag(fingers: 3)\"\ndevice = \"touchpad\"\npriority = \"simultaneous\"\non-began = \"exec xdotool keydown Ctrl\"\non-ended = \"exec xdotool keyup Ctrl  Ctrl\"",
            "[[app.bind]]\nname = \"swipe-right-3\"\ngesture = \"swipe(fingers: 3, direction: .right)\"\ndevice = \"touchpad\"\non-step = { every = 45, increase = \"key Tab\", decrease = \"none\" }",
            "[[app.bind]]\nname = \"swipe-left-3\"\ngesture = \"swipe(fingers: 3, direction: .left)\"\ndevice = \"touchpad\"\non-step = { every = 45, increase = \"key shift+Tab\", decrease = \"none\" }",
            "[[app.bind]]\nname = \"swipe-up-3\"\ngesture = \"swipe(fingers: 3, direction: .up)\"\ndevice = \"touchpad\"\non-began = \"key ctrl+t\"",
            "[[app.bind]]\nname = \"swipe-up-3-shift\"\ngesture = \"swipe(fingers: 3, direction: .up)\"\ndevice = \"touchpad\"\nmodifiers = \"shift\"\non-began = \"key shift+ctrl+t\"",
            "[[app.bind]]\nname = \"swipe-down-3\"\ngesture = \"swipe(fingers: 3, direction: .down)\"\ndevice = \"touchpad\"\non-began = \"key ctrl+w\"",
         ], []),
        // The blog's rotation: layers under update, the plain step beside them.
        ("""
         rotate:
           3:
             clockwise:
               update:
                 sendkey: VOLUMEUP
                 LEFTALT:
                   sendkey: BRIGHTNESSUP
             counterclockwise:
               update:
                 sendkey: VOLUMEDOWN
                 LEFTALT:
                   sendkey: BRIGHTNESSDOWN
         """, [
            "name = \"rotate-3\"\ngesture = \"rotate(fingers: 3)\"\ndevice = \"touchpad\"\non-step = { every = 15, increase = \"key XF86AudioRaiseVolume\", decrease = \"key XF86AudioLowerVolume\" }",
            "name = \"rotate-3-alt\"\ngesture = \"rotate(fingers: 3)\"\ndevice = \"touchpad\"\nmodifiers = \"alt\"\non-step = { every = 15, increase = \"key XF86MonBrightnessUp\", decrease = \"key XF86MonBrightnessDown\" }",
         ], []),
    ])
    func fusumaUpdatesStep(yaml: String, bindings: [String], skipped: [String]) throws {
        let imported = try FusumaImporter.convert(yaml, file: "config.yml")
        for b in bindings { #expect(imported.toml.contains(b), "\(b)\n--\n\(imported.toml)") }
        #expect(imported.bindingsWritten == bindings.count)
        #expect(imported.notImported.map { "\($0.line): \($0.reason)" } == skipped)
        let loaded = try testLoader().load(text: imported.toml, file: "t.toml").get()
        #expect(loaded.table.allBindings.count == bindings.count)
    }
}
