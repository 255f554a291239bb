import GestureConfig
import GestureCore
import GestureSystem
import Testing

/// The `[settings]` keys of strokes drawn with a button (issue 58): the
/// hold, the trail and the name. Parsed, checked, and documented where the
/// settings are listed (the default config, docs/config.md).
@Suite struct StrokeSettingsTests {
    @Test func theDefaults() {
        let s = Settings()
        #expect(s.buttonHold == 0.25 && s.strokeTrail && s.strokeName)
    }

    @Test func parsed() throws {
        let c = try load("""
            version = 1
            [settings]
            button-hold = "400ms"
            stroke-trail = false
            stroke-name = false
            """).get()
        #expect(c.table.settings.buttonHold == 0.4)
        #expect(!c.table.settings.strokeTrail && !c.table.settings.strokeName)
        #expect(try load("version = 1\n[settings]\nbutton-hold = 0\n").get().table.settings.buttonHold == 0)
    }

    @Test func refused() {
        for (text, said) in [("button-hold = \"-1s\"", "'button-hold' takes a time with its unit"),
                             ("button-hold = 250", "'button-hold' takes a time with its unit"),
                             ("stroke-trail = \"no\"", "'stroke-trail' takes true or false")] {
            guard case .failure(let e) = load("version = 1\n[settings]\n" + text + "\n") else {
                Issue.record("\(text) loaded"); continue
            }
            #expect(e.description.contains(said), "\(text): \(e)")
        }
        // The daemon's own, not a device's.
        guard case .failure(let e) = load("version = 1\n[[device]]\nmatch = \"touchpad\"\nbutton-hold = \"1s\"\n") else {
            Issue.record("button-hold in [[device]] loaded"); return
        }
        #expect(e.description.contains("unknown key 'button-hold' in [[device]]"), "\(e)")
    }

    /// Each key is in the default config (commented out, with its default)
    /// and in docs/config.md's list of stroke settings.
    @Test(arguments: ["button-hold", "stroke-trail", "stroke-name"])
    func documented(_ key: String) throws {
        let f = try #require(SettingField.named(key))
        #expect(!f.description.isEmpty && !f.perDevice)
        let line = try #require(DefaultConfig.text.split(separator: "\n").first { $0.hasPrefix("# \(key) = ") })
        let value: String
        switch f.value(Settings()) {
        case .boolean(let b): value = "\(b)"
        case .time(let t): value = "\"\(Int((t * 1000).rounded()))ms\""
        default: value = "?"
        }
        #expect(line.hasPrefix("# \(key) = \(value)"), "\(line)")
        let root = String(#filePath.dropLast("/Tests/GestureConfigTests/StrokeSettingsTests.swift".count))
        let doc = (try? FileSystem.read(root + "/docs/config.md").get()) ?? ""
        let listed = doc.contains("| `\(key)` |")
        #expect(listed, "docs/config.md does not list \(key)")
    }
}
