import GestureSystem
import GestureBridge
import GestureCore
import GestureConfig
import Testing
import GestureTraces
import GestureTesting

@Suite struct TraceReaderTests {
    static let header = #"{"trace": 1, "screen": {"width": 1920, "height": 1080}, "devices": [{"id": 11, "name": "virtual touchscreen", "kind": "touchscreen"}]}"#

    @Test func readsTheSpecExample() throws {
        let text = """
        \(Self.header)
        {"t": 0.000, "dev": 11, "ev": "touch-begin", "id": 1, "x": 1200, "y": 500}
        {"t": 0.012, "dev": 11, "ev": "touch-begin", "id": 2, "x": 1260, "y": 540}

        # a comment
        {"t": 0.019, "dev": 11, "ev": "touch-begin", "id": 3, "x": 1320, "y": 520}
        {"t": 0.028, "dev": 11, "ev": "touch-update", "id": 1, "x": 1185, "y": 501, "pressure": 0.4}
        {"t": 0.310, "dev": 11, "ev": "touch-end", "id": 3, "x": 1010, "y": 523}
        {"t": 0.4, "ev": "window", "class": "firefox", "instance": "Navigator"}
        """
        let trace = try TraceReader.parse(text)
        #expect(trace.header.screen == Screen(width: 1920, height: 1080, pxPerMM: 3.78))
        #expect(trace.header.devices == [Device(id: 11, name: "virtual touchscreen", kind: .touchscreen)])
        #expect(trace.events.count == 6)
        #expect(trace.events[3] == TraceEvent(t: 0.028, input: .touchUpdate(device: 11, touch: 1, at: Point(x: 1185, y: 501))))
        #expect(trace.events[5].input == .window(WindowContext(windowClass: "firefox", instance: "Navigator")))
    }

    @Test func readsOutputsAndTouchpadEvents() throws {
        let text = """
        {"trace": 1, "screen": {"width": 3840, "height": 1080, "px_per_mm": 4}, "outputs": [{"name": "eDP-1", "x": 0, "y": 0, "width": 1920, "height": 1080}, {"name": "HDMI-1", "x": 1920, "y": 0, "width": 1920, "height": 1080}], "devices": [{"id": 12, "name": "pad", "kind": "touchpad"}, {"id": 11, "name": "ts", "kind": "touchscreen", "output": "eDP-1"}]}
        {"t": 0, "dev": 12, "ev": "pinch-begin", "fingers": 2, "x": 10, "y": 20}
        {"t": 0.01, "dev": 12, "ev": "pinch-update", "fingers": 2, "dx": 1, "dy": -1, "scale": 1.05, "da": -2.5}
        {"t": 0.02, "dev": 12, "ev": "pinch-end", "fingers": 2, "cancelled": true}
        {"t": 0.03, "dev": 12, "ev": "swipe-begin", "fingers": 3, "x": 10, "y": 20}
        {"t": 0.04, "dev": 12, "ev": "swipe-update", "fingers": 3, "dx": -12.5, "dy": 0}
        {"t": 0.05, "dev": 12, "ev": "swipe-end", "fingers": 3, "cancelled": false}
        """
        let trace = try TraceReader.parse(text)
        #expect(trace.header.screen.outputs.count == 2 && trace.header.screen.pxPerMM == 4)
        #expect(trace.header.devices[1].output == "eDP-1")
        #expect(trace.events[1].input == .pinchUpdate(device: 12, fingers: 2, delta: Point(x: 1, y: -1), scale: 1.05, angleDelta: -2.5))
        #expect(trace.events[2].input == .pinchEnd(device: 12, fingers: 2, cancelled: true))
        #expect(trace.events[4].input == .swipeUpdate(device: 12, fingers: 3, delta: Point(x: -12.5, y: 0)))
    }

