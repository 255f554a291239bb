import Testing

/// The executable carries no Foundation: not Foundation itself, nor its
/// internationalization and ICU, nor CoreFoundation (about 4 MB resident and
/// 78,000 relocations at every start when TOMLKit brought them).
/// swift-argument-parser's FoundationEssentials is allowed. The debug build
/// links the Swift libraries dynamically, so `ldd` names every one a module
/// imports; the static build is checked by symbol (Tests/Package/run.sh).
@Suite struct LinkedLibrariesTests {
    static let forbidden = ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
                            "libCoreFoundation.so", "libicu"]

    @Test func theExecutableLinksNoFoundation() {
        let ldd = Spawn.run("/usr/bin/ldd", [Spawn.gestureBridge], environment: [:])
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libX11"), "ldd listed nothing: \(ldd.stderr)")
        for library in Self.forbidden {
            #expect(!ldd.stdout.contains(library), "gesture-bridge links \(library) again")
        }
    }
}
