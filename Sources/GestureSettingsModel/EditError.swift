import GestureConfig

/// Why an edit was not accepted: said in words, with the diagnostics of the
/// text it would have made (located in that text) when it did not load.
public struct EditError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var diagnostics: [Diagnostic]

    public init(_ message: String, diagnostics: [Diagnostic] = []) {
        self.message = message
        self.diagnostics = diagnostics
    }

    public var description: String {
        ([message] + diagnostics.map(\.description)).joined(separator: "\n")
    }
}
