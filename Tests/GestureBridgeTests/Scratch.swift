import Foundation

/// Removes a test's scratch file or directory under /tmp (whatever is there).
func removeTree(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// The repository: three levels up from this file (Tests/GestureBridgeTests/Scratch.swift).
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()
