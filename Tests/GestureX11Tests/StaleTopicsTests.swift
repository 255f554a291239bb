import GestureCore
import Testing
@testable import GestureX11

/// The listener's refresh, without X: what is asked when, at which engine
/// time its inputs come, and what the engine is told.
@Suite struct StaleTopicsTests {
    /// One refresh at a time: a mark while one is asked waits for its
    /// answer, then is asked with its own read's time; marks of one read
    /// and the next keep the first's time.
    @Test func aMarkWhileAskedWaitsAndIsAskedAfterTheAnswer() {
        var s = StaleTopics()
        #expect(s.toAsk() == [])
        s.mark(.devices)
        s.stamp(1.5)
        s.mark(.monitors)
        s.stamp(1.7)   // a second read's marks keep the first one's time
        #expect(s.toAsk() == [.devices, .monitors])
        s.mark(.devices)   // again, while asked
        s.stamp(2.0)
        #expect(s.toAsk() == [])   // not while the first is out
        #expect(s.answered() == 1.5)
        #expect(s.toAsk() == .devices)
        #expect(s.answered() == 2.0)
        #expect(s.toAsk() == [])
        #expect(s.asked.isEmpty && s.marked.isEmpty)
    }

    /// Devices gone, then devices come, by id; the screen, then its
    /// touchscreens again (their output may have changed), only when it did.
    @Test func theEngineIsToldWhatChangedInOrder() {
        let pad = Device(id: 9, name: "pad", kind: .touchpad), screen = Device(id: 4, name: "ts", kind: .touchscreen)
        let other = Device(id: 2, name: "pen", kind: .touchpad)
        #expect(DeviceView.changes(from: [pad, other], to: [screen, pad])
                == [.deviceRemoved(2), .deviceAdded(screen)])
        let one = Screen(width: 1920, height: 1080), two = Screen(width: 1920, height: 1080,
                                                                   outputs: [Output(name: "RIGHT", x: 960, y: 0, width: 960, height: 1080)])
        #expect(DeviceView.changes(from: one, to: one, devices: [screen, pad]) == [])
        #expect(DeviceView.changes(from: one, to: two, devices: [screen, pad]) == [.screenChanged(two), .deviceAdded(screen)])
    }

    /// A touchscreen's matrix maps it onto an output: the engine's device
    /// names it; devices of no touch kind, or disabled, are not the engine's.
    @Test func aTouchscreensMatrixNamesItsOutput() {
        let right = Output(name: "RIGHT", x: 960, y: 0, width: 960, height: 1080)
        let screen = Screen(width: 1920, height: 1080, outputs: [Output(name: "LEFT", x: 0, y: 0, width: 960, height: 1080), right])
        var off = XDevice(id: 7, name: "off", kind: .touchpad, touchMode: "dependent", maxTouches: 5, enabled: false)
        off.kindReason = "test"
        let list = [XDevice(id: 3, name: "ts", kind: .touchscreen, touchMode: "direct", maxTouches: 10, enabled: true),
                    XDevice(id: 5, name: "mouse", kind: .other, touchMode: "none", maxTouches: 0, enabled: true), off]
        let devices = DeviceView.engineDevices(list, matrices: [3: [0.5, 0, 0.5, 0, 1, 0, 0, 0, 1]], screen: screen)
        #expect(devices.map(\.id) == [3])
        #expect(devices.first?.output == "RIGHT")
        #expect(DeviceView.engineDevices(list, matrices: [:], screen: screen).first?.output == nil)
    }
}
