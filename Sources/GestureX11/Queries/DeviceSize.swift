import CX11
import GestureCore
import GestureSystem
#if canImport(Glibc)
import Glibc
#endif

/// A touch surface's size in mm, as libinput knows it: udev's
/// `ID_INPUT_WIDTH_MM` / `ID_INPUT_HEIGHT_MM` (its input_id builtin reads the
/// kernel's axis ranges and resolutions). X names the device's node in the
/// driver's "Device Node" property; udev's database is world-readable, so no
/// access to /dev/input is needed.
public enum DeviceSize {
    /// The size udev recorded for the device node X reads from
    /// (`/dev/input/eventN`, the driver's "Device Node"), if any.
    static func of(node: String) -> Size? {
        var st = stat()
        guard stat(node, &st) == 0 else { return nil }
        let dev = UInt64(st.st_rdev)
        // glibc's major()/minor() (macros Swift cannot import).
        let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & ~UInt64(0xfff))
        let minor = (dev & 0xff) | ((dev >> 12) & ~UInt64(0xff))
        guard case .success(let text) = FileSystem.readRegularFile("/run/udev/data/c\(major):\(minor)", limit: 1 << 20,
                                                                   kind: "udev database entry") else { return nil }
        return parse(udevData: text)
    }

    /// From X's valuators: each axis's range over its resolution (XI2's
    /// units per metre); nil unless both axes declare one.
    public static func of(x: ClosedRange<Double>?, _ xResolution: Double,
                          y: ClosedRange<Double>?, _ yResolution: Double) -> Size? {
        guard let x, let y, xResolution > 0, yResolution > 0 else { return nil }
        let size = Size(width: (x.upperBound - x.lowerBound) / xResolution * 1000,
                        height: (y.upperBound - y.lowerBound) / yResolution * 1000)
        return size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite ? size : nil
    }

    /// `E:ID_INPUT_WIDTH_MM=105` and `E:ID_INPUT_HEIGHT_MM=68` of a udev
    /// database entry; nil unless both are there and positive.
    public static func parse(udevData: String) -> Size? {
        var width: Double? = nil, height: Double? = nil
        for line in udevData.split(separator: "\n") {
            if line.hasPrefix("E:ID_INPUT_WIDTH_MM=") { width = Double(line.dropFirst("E:ID_INPUT_WIDTH_MM=".count)) }
            if line.hasPrefix("E:ID_INPUT_HEIGHT_MM=") { height = Double(line.dropFirst("E:ID_INPUT_HEIGHT_MM=".count)) }
        }
        guard let width, let height, width > 0, height > 0 else { return nil }
        return Size(width: width, height: height)
    }
}
