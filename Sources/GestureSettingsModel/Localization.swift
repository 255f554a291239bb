@_exported import GestureLocalization

extension Localization {
    /// Whether a sentence may lower-case the first letter of a part it
    /// contains ("Tap with 2 fingers, then swipe left"): English and most
    /// languages do; German nouns must keep their capital.
    static var lowersInnerParts: Bool {
        // TRANSLATORS: not shown. Keep "lower-case-inside:yes" if a part in the middle of a sentence may start
        // with a small letter ("Tap, then swipe left"); translate it as "lower-case-inside:no" if it must keep its
        // capital (German nouns: "Tippen, dann Wischen nach links").
        !L("lower-case-inside:yes").hasSuffix(":no")
    }
}
