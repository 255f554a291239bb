import GestureSystem
import Testing

/// `String.includes`, the substring search the daemon uses instead of
/// _StringProcessing's `contains` (LinkedLibrariesTests keeps that out);
/// `trimmingWhitespace()` (the importers, the settings app's fields) and
/// `xmlEscaped` (SVG drawings, the settings app's labels).
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

    @Test(arguments: [
        ("  swipe  ", "swipe"),
        ("\t\n key ctrl+plus \r\n", "key ctrl+plus"),
        ("a  b", "a  b"),
        ("   ", ""),
        ("", ""),
        ("\u{00A0}défilé\u{2003}", "défilé"),
    ])
    func trimmingWhitespace(_ text: String, _ expected: String) {
        #expect(text.trimmingWhitespace() == expected)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a < b && c > d", "a &lt; b &amp;&amp; c &gt; d"),
        (#"class="firefox" it's"#, "class=&quot;firefox&quot; it&apos;s"),
        ("line\nnext\ttab\r", "line\nnext\ttab\r"),
        ("bell\u{07} nul\u{00} \u{FFFE}", "bell\u{FFFD} nul\u{FFFD} \u{FFFD}"),
        ("défilé 👋", "défilé 👋"),
    ])
    func xmlEscaped(_ text: String, _ expected: String) {
        #expect(text.xmlEscaped == expected)
    }
}
