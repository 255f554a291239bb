import GestureCore
import GestureSystem

/// How a slave device's kind is decided: from what X and its driver say the
/// device is, the name only as the last hint. Pure, so that descriptions of
/// real hardware can be tested without the hardware.
///
/// What the drivers set (read from their sources):
/// - xf86-input-libinput (`xf86libinput_get_type_name`): the XI device type
///   atom `TOUCHPAD` for any device libinput can tap on (every touchpad:
///   `libinput_device_config_tap_get_finger_count > 0`), `TOUCHSCREEN` for
///   touch devices; it gives touchpads a gesture class (XI 2.4) and no touch
///   class, touchscreens a direct touch class; and it adds the property
///   `libinput Tapping Enabled` exactly where tapping exists (touchpads).
/// - xf86-input-synaptics and xf86-input-evdev: type `TOUCHPAD` (evdev also
///   `TOUCHSCREEN`); no gesture class.
/// - xf86-input-wacom: type `TOUCH` for finger touch, with a dependent touch
///   class on opaque tablets (Intuos) and a direct one on screen tablets.
public struct DeviceFacts: Hashable, Sendable {
    /// The touch class's mode: "direct", "dependent" or "none".
    public var touchMode: String
    /// The device has an XI 2.4 gesture class: it sends touchpad gestures.
    public var hasGestureClass: Bool
    /// The XI device type atom's name (`TOUCHPAD`, `TOUCHSCREEN`, `MOUSE`, …), if any.
    public var typeName: String?
    /// The device's property names (only the ones the rule reads matter).
    public var properties: Set<String>
    public var name: String

    public init(touchMode: String = "none", hasGestureClass: Bool = false, typeName: String? = nil,
                properties: Set<String> = [], name: String) {
        self.touchMode = touchMode
        self.hasGestureClass = hasGestureClass
        self.typeName = typeName
        self.properties = properties
        self.name = name
    }
}

public enum DeviceKindRule {
    /// The property xf86-input-libinput adds to every device it can tap on.
    public static let libinputTapping = "libinput Tapping Enabled"
    /// Names that say touchpad when nothing else does (a driver that sets no type).
    static let touchpadWords = ["touchpad", "trackpad", "synaptics", "clickpad"]

    /// The kind, and how it was decided (for `devices`, `record` and `--verbose`).
    public static func decide(_ f: DeviceFacts) -> (kind: DeviceKind, reason: String) {
        let type = f.typeName?.uppercased()
        if f.touchMode == "direct" { return (.touchscreen, "direct touch class") }
        if f.hasGestureClass { return (.touchpad, "sends XI 2.4 touchpad gestures (gesture class)") }
        if f.touchMode == "dependent" { return (.touchpad, "dependent touch class") }
        if type == "TOUCHPAD" { return (.touchpad, "X device type TOUCHPAD") }
        if f.properties.contains(libinputTapping) { return (.touchpad, "libinput tapping property (libinput taps on touchpads only)") }
        if type == "TOUCHSCREEN" {
            // Single-touch screens that X drives as an absolute pointer: no touches to read.
            return (.other, "X device type TOUCHSCREEN but no touch class: X sends it as a pointer")
        }
        // A driver that named the device something else (MOUSE, KEYBOARD, …) outranks its name.
        if let type { return (.other, "X device type \(type), no touch or gesture class") }
        let lower = f.name.lowercased()
        if let word = touchpadWords.first(where: { lower.includes($0) }) {
            return (.touchpad, "name contains '\(word)' (no type, class or property says otherwise)")
        }
        return (.other, "no touch or gesture class, no device type")
    }

    /// What a pointer that is no touch device is in a trace (trace-format.md):
    /// a `pen` where its driver's type or its name says a tablet's tool
    /// (xf86-input-libinput's `TABLET`, wacom's `STYLUS` and `ERASER`), else a `mouse`.
    public static func pointerKind(typeName: String?, name: String) -> DeviceKind {
        if let type = typeName?.uppercased(), ["TABLET", "STYLUS", "ERASER", "PEN"].contains(type) { return .pen }
        let lower = name.lowercased()
        return ["stylus", "pen", "eraser"].contains(where: { lower.includes($0) }) ? .pen : .mouse
    }
}
