@testable import GestureCore
import Testing
import GestureTraces
import GestureTesting

/// Modifier layers (`modifiers = "alt"`) and `[[device]]` rules: the issue's
/// engine side.
struct LayerAndDeviceRuleTests {
    /// A plain 3-finger swipe and its Alt layer, as fusuma's author binds them.
    static let plainAndAlt: [Binding] = {
        var alt = bind("alt-swipe-left", swipe(.left))
        alt.modifiers = .alt
        return [bind("swipe-left", swipe(.left)), alt]
    }()

    static func swipeLeft(holding mods: Modifiers?, device: DeviceKind = .touchscreen) -> TraceBuilder {
        var b = TraceBuilder.standard(device: device)
        if let mods { b.emit(.modifiers(mods)) }
        if device == .touchpad {
            b.touchpadSwipe(fingers: 3, by: Point(x: -300, y: 0), over: 0.25)
        } else {
            b.land(3, at: centre)
            b.move(by: Point(x: -300, y: 0), over: 0.25)
            b.lift()
        }
        return b
    }

    /// The same hand with and without Alt: the layer's binding or the plain
    /// one, never both; with other modifiers held, the plain one (a binding
    /// without `modifiers` is for any); with exactly none, `"none"`'s.
    static let held: [(Modifiers?, [String])] = [
        (nil, ["swipe-left:began", "swipe-left:ended"]),
        ([], ["swipe-left:began", "swipe-left:ended"]),
        (.alt, ["alt-swipe-left:began", "alt-swipe-left:ended"]),
        ([.alt, .shift], ["swipe-left:began", "swipe-left:ended"]),
        (.ctrl, ["swipe-left:began", "swipe-left:ended"]),
    ]

    @Test(arguments: held)
    func theLayerOrThePlainBindingNeverBoth(held: Modifiers?, want: [String]) {
        for device in [DeviceKind.touchscreen, .touchpad] {
            let run = Run(Self.swipeLeft(holding: held, device: device), Self.plainAndAlt)
            #expect(run.phases == want, "\(device), holding \(held?.description ?? "nothing said")")
        }
    }

    /// `modifiers = "none"`: only with no modifier held.
    @Test func noneIsNoModifierHeld() {
        var bare = bind("bare", swipe(.left))
        bare.modifiers = []
        #expect(Run(Self.swipeLeft(holding: []), [bare]).phases == ["bare:began", "bare:ended"])
        #expect(Run(Self.swipeLeft(holding: .shift), [bare]).phases == [])
    }

    /// Decided when the gesture starts: Alt pressed or let go of mid-gesture
    /// (a later begin would carry it) changes nothing.
    @Test func aModifierPressedMidGestureChangesNothing() {
        var b = TraceBuilder.standard()
        b.land(3, at: centre)
        b.move(by: Point(x: -30, y: 0), over: 0.05)
        b.emit(.modifiers(.alt))
        b.move(by: Point(x: -270, y: 0), over: 0.2)
        b.lift()
        #expect(Run(b, Self.plainAndAlt).phases == ["swipe-left:began", "swipe-left:ended"])

        var c = TraceBuilder.standard()
        c.emit(.modifiers(.alt))
        c.land(3, at: centre)
        c.move(by: Point(x: -30, y: 0), over: 0.05)
        c.emit(.modifiers([]))
        c.move(by: Point(x: -270, y: 0), over: 0.2)
        c.lift()
        #expect(Run(c, Self.plainAndAlt).phases == ["alt-swipe-left:began", "alt-swipe-left:ended"])
    }

