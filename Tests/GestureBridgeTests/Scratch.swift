import Foundation

/// Removes a test's scratch file or directory under /tmp (whatever is there).
func removeTree(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}
