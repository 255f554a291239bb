import GestureConfig
import GestureCore

/// A scope of the sidebar: *All applications* (the desktop's `[[bind]]`
/// tables) or one `[[app]]` table, by its place among the `[[app]]` tables.
public enum ScopeID: Hashable, Sendable {
    case allApplications
    /// The `index`-th `[[app]]` table of the file (from 0).
    case app(Int)
}

/// Which binding: its scope and its place among that scope's `[[bind]]` /
/// `[[app.bind]]` tables (from 0), as the file has them when read. Stable
/// while the text is; after an edit, the new document's entries hold the
/// new references (an edit never renumbers other scopes). Only the model
/// makes them (its memberwise init is internal; tests import it `@testable`).
public struct BindingRef: Hashable, Sendable, CustomStringConvertible {
    public var scope: ScopeID
    public var index: Int

    /// SourceMap's path: `bind#2`, `app#1.bind#0`.
    public var path: String {
        switch scope {
        case .allApplications: return "bind#\(index)"
        case .app(let a): return "app#\(a).bind#\(index)"
        }
    }

    public var description: String { path }
}

/// One scope with its bindings.
public struct ScopeEntry: Sendable {
    public var id: ScopeID
    /// "All applications", or the `[[app]]`'s class glob.
    public var title: String
    /// The `class` as written; nil for *All applications*.
    public var classGlob: String?
    public var bindings: [BindingEntry]
    /// Line of the `[[app]]` header (nil for *All applications*).
    public var line: Int?
}

/// One binding as the settings app shows it: in words, with its switch,
/// and the form when the form can say all of it.
public struct BindingEntry: Sendable {
    public var ref: BindingRef
    /// The `name` key; nil when the binding has none.
    public var name: String?
    /// What a row is called: `name`, else the gesture in words.
    public var title: String
    /// What the daemon calls it (its log, `replay`, the monitor stream's
    /// `binding`): `name`, else the expression as written, trimmed.
    public var engineName: String
    /// The `gesture` value as written (the expression editor's text).
    public var expression: String
    /// "Swipe left with 3 fingers", "Pinch with 2 fingers on the touchpad",
    /// "Long press, then drag".
    public var gestureWords: String
    /// "Next workspace", "Zoom in / Zoom out per 15 %", "Run rofi -show window".
    public var actionWords: String
    public var priority: Priority
    /// What the priority means for the application under the fingers.
    public var priorityWords: String
    /// False when the table has `enabled = false`.
    public var enabled: Bool
    /// The form's fields; nil when the form cannot express this binding
    /// (then `formLimit` says why and the app edits `expression`).
    public var form: BindingForm?
    public var formLimit: String?
    /// Line of its `[[bind]]` header.
    public var line: Int
    /// Its table's bytes in the text: header to the end of its last key's line.
    public var bytes: Range<Int>
}

/// One `[[device]]` table.
public struct DeviceEntry: Sendable {
    /// Its place among the `[[device]]` tables (from 0).
    public var index: Int
    /// `match` as written: a kind, `name:GLOB` or `usb:VID:PID`.
    public var match: String
    public var disabled: Bool
    /// Its settings as written: (key, TOML value text).
    public var settings: [(key: String, value: String)]
    public var line: Int
}
