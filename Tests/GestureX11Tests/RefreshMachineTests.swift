import CX11
import GestureCore
import Testing
@testable import GestureX11

/// The refresh as a machine: what it asks, stage by stage, and what it makes
/// of X's answers, errors included. No X server: answers are values.
@Suite struct RefreshMachineTests {
    typealias M = RefreshMachine

    static func info(_ id: Int32, _ name: String, use: Int32 = XISlavePointer, touch: Bool = false) -> GestureX11.XDevice.Info {
        var i = GestureX11.XDevice.Info(id: id, use: use, name: name, enabled: true)
        if touch { i.touchMode = "direct"; i.maxTouches = 10 }
        return i
    }

    /// The answers to the first stage: two slave pointers and a master.
    static func firstStage(devices: M.Answer = .devices([info(2, "Virtual core pointer", use: XIMasterPointer),
                                                         info(11, "ts", touch: true), info(12, "mouse")])) -> [M.Answer] {
        [devices, .deviceTypes([11: 500]), .atom(DeviceKindRule.libinputTapping, nil), .atom(XDevice.nodeProperty, 600),
         .atom(XDevice.productProperty, 601)]
    }

    @Test func theDevicesAreAskedInTwoStages() throws {
        var m = M(randr: false)
        #expect(m.ask(.devices, devices: []) == [.devices, .deviceTypes, .atom(DeviceKindRule.libinputTapping),
                                                  .atom(XDevice.nodeProperty), .atom(XDevice.productProperty)])
        #expect(m.ask(.modifiers, devices: []) == nil)   // one refresh at a time
        guard case .ask(let second) = m.take(Self.firstStage()) else { Issue.record("no second stage"); return }
        // Each slave pointer's node and product, then their matrices, then the type atom's name.
        #expect(second == [.property(11, .node(600)), .property(11, .product(601)), .property(12, .node(600)),
                           .property(12, .product(601)), .property(11, .matrix), .property(12, .matrix), .atomName(500)])
        let matrix = M.PropertyItems(format: 32, values: [0.5, 0, 0, 0, 1, 0, 0, 0, 1].map { Float($0).bitPattern })
        guard case .done(let r) = m.take([.property(11, .node(600), nil), .property(11, .product(601), nil),
                                          .property(12, .node(600), nil), .property(12, .product(601), nil),
                                          .property(11, .matrix, matrix), .property(12, .matrix, nil), .atomName(500, "TOUCHSCREEN")])
        else { Issue.record("not done"); return }
        #expect(r.devices?.map(\.id) == [11, 12])
        #expect(r.devices?.first?.kind == .touchscreen)
        #expect(r.matrices == [11: [0.5, 0, 0, 0, 1, 0, 0, 0, 1]])
        #expect(r.notes.isEmpty)
        #expect(m.asking.isEmpty)
    }

    /// A mouse's USB id is kept as a touchscreen's is: a binding's or a
    /// [[device]] rule's `usb:` names a pointer strokes are drawn with too.
    @Test func aMousesUSBIdIsKept() throws {
        var m = M(randr: false)
        _ = m.ask(.devices, devices: [])
        guard case .ask = m.take(Self.firstStage()) else { Issue.record("no second stage"); return }
        let mouse = M.PropertyItems(format: 32, values: [0x046d, 0xc077]), screen = M.PropertyItems(format: 32, values: [0x04f3, 0x2b7c])
        guard case .done(let r) = m.take([.property(11, .node(600), nil), .property(11, .product(601), screen),
                                          .property(12, .node(600), nil), .property(12, .product(601), mouse),
                                          .property(11, .matrix, nil), .property(12, .matrix, nil), .atomName(500, "TOUCHSCREEN")])
        else { Issue.record("not done"); return }
        #expect(r.devices?.map(\.kind) == [.touchscreen, .other])
        #expect(r.devices?.map { $0.usb.map(String.init(describing:)) } == ["04f3:2b7c", "046d:c077"])
        #expect(r.devices?.last.map { DeviceFilter("usb:046d:c077")!.acceptsPointer($0.device) } == true)
    }

    /// A device unplugged between the request and the reply (BadDevice on
    /// its property): said in a note, left out, the rest read on.
    @Test func aDeviceUnpluggedMeanwhileIsLeftOut() {
        var m = M(randr: false)
        _ = m.ask(.devices, devices: [])
        guard case .ask(let second) = m.take(Self.firstStage()) else { Issue.record("no second stage"); return }
        let answers: [M.Answer] = second.map { r in
            if case .property(12, _) = r { return .failed(r, why: "X error 1", deviceGone: true) }
            if case .atomName(let a) = r { return .atomName(a, "TOUCHSCREEN") }
            if case .property(let id, let which) = r { return .property(id, which, nil) }
            return .failed(r, why: "unexpected", deviceGone: false)
        }
        guard case .done(let r) = m.take(answers) else { Issue.record("not done"); return }
        #expect(r.devices?.map(\.id) == [11])
        #expect(r.matrices?[12] == nil)
        #expect(r.notes.contains("device 12 (mouse) went away while it was asked about; left out until the next refresh"))
    }

    /// XIQueryDevice answered by an error: the list is left as it was
    /// (nil), never read as no device; the modifier map likewise.
    @Test func anErrorLeavesWhatItAskedAsItWas() {
        var m = M(randr: true)
        #expect(m.ask([.devices, .modifiers, .monitors], devices: [11])?.contains(.monitors) == true)
        var first = Self.firstStage(devices: .failed(.devices, why: "X error 17", deviceGone: false))
        first.insert(contentsOf: [.failed(.modifierMapping, why: "X error 17", deviceGone: false),
                                  .keyboardMapping(first: 8, perKeycode: 1, keysyms: [])], at: 0)
        first.append(.failed(.monitors, why: "a reply of 32 bytes whose counts need 56", deviceGone: false))
        guard case .ask(let second) = m.take(first) else { Issue.record("no second stage"); return }
        #expect(second == [.atomName(500)])   // no device listed: no property asked
        guard case .done(let r) = m.take([.atomName(500, "TOUCHSCREEN")]) else { Issue.record("not done"); return }
        #expect(r.devices == nil && r.modifierMap == nil && r.outputs == nil)
        #expect(r.notes == ["X did not answer the modifier mapping (X error 17); left as it was",
                            "X did not answer the device list (XIQueryDevice) (X error 17); left as it was",
                            "X did not answer the monitors (RRGetMonitors) (a reply of 32 bytes whose counts need 56); left as it was"])
    }

    /// The monitors alone: the known devices' matrices and the monitors' names.
    @Test func aMonitorChangeAsksTheKnownDevicesMatrices() {
        var m = M(randr: true)
        #expect(m.ask(.monitors, devices: [11]) == [.monitors])
        guard case .ask(let second) = m.take([.monitors([Monitors.Raw(name: 700, x: 960, y: 0, width: 960, height: 1080)])])
        else { Issue.record("no second stage"); return }
        #expect(second == [.property(11, .matrix), .atomName(700)])
        guard case .done(let r) = m.take([.property(11, .matrix, nil), .atomName(700, "RIGHT")]) else { Issue.record("not done"); return }
        #expect(r.outputs?.map(\.name) == ["RIGHT"] && r.matrices == [:] && r.devices == nil)
        // Its name is known now: not asked again (no second stage at all).
        _ = m.ask(.monitors, devices: [])
        guard case .done(let again) = m.take([.monitors([Monitors.Raw(name: 700, x: 0, y: 0, width: 960, height: 1080)])])
        else { Issue.record("a second stage"); return }
        #expect(again.outputs?.map(\.name) == ["RIGHT"])
    }
}
