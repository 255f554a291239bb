@testable import GestureTools
import GestureBridge
import GestureConfig
import GestureCore
import GestureTesting
import GestureTraces
import Testing

/// `replay --explain` and `check` know layers; `devices` shows the rules
/// that apply to each device.
@Suite struct LayerExplainAndDeviceListingTests {
    static let config = """
        version = 1
        keymap = "none"
        [[device]]
        match = "usb:06cb:cd41"
        slop = "4mm"
        finger-landing = "300ms"
        [[device]]
        match = "name:Wacom*"
        disabled = true
        [[bind]]
        name = "swipe-left"
        gesture = "swipe(fingers: 3, direction: .left)"
        on-ended = "key F9"
        [[bind]]
        name = "alt-swipe-left"
        gesture = "swipe(fingers: 3, direction: .left)"
        modifiers = "alt"
        on-ended = "key ctrl+Right"
        [[bind]]
        name = "synaptics-tap"
        gesture = "tap(fingers: 2)"
        device = "name:SYNA*"
        on-ended = "button 3"
        """

    /// A layer whose modifiers were not held says so under --explain.
    @Test func explainSaysWhyALayerSatOut() throws {
        let c = try isolatedLoader.load(text: Self.config, file: "c.toml").get()
        var b = TraceBuilder.standard()
        b.emit(.modifiers(.shift))
        b.land(3, at: Point(x: 960, y: 540))
        b.move(by: Point(x: -300, y: 0), over: 0.25)
        b.lift()
        let printer = ReplayPrinter(config: c, json: false, explain: true)
        let lines = Replayer.run(b.trace, table: c.table, explain: true).flatMap { printer.lines($0).map(\.text) }
        #expect(lines.contains { $0.contains("alt-swipe-left concedes: a layer of other modifiers (held: shift)") })
        #expect(lines.contains { $0.contains("swipe-left") && $0.contains("key F9") })
        #expect(!lines.contains { $0.contains("ctrl+Right") })
    }

    /// `check`'s listing names a layer.
    @Test func checkListsTheLayer() throws {
        let c = try isolatedLoader.load(text: Self.config, file: "c.toml").get()
        let text = BindingListing.text(c, label: "c.toml")
        #expect(text.contains("alt-swipe-left\n  scope: desktop, priority: normal, device: any, modifiers: alt\n"))
        #expect(text.contains("synaptics-tap\n  scope: desktop, priority: normal, device: name:SYNA*\n"))
    }

    /// What `devices` prints under each device: real names and ids.
    @Test(arguments: [
        (Device(id: 10, name: "SYNA7DB5:01 06CB:CD41 Touchpad", kind: .touchpad, usb: USBID(vendor: 0x06cb, product: 0xcd41)),
         ["[[device]] #1 (match = \"usb:06cb:cd41\"): its own settings: finger-landing = 300 ms, slop = 4.0mm",
          "bindings for it by name or id: synaptics-tap (device = \"name:SYNA*\")"]),
        (Device(id: 11, name: "Wacom Intuos5 touch M Finger", kind: .touchpad, usb: USBID(vendor: 0x056a, product: 0x0027)),
         ["[[device]] #2 (match = \"name:Wacom*\"): disabled: gesture-bridge leaves it to the applications"]),
        (Device(id: 12, name: "ELAN9008:00 04F3:2C82", kind: .touchscreen, usb: USBID(vendor: 0x04f3, product: 0x2c82)), []),
    ])
    func devicesListsTheRulesOfEachDevice(device: Device, want: [String]) throws {
        let c = try isolatedLoader.load(text: Self.config, file: "c.toml").get()
        #expect(DeviceRulesListing.lines(for: device, c) == want)
    }

    /// `check` with the devices X has: a name or id none of them has is a
    /// warning at its place, and the config still loads.
    @Test func aRuleThatMatchesNoDeviceIsAWarning() throws {
        var loader = isolatedLoader
        loader.presentDevices = [Device(id: 12, name: "ELAN9008:00 04F3:2C82", kind: .touchscreen,
                                        usb: USBID(vendor: 0x04f3, product: 0x2c82)),
                                 Device(id: 4, name: "Virtual core XTEST pointer", kind: .other)]
        let c = try loader.load(text: Self.config, file: "c.toml").get()
        let warnings = c.warnings.map(\.description)
        #expect(warnings.count == 3)
        #expect(warnings[0].hasPrefix("c.toml:4:10: warning: no touch device here matches 'usb:06cb:cd41'; X has 'ELAN9008:00 04F3:2C82' (usb:04f3:2c82)"))
        #expect(warnings[1].hasPrefix("c.toml:8:10: warning: no touch device here matches 'name:Wacom*'"))
        #expect(warnings[2].hasPrefix("c.toml:22:11: warning: no touch device here matches 'name:SYNA*'"))
        loader.presentDevices![0].name = "SYNA7DB5:01 06CB:CD41 Touchpad"
        loader.presentDevices![0].usb = USBID(vendor: 0x06cb, product: 0xcd41)
        #expect(try loader.load(text: Self.config, file: "c.toml").get().warnings.count == 1)   // only the Wacom
    }
}
