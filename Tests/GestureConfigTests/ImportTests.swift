@testable import GestureConfig
import Testing

/// `gesture-bridge import`: realistic configs of touchegg, libinput-gestures
/// and fusuma (written from their documented formats, Tests/Import) give the
/// expected config byte for byte, and that config loads without errors.
@Suite struct ImportTests {
    static let directory = repositoryDirectory("Tests/Import")

    static func convert(_ tool: String, _ text: String, file: String) throws(ImportError) -> ImportedConfig {
        switch tool {
        case "touchegg": return try ToucheggImporter.convert(text, file: file)
        case "libinput-gestures": return try LibinputGesturesImporter.convert(text, file: file)
        default: return try FusumaImporter.convert(text, file: file)
        }
    }

    @Test(arguments: [("touchegg", "touchegg.conf"), ("libinput-gestures", "libinput-gestures.conf"), ("fusuma", "fusuma.yml")])
    func goldens(tool: String, file: String) throws {
        let text = try FileSystem.read(Self.directory + "/" + file).get()
        let expected = try FileSystem.read(Self.directory + "/\(tool).expected.toml").get()
        let imported = try Self.convert(tool, text, file: file)
        #expect(imported.toml == expected)
        // What it writes is a config of ours: it loads, with no error.
        let loaded = testLoader().load(text: imported.toml, file: "\(tool).toml")
        if case .failure(let e) = loaded { Issue.record("\(e)") }
    }

    /// What each sample holds that has no equivalent is said, not dropped.
    @Test func nothingIsLostSilently() throws {
        let touchegg = try FileSystem.read(Self.directory + "/touchegg.expected.toml").get()
        #expect(touchegg.contains("# touchegg line 4: setting animation_delay = 150: no equivalent"))
        #expect(touchegg.contains("SEND_KEYS A+B: not one key gesture-bridge knows"))
        let libinput = try FileSystem.read(Self.directory + "/libinput-gestures.expected.toml").get()
        #expect(libinput.contains("gesture hold on xdotool key super+a: no equivalent"))
        #expect(libinput.contains("device DLL0945:00 06CB:CDE6 Touchpad"))
        let fusuma = try FileSystem.read(Self.directory + "/fusuma.expected.toml").get()
        #expect(fusuma.contains("hold: no equivalent") && fusuma.contains("plugin settings: not imported"))
        #expect(fusuma.contains("class = \"Google-chrome\""))
    }

    @Test(arguments: [
        ("touchegg", "<touchégg><application name=\"All\">\n  <gesture type=\"SWIPE\" fingers=\"3\">\n</touchégg>",
         "t.conf:3:1: XML: </touchégg> closes <gesture> (line 2)"),
        ("touchegg", "<touchégg>\n<application name='All'><gesture type=\"SWIPE\"/></application></touchégg>",
         "t.conf:2:25: <gesture> needs type and fingers"),
        ("touchegg", "<a>&nbsp;</a>", "t.conf:1:14: XML: unknown entity '&nbsp;'"),
        ("libinput-gestures", "gesture swipe sideways 3 true", "t.conf:1:15: unknown swipe direction 'sideways'; expected up, down, left, right, left_up, right_up, left_down or right_down"),
        ("libinput-gestures", "\n\ngesture tap 3 true", "t.conf:3:9: unknown gesture type 'tap'; expected swipe, pinch or hold"),
        ("libinput-gestures", "gestures swipe up true", "t.conf:1:1: unknown keyword 'gestures'; expected gesture, device, swipe_threshold or timeout"),
        ("libinput-gestures", "gesture swipe up 3", "t.conf:1:19: gesture swipe up has no command"),
        ("fusuma", "swipe:\n  3:\n    - left", "t.conf:3:5: YAML: sequences are not used by this importer"),
        ("fusuma", "swipe:\n  7:\n    left:\n      command: x", "t.conf:2:3: swipe: '7' is no finger count (3 to 5)"),
        ("fusuma", "pinch: {2: {in: {command: x}}}", "t.conf:1:8: YAML: '{' (flow collections, anchors, tags, block scalars) is not used by this importer"),
        ("fusuma", "swipe:\n  3:\n    left:\n      command: 'x\n", "t.conf:4:16: YAML: unterminated 'string'"),
        ("fusuma", "swipe:\n\t3:", "t.conf:2:1: YAML: a tab in the indentation"),
    ])
    func errorsNameTheLineAndColumn(tool: String, text: String, message: String) {
        do {
            _ = try Self.convert(tool, text, file: "t.conf")
            Issue.record("converted")
        } catch {
            #expect(error.description == message)
        }
    }
}
