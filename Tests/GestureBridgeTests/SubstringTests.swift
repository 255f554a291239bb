import GestureSystem
import Testing

/// `String.includes`, the substring search the daemon uses instead of
/// _StringProcessing's `contains` (LinkedLibrariesTests keeps that out).
@Suite struct SubstringTests {
    @Test(arguments: [
        ("ruby /usr/bin/fusuma -d", "fusuma", true),
        ("python3 /usr/bin/libinput-gestures", "libinput-gestures", true),
        ("synps/2 synaptics touchpad", "touchpad", true),
        ("touch", "touchpad", false),
        ("", "", true),
        ("abc", "", true),
        ("", "a", false),
        ("aaab", "aab", true),
        ("défilé", "filé", true),
        ("défilé", "file", false),
    ])
    func includes(_ text: String, _ part: String, _ expected: Bool) {
        #expect(text.includes(part) == expected)
    }
}
