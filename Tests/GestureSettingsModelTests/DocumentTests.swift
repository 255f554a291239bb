import GestureConfig
import GestureCore
import GestureSettingsModel
import Testing

@Suite struct DocumentTests {
    @Test func theRichFixtureLoadsAndListsItsScopes() throws {
        let doc = document(fixture("full.toml"))
        #expect(!doc.isReadOnly, "\(doc.diagnostics)")
        #expect(doc.scopes.map(\.title) == ["All applications", "firefox", "org.gnome.Nautilus"])
        #expect(doc.scopes[0].bindings.count == 8)
        #expect(doc.scopes[1].bindings.count == 2)
        #expect(doc.devices.map(\.match) == ["name:ELAN*"])
    }
}