    /// A layer outranks the plain binding at the same place in SwiftUI's
    /// order, not above it: the desktop's `high` plain swipe still beats an
    /// app's Alt layer.
    @Test func aLayerRanksWithinItsPriority() {
        var alt = bind("app-alt", swipe(.left))
        alt.modifiers = .alt
        var b = TraceBuilder.standard()
        b.window(class: "firefox", instance: "firefox")
        b.emit(.modifiers(.alt))
        b.land(3, at: centre)
        b.move(by: Point(x: -300, y: 0), over: 0.25)
        b.lift()
        let run = Run(b, [bind("desk", swipe(.left), .high)], apps: [AppScope(classGlob: "firefox", bindings: [alt])])
        #expect(run.phases == ["desk:began", "desk:ended"])
    }

    // MARK: Device rules

    static let elan = Device(id: 11, name: "ELAN9008:00 04F3:2C82", kind: .touchscreen, usb: USBID(vendor: 0x04f3, product: 0x2c82))

    /// Real device names and ids (libinput's and systemd's hwdb, evemu
    /// recordings): which filters match them.
    @Test(arguments: [
        ("name:ELAN*", "ELAN9008:00 04F3:2C82", DeviceKind.touchscreen, USBID?(USBID(vendor: 0x04f3, product: 0x2c82)), true),
        ("name:ELAN*", "SYNA7DB5:01 06CB:CD41 Touchpad", .touchpad, USBID(vendor: 0x06cb, product: 0xcd41), false),
        ("name:*Touchpad", "SYNA7DB5:01 06CB:CD41 Touchpad", .touchpad, USBID(vendor: 0x06cb, product: 0xcd41), true),
        ("usb:06cb:cd41", "SYNA7DB5:01 06CB:CD41 Touchpad", .touchpad, USBID(vendor: 0x06cb, product: 0xcd41), true),
        ("usb:06CB:CD41", "SYNA7DB5:01 06CB:CD41 Touchpad", .touchpad, USBID(vendor: 0x06cb, product: 0xcd41), true),
        ("usb:05ac:0265", "Apple Inc. Magic Trackpad 2", .touchpad, USBID(vendor: 0x05ac, product: 0x0265), true),
        ("usb:05ac:0265", "bcm5974", .touchpad, USBID(vendor: 0x05ac, product: 0x0262), false),
        ("name:Wacom Intuos5 touch M Finger", "Wacom Intuos5 touch M Finger", .touchpad, USBID(vendor: 0x056a, product: 0x0027), true),
        ("name:Wacom*", "Wacom Intuos5 touch M Pen", .other, USBID(vendor: 0x056a, product: 0x0027), false),
        ("usb:03eb:211c", "Atmel Atmel maXTouch Digitizer", .touchscreen, USBID(vendor: 0x03eb, product: 0x211c), true),
        ("usb:03eb:211c", "AlpsPS/2 ALPS GlidePoint", .touchpad, USBID?.none, false),
        ("touchpad", "AlpsPS/2 ALPS GlidePoint", .touchpad, USBID?.none, true),
        ("touchscreen", "AlpsPS/2 ALPS GlidePoint", .touchpad, USBID?.none, false),
    ])
    func filtersOverRealDevices(filter: String, name: String, kind: DeviceKind, usb: USBID?, matches: Bool) throws {
        let f = try #require(DeviceFilter(filter))
        #expect(f.accepts(Device(id: 1, name: name, kind: kind, usb: usb)) == matches)
        #expect(DeviceFilter(f.text) == f)
    }

    @Test(arguments: ["usb:", "usb:04f3", "usb:04f3:", "usb:xyz1:0001", "usb:12345:0001", "name:", "mouse", "Touchpad"])
    func filtersThatAreNot(text: String) {
        #expect(DeviceFilter(text) == nil)
    }

    /// A binding for one device by name: its swipe acts there, not on
    /// another touchscreen.
    @Test func aBindingForOneDeviceByName() {
        let other = Device(id: 12, name: "Goodix Capacitive TouchScreen", kind: .touchscreen)
        let binding = bind("elan-only", swipe(.left), device: .named("ELAN*"))
        for (device, want) in [(Self.elan, ["elan-only:began", "elan-only:ended"]), (other, [])] {
            var b = TraceBuilder(header: TraceHeader(screen: Screen(width: 1920, height: 1080), devices: [device]))
            b.land(3, at: centre)
            b.move(by: Point(x: -300, y: 0), over: 0.25)
            b.lift()
            #expect(Run(b, [binding]).phases == want, "\(device.name)")
        }
    }