    /// Broken traces: each error names the line, the key and the column.
    @Test(arguments: [
        (#"{"trace": 2, "screen": {"width": 1, "height": 1}, "devices": []}"#,
         "t.jsonl:1:11: 'trace': unsupported trace version 2; this reads version 1"),
        (#"{"screen": {"width": 1, "height": 1}, "devices": []}"#,
         "t.jsonl:1: 'trace': missing required key"),
        (#"{"trace": 1, "screen": {"width": "wide", "height": 1}, "devices": []}"#,
         "t.jsonl:1:34: 'width': expected a number, got a string"),
        (#"{"trace": 1, "screen": {"width": 1, "height": 1}, "devices": [{"id": 1, "kind": "tablet"}]}"#,
         "t.jsonl:1:81: 'kind': unknown device kind 'tablet'; expected touchscreen, touchpad, mouse, pen or other"),
        ("\(header)\n{\"t\": 0, \"dev\": 11, \"ev\": \"touch-begin\", \"x\": 1, \"y\": 2}",
         "t.jsonl:2: 'id': missing required key"),
        ("\(header)\n{\"t\": 0, \"dev\": 11, \"ev\": \"touch-begin\", \"id\": 1, \"x\": 1, \"y\": true}",
         "t.jsonl:2:64: 'y': expected a number, got a boolean"),
        ("\(header)\n{\"t\": 0, \"dev\": 11, \"ev\": \"touch-begin\", \"id\": 1.5, \"x\": 1, \"y\": 2}",
         "t.jsonl:2:48: 'id': expected an integer, got 1.5"),
        ("\(header)\n{\"t\": 0, \"dev\": 12, \"ev\": \"touch-begin\", \"id\": 1, \"x\": 1, \"y\": 2}",
         "t.jsonl:2:17: 'dev': device 12 is not in the header's devices"),
        ("\(header)\n{\"t\": 0, \"dev\": 11, \"ev\": \"touch-move\", \"id\": 1, \"x\": 1, \"y\": 2}",
         "t.jsonl:2:27: 'ev': unknown event 'touch-move'; expected touch-begin, touch-update, touch-end, swipe-begin, swipe-update, swipe-end, pinch-begin, pinch-update, pinch-end, button-press, motion, button-release or window"),
        ("\(header)\n{\"t\": 1, \"dev\": 11, \"ev\": \"touch-begin\", \"id\": 1, \"x\": 1, \"y\": 2}\n{\"t\": 0.5, \"dev\": 11, \"ev\": \"touch-end\", \"id\": 1, \"x\": 1, \"y\": 2}",
         "t.jsonl:3:7: 't': time goes backwards (0.5 after 1.0); events must be in time order"),
        ("\(header)\n{\"t\": 0, \"dev\": 11, \"ev\": \"swipe-end\", \"fingers\": 3, \"cancelled\": \"no\"}",
         "t.jsonl:2:67: 'cancelled': expected true or false, got a string"),
        ("\(header)\n{\"t\": 0, \"dev\": 11, \"ev\": \"touch-begin\", \"id\": 1, \"x\": 1, \"y\": 2",
         "t.jsonl:2:65: unexpected end of line inside an object"),
        ("\(header)\n[1, 2]", "t.jsonl:2:1: expected a JSON object"),
        ("\(header)\n{\"t\": 0, \"ev\": \"window\"}", "t.jsonl:2: 'class': missing required key"),
        ("# only a comment\n", "t.jsonl:1: empty trace: no header line"),
        // Found by the fuzzer: an id out of Int32's range used to trap.
        ("\(header)\n{\"t\": 0, \"dev\": 2727272727212, \"ev\": \"touch-begin\", \"id\": 1, \"x\": 1, \"y\": 2}",
         "t.jsonl:2:17: 'dev': device id must be 0...2147483647, got 2727272727212"),
        (#"{"trace": 1, "screen": {"width": 1, "height": 1}, "devices": [{"id": -4, "kind": "touchpad"}]}"#,
         "t.jsonl:1:70: 'id': device id must be 0...2147483647, got -4"),
    ])
    func errorsNameTheLineAndTheKey(_ text: String, _ message: String) {
        #expect(throws: TraceError.self) { try TraceReader.parse(text, file: "t.jsonl") }
        do {
            _ = try TraceReader.parse(text, file: "t.jsonl")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func fuzzerFindsReadCleanly() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        let dir = parts.joined(separator: "/") + "/FuzzRegressions"
        for name in FileSystem.list(dir) where name.hasPrefix("trace-") {
            #expect(throws: TraceError.self) { try TraceFile.read(path: dir + "/" + name) }
        }
    }

    @Test func writerRoundTrips() throws {
        var b = TraceBuilder.standard(seed: 5, outputs: [Output(name: "eDP-1", x: 0, y: 0, width: 1920, height: 1080)])
        b.window(class: "we\"ird\\class", instance: "i", title: "tab\tand\u{1}control")
        b.land(3, at: Point(x: 960, y: 540), stagger: 0.013)
        b.move(by: Point(x: -123.456, y: 7.89), over: 0.2, jitter: 1.3)
        b.lift(stagger: 0.004)
        var p = TraceBuilder.standard(device: .touchpad)
        p.touchpadPinch(fingers: 3, to: 0.8, rotating: -12.5, over: 0.1, cancelled: true)
        p.touchpadSwipe(fingers: 4, by: Point(x: 0, y: 99.5), over: 0.1)
        // Extensions: the unaccelerated motion and a touchpad's size in mm.
        p.touchpadSwipe(fingers: 3, by: Point(x: -50, y: 0), over: 0.05, unaccelerated: Point(x: -210.5, y: 3))
        p.header.devices[1].sizeMM = Size(width: 105.5, height: 68)
        // How record decided a device's kind travels with the trace.
        p.header.kindFrom = [p.header.devices[0].id: "sends XI 2.4 touchpad gestures (gesture class)"]
        for trace in [b.trace, p.trace] {
            let text = TraceWriter.write(trace)
            let back = try TraceReader.parse(text)
            #expect(back == trace)
            // Writing what was read gives the same text.
            #expect(TraceWriter.write(back) == text)
        }
    }

    /// A trace without the extensions reads as before; with half of one, says what is missing.
    @Test func theExtensionsAreOptionalAndWhole() throws {
        let header = "{\"trace\": 1, \"screen\": {\"width\": 100, \"height\": 100}, \"devices\": [{\"id\": 12, \"kind\": \"touchpad\", \"width_mm\": 100, \"height_mm\": 60}]}\n"
        let t = try TraceReader.parse(header + "{\"t\": 0, \"dev\": 12, \"ev\": \"swipe-update\", \"fingers\": 3, \"dx\": 1, \"dy\": 2, \"udx\": 3, \"udy\": 4}\n")
        #expect(t.header.devices[0].sizeMM == Size(width: 100, height: 60))
        #expect(t.events[0].input == .swipeUpdate(device: 12, fingers: 3, delta: Point(x: 1, y: 2), unaccelerated: Point(x: 3, y: 4)))
        #expect(throws: TraceError.self) {
            try TraceReader.parse(header + "{\"t\": 0, \"dev\": 12, \"ev\": \"swipe-update\", \"fingers\": 3, \"dx\": 1, \"dy\": 2, \"udx\": 3}\n")
        }
    }

    @Test func readsFilesLineByLine() throws {
        let dir = TraceFiles.directory
        let trace = try TraceFile.read(path: dir + "/touchscreen-swipe-left-3.jsonl")
        #expect(trace.events.count == 90)
        #expect(throws: TraceError.self) { try TraceFile.read(path: dir + "/no-such-file.jsonl") }
    }
}

enum TraceFiles {
    /// Tests/Traces, next to this test target.
    static let directory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Traces"
    }()
}
