#if canImport(Glibc)
import Glibc
#endif
import GestureConfig

extension SettingsDocument {
    /// Writes the text to its file: refused when the document is read-only
    /// or the file changed on disk since it was read (nothing written then);
    /// else atomically (a temporary file in the same folder, fsync, rename
    /// over the file, the folder fsynced), the file's mode kept, the file as
    /// it was kept as `FILE.bak`. Returns the document as saved (its new
    /// disk stamp, not modified).
    public func save() -> Result<SettingsDocument, SettingsFileError> {
        guard let path else { return .failure(.cannotWrite(L("this config was not read from a file"))) }
        if let why = readOnlyReason { return .failure(.readOnly(why)) }
        if let disk, disk.changed(path) { return .failure(.changedOnDisk(path: path)) }
        // What is written always loads: the edits checked it, this says so once more.
        if case .failure(let e) = loader.load(text: text, file: path) {
            return .failure(.readOnly(L("the text has errors:") + "\n" + e.description))
        }
        let mode = disk?.mode ?? 0o644
        if let old = disk?.text {
            if let why = AtomicFile.write(old, to: path + ".bak", mode: mode) {
                return .failure(.cannotWrite(L("the backup {file}: {reason}", ["file": path + ".bak", "reason": why])))
            }
        }
        // A config that is a symbolic link (a dotfiles folder) stays one:
        // the file it points to is replaced.
        if let why = AtomicFile.write(text, to: FileAccess.resolved(path), mode: mode) { return .failure(.cannotWrite(why)) }
        switch DiskStamp.read(path) {
        case .failure(let e): return .failure(.cannotWrite(L("saved, but reading it back failed: {error}", ["error": "\(e)"])))
        case .success(let (_, stamp)):
            return .success(SettingsDocument(text: text, path: path, fileName: fileName, loader: loader, disk: stamp,
                                             modified: false, fileReadOnlyReason: fileReadOnlyReason))
        }
    }

    /// The file changed on disk since this document read it (poll it, and
    /// offer a reload when it did).
    public var changedOnDisk: Bool {
        guard let path, let disk else { return false }
        return disk.changed(path)
    }
}

/// A file replaced whole or not at all.
enum AtomicFile {
    /// Writes `text` to `path` through a temporary file in its folder; nil
    /// when done, else why not (the temporary file removed, `path` untouched).
    static func write(_ text: String, to path: String, mode: UInt32) -> String? {
        let dir = FileAccess.directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array((dir + "/." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return L("cannot create a temporary file in {folder}: {reason}", ["folder": dir, "reason": Errno.text(errno)]) }
        let tmp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ pattern: String) -> String {
            let why = Errno.text(errno)
            close(fd)
            unlink(tmp)
            return fill(pattern, ["file": tmp, "reason": why])
        }
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return fail(L("cannot write {file}: {reason}")) }
            done += n
        }
        guard fchmod(fd, mode_t(mode)) == 0 else { return fail(L("cannot set the mode of {file}: {reason}")) }
        guard fsync(fd) == 0 else { return fail(L("cannot sync {file}: {reason}")) }
        close(fd)
        guard rename(tmp, path) == 0 else {
            let why = Errno.text(errno)
            unlink(tmp)
            return L("cannot replace {file}: {reason}", ["file": path, "reason": why])
        }
        // The rename itself on disk.
        let dfd = open(dir, O_RDONLY | O_DIRECTORY)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
        return nil
    }
}

enum Errno {
    /// strerror's text.
    static func text(_ e: Int32) -> String {
        guard let p = strerror(e) else { return L("error {number}", ["number": String(e)]) }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: strlen(p)), as: UTF8.self)
    }
}