    /// `[[device]]` with `disabled = true`: its touches go back at once and
    /// nothing fires; its own settings apply to it only.
    @Test func aDisabledDeviceReleasesItsTouchesAndFiresNothing() {
        var b = TraceBuilder(header: TraceHeader(screen: Screen(width: 1920, height: 1080), devices: [Self.elan]))
        b.land(3, at: centre)
        b.move(by: Point(x: -300, y: 0), over: 0.25)
        b.lift()
        let table = GestureTable(desktop: [bind("swipe", swipe(.left), .high)],
                                 devices: [DeviceRule(match: .usb(vendor: 0x04f3, product: 0x2c82), disabled: true)])
        let run = Run(b.trace, table)
        #expect(run.phases == [])
        #expect(run.touches.count == 3 && run.touches.allSatisfy { $0.decision == .released })
    }

    /// A short swipe (40 px) fires on the device whose rule lowers its
    /// swipe-distance and not on the one the config's 80 px holds.
    @Test func aDevicesOwnSettings() {
        var short = Settings()
        short.swipeDistance = .px(30)
        let other = Device(id: 12, name: "Goodix Capacitive TouchScreen", kind: .touchscreen)
        let table = GestureTable(desktop: [bind("swipe", swipe(.left))],
                                 devices: [DeviceRule(match: .named("ELAN*"), settings: short)])
        for (device, want) in [(Self.elan, ["swipe:began", "swipe:ended"]), (other, [])] {
            var b = TraceBuilder(header: TraceHeader(screen: Screen(width: 1920, height: 1080), devices: [device]))
            b.land(3, at: centre)
            b.move(by: Point(x: -40, y: 0), over: 0.2)
            b.lift()
            #expect(Run(b.trace, table).phases == want, "\(device.name)")
        }
    }

    // MARK: Traces carry mods

    /// Written on the begin lines (`"mods": "alt"`), read back as the same
    /// events; a trace without them (every older one) holds none.
    @Test func tracesCarryModsOnTheirBegins() throws {
        let b = Self.swipeLeft(holding: .alt, device: .touchpad)
        let text = TraceWriter.write(b.trace)
        #expect(text.contains("\"mods\": \"alt\", \"dev\": 12, \"ev\": \"swipe-begin\""))
        let back = try TraceReader.parse(text)
        #expect(back.events == b.trace.events)
        let old = text.split(separator: "\n").map { $0.replacing(", \"mods\": \"alt\"", with: "") }.joined(separator: "\n")
        let plain = try TraceReader.parse(old)
        #expect(!plain.events.contains { if case .modifiers = $0.input { true } else { false } })
        #expect(Run(plain, GestureTable(desktop: Self.plainAndAlt)).phases == ["swipe-left:began", "swipe-left:ended"])
        #expect(Run(back, GestureTable(desktop: Self.plainAndAlt)).phases == ["alt-swipe-left:began", "alt-swipe-left:ended"])
    }

    @Test func badModsInATraceSayWhere() {
        let text = """
            {"trace": 1, "screen": {"width": 100, "height": 100}, "devices": [{"id": 1, "kind": "touchpad"}]}
            {"t": 0, "mods": "alt+caps", "dev": 1, "ev": "swipe-begin", "fingers": 3, "x": 1, "y": 1}
            """
        #expect(throws: TraceError.self) { try TraceReader.parse(text, file: "m.jsonl") }
        do { _ = try TraceReader.parse(text, file: "m.jsonl") } catch {
            #expect("\(error)".hasPrefix("m.jsonl:2:"))
            #expect("\(error)".contains("'caps' is not a modifier"))
        }
    }
}
