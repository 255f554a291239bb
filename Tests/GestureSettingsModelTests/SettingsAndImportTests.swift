import Foundation
import GestureConfig
import GestureImport
import GestureSettingsModel
import Testing

@Suite struct SettingsAndImportTests {
    /// Every setting's default is the one the default config's comments list
    /// (what `init` writes): `# tap-timeout = "400ms"  # …`.
    @Test func settingDefaultsAreTheDefaultConfigs() {
        var listed: [String: String] = [:]
        // The [settings] table's lines, to the first blank line.
        let settings = DefaultConfig.text.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "[settings]" }.prefix { !$0.isEmpty }
        for line in settings where line.hasPrefix("# ") && line.contains(" = \"") {
            let body = line.dropFirst(2)
            let key = String(body.prefix { $0 != " " })
            guard let info = SettingInfo.named(key) else { continue }
            let value = body.drop { $0 != "\"" }.dropFirst().prefix { $0 != "\"" }
            listed[info.key] = "\"\(value)\""
        }
        let timed = SettingInfo.all.filter { $0.kind != .boolean }
        #expect(listed.count == timed.count)
        for info in timed { #expect(listed[info.key] == info.defaultValue, "\(info.key)") }
        #expect(SettingInfo.named("touchegg-protocol")?.defaultValue == "false")
    }

    /// Each setting's default, written, loads; a value of the wrong unit does not.
    @Test(arguments: SettingInfo.all.map(\.key))
    func eachSettingLoadsItsDefaultAndRefusesAWrongUnit(_ key: String) throws {
        let info = try #require(SettingInfo.named(key))
        #expect(!info.description.isEmpty && (info.kind == .boolean) == info.units.isEmpty)
        let doc = document("version = 1\n")
        let set = try doc.setSetting(key, info.defaultValue).get()
        #expect(set == "version = 1\n\n[settings]\n\(key) = \(info.defaultValue)\n")
        let wrong = info.kind == .time ? "\"10px\"" : info.kind == .boolean ? "\"yes\"" : "\"10ms\""
        #expect(doc.setSetting(key, wrong).isFailure)
        if info.perDevice {
            let device = try document(set).addDevice(match: "touchpad").get()
            #expect(try document(device).setDeviceSetting(0, key, info.defaultValue).get().hasSuffix("match = \"touchpad\"\n\(key) = \(info.defaultValue)\n"))
        }
    }

    @Test func devicesAreListedWithTheirSettings() throws {
        let doc = document(fixture("full.toml"))
        let d = try #require(doc.devices.first)
        #expect(d.index == 0 && d.match == "name:ELAN*" && !d.disabled && d.line == 70)
        #expect(d.settings.map(\.key) == ["finger-landing"] && d.settings.map(\.value) == ["\"300ms\""])
        let off = document(try doc.setDeviceSetting(0, "disabled", "true").get())
        #expect(off.devices.first?.disabled == true)
        #expect(doc.resetDeviceSetting(0, "match").isFailure)
        #expect(doc.settings.filter { $0.value != nil }.map(\.info.key) == ["long-press", "swipe-distance"])
    }

    /// What an import would bring, before anything is written: on real users' configs (Tests/Import).
    @Test(arguments: [
        (ImportPreview.Tool.touchegg, "touchegg.conf"),
        (.libinputGestures, "libinput-gestures.conf"),
        (.fusuma, "fusuma.yml"),
    ])
    func importPreviewSaysWhatComesAcrossAndWhatIsLost(_ tool: ImportPreview.Tool, _ file: String) throws {
        let path = repositoryPath("Tests/Import/" + file)
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let preview = try ImportPreview.of(tool, text: source, file: file, loader: testLoader()).get()
        // What `import` writes, byte for byte (its expected output), and it loads.
        let expected = try String(contentsOfFile: repositoryPath("Tests/Import/" + file.split(separator: ".")[0] + ".expected.toml"),
                                  encoding: .utf8)
        #expect(preview.text == expected)
        #expect(!preview.document.isReadOnly, "\(preview.document.diagnostics)")
        let rows = preview.document.scopes.flatMap(\.bindings)
        #expect(!rows.isEmpty && rows.allSatisfy { !$0.gestureWords.isEmpty && !$0.actionWords.isEmpty })
        #expect(preview.summary.hasPrefix("\(tool.rawValue): "))
        #expect(preview.summary.contains("\(rows.count) binding"))
        #expect(preview.summary.hasSuffix("\(preview.lost.count) not imported") || preview.summary.contains("\(preview.lost.count) not imported ("))
        for lost in preview.lost { #expect(lost.line >= 1 && !lost.reason.isEmpty) }
    }

    /// easystroke in the app's Import (issue 58, item 7): the config `import`
    /// writes, byte for byte, and the shapes its bindings name; they are
    /// written into strokes.toml beside the config in one write, a shape
    /// already there of another name kept with its comment.
    @Test func importPreviewOfEasystrokeHasItsShapesAndWritesThem() throws {
        let dir = repositoryPath("Tests/Import/easystroke/synthetic")
        let source = try String(contentsOfFile: dir + "/actions-0.5.6", encoding: .utf8)
        // Named as `import` names it in its first comment line (the expected output's).
        let preview = try ImportPreview.of(.easystroke, text: source, file: dir + "/actions-0.5.6", loader: testLoader()).get()
        let expected = try String(contentsOfFile: dir + "/config.expected.toml", encoding: .utf8)
        #expect(preview.text.split(separator: "\n").dropFirst() == expected.split(separator: "\n").dropFirst())
        #expect(ImportPreview.Tool.easystroke.defaultPath == ".easystroke/actions-0.5.6")
        let names = preview.shapes.shapes.map(\.name)
        #expect(names.contains("back") && names.contains("terminal"))
        let rows = preview.document.scopes.flatMap(\.bindings)
        #expect(rows.contains { $0.gestureWords == "Draw “back” with the right button" })

        let folder = NSTemporaryDirectory() + "gb-import-shapes-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let strokes = folder + "/strokes.toml"
        let mine = fixture("strokes.toml")
        try mine.write(toFile: strokes, atomically: true, encoding: .utf8)
        #expect(preview.writeShapes(besideConfig: folder + "/config.toml") == nil)
        let written = try String(contentsOfFile: strokes, encoding: .utf8)
        #expect(written.hasPrefix(mine))
        let set = try StrokesFile.parse(written, file: strokes).get()
        #expect(set.shapes.map(\.name) == ["v"] + names)
        // The templates as `import --into` writes them (StrokesFile.text: its numbers' precision).
        let cli = try StrokesFile.parse(StrokesFile.text(preview.shapes), file: "cli").get()
        #expect(set.shapes.dropFirst().map(\.templates) == cli.shapes.map(\.templates))
        // Again: each shape replaced in place, nothing added.
        #expect(preview.writeShapes(besideConfig: folder + "/config.toml") == nil)
        #expect(try String(contentsOfFile: strokes, encoding: .utf8) == written)
    }

    @Test func importPreviewOfTheWrongFormatSaysWhere() {
        guard case .failure(let e) = ImportPreview.of(.touchegg, text: "not xml at all <", file: "t.conf", loader: testLoader()) else {
            Issue.record("previewed garbage"); return
        }
        #expect(e.file == "t.conf" && e.line >= 1)
    }
}
