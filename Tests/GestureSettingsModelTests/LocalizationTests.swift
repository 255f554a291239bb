import Testing
@testable import GestureSettingsModel

/// The gettext layer without a catalogue: English msgids come back as they
/// are, and placeholders are filled by name wherever a translation puts them.
@Suite struct LocalizationTests {
    @Test func placeholdersAreFilledByNameInAnyOrder() {
        #expect(fill("{b} before {a}", ["a": "1", "b": "2"]) == "2 before 1")
        #expect(fill("{a}{a}", ["a": "x"]) == "xx")
        // A brace that names nothing stays as written ("{" in a key's name, a TOML table).
        #expect(fill("[[device]] {x} {", ["a": "1"]) == "[[device]] {x} {")
        #expect(fill("no braces", ["a": "1"]) == "no braces")
    }

    @Test func untranslatedMessagesAreTheirEnglish() {
        #expect(L("{gesture} on the touchpad", ["gesture": "Pinch"]) == "Pinch on the touchpad")
        #expect(Ln("{count} finger", "{count} fingers", 1) == "1 finger")
        #expect(Ln("{count} finger", "{count} fingers", 3) == "3 fingers")
        #expect(Lc("gesture", "Hold") == "Hold")
        #expect(Localization.lowersInnerParts)
    }

    @Test func theLocaleDirectoryIsTheOverrideElseBesideTheBinary() {
        #expect(Localization.localeDirectory(environment: ["GESTURE_BRIDGE_LOCALEDIR": "/t/locale"], executableDirectory: "/usr/bin")
                == "/t/locale")
        #expect(Localization.localeDirectory(environment: [:], executableDirectory: "/nonexistent/bin") == nil)
        #expect(Localization.localeDirectory(environment: [:], executableDirectory: nil) == nil)
    }
}
