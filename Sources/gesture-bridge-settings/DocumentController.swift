#if canImport(Glibc)
import Glibc
#endif
import CGtk
import GestureConfig
import GestureSettingsModel
import GestureSystem

/// The config file the window edits: opened with the daemon's own loader,
/// each accepted edit saved at once (atomically, the old file kept as
/// FILE.bak: the model's `save`), a change made outside the app noticed
/// (GFileMonitor: inotify, no polling) and offered, never overwritten.
@MainActor final class DocumentController {
    let path: String
    private(set) var document: SettingsDocument
    /// The file is missing: the built-in default is shown, read-only.
    private(set) var missing = false
    /// The file changed outside the app since it was read.
    private(set) var changedOutside = false
    /// Why the file could not be read (not missing: unreadable, too large…).
    private(set) var openProblem: String? = nil
    /// Called after every change of the document or of what is said about it.
    var changed: [Action] = []
    /// Says one thing briefly (a toast).
    var say: (String) -> Void = { _ in }
    /// Says what was just removed, with an Undo button (a toast) that calls `undo`.
    var sayUndoable: (String) -> Void = { _ in }
    /// The file's text before the last removal and after it: Undo writes the
    /// first back, byte for byte, only while the file is still the second
    /// (an edit since would otherwise be lost).
    private var undoable: (before: String, after: String)? = nil
    private var monitor: Widget? = nil

    init(path: String) {
        self.path = path
        document = SettingsDocument(text: DefaultConfig.text, fileName: L("the built-in default"), loader: .standard())
        open()
        watchFile()
    }

    /// Reads the file again (after an outside change, `init`, a first config).
    func open() {
        changedOutside = false
        openProblem = nil
        missing = !FileSystem.exists(path)
        if missing {
            document = SettingsDocument(text: DefaultConfig.text, fileName: L("the built-in default"), loader: .standard())
        } else {
            switch SettingsDocument.open(path: path) {
            case .success(let d): document = d
            case .failure(let e):
                openProblem = e.description
                document = SettingsDocument(text: "", fileName: path, loader: .standard())
            }
        }
        notify()
    }

    /// Why nothing can be changed now; nil when edits are taken.
    var readOnlyReason: String? {
        if missing { return L("There is no config file yet: write a first config to change these gestures.") }
        if let openProblem { return openProblem }
        if changedOutside { return L("{file} changed outside this window: reload it to go on.", ["file": path]) }
        return document.readOnlyReason
    }

    /// Applies an edit of the model and saves it. nil when saved; else why
    /// not, in words (the file on disk is then as it was).
    @discardableResult
    func apply(_ edit: (SettingsDocument) -> Result<String, EditError>) -> String? {
        if let why = readOnlyReason { return why }
        switch edit(document) {
        case .failure(let e):
            return e.description
        case .success(let text):
            switch document.replacing(text: text).save() {
            case .success(let saved):
                document = saved
                notify()
                reportReload()
                return nil
            case .failure(let e):
                if case .changedOnDisk = e { changedOutside = true; notify() }
                return e.description
            }
        }
    }

    /// A removal (a binding, an application, a device table): done at once,
    /// no question asked, and said with an Undo on its toast. nil when done.
    @discardableResult
    func remove(_ done: String, _ edit: (SettingsDocument) -> Result<String, EditError>) -> String? {
        let before = document.text
        if let why = apply(edit) { return why }
        undoable = (before, document.text)
        sayUndoable(done)
        return nil
    }

    /// The toast's Undo: the file as it was before the last removal.
    func undo() {
        guard let u = undoable else { return }
        undoable = nil
        guard document.text == u.after else { return say(L("Nothing to undo: the file changed since.")) }
        if let why = apply({ _ in .success(u.before) }) { say(why) }
    }

    private func notify() { for f in changed { f() } }

    /// The file changed on disk: ours (the stamp matches) or someone else's.
    private func watchFile() {
        let file = g_file_new_for_path(path)
        var error: UnsafeMutablePointer<GError>? = nil
        guard let m = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            g_error_free(error)
            g_object_unref(raw(file))
            return
        }
        g_object_unref(raw(file))
        monitor = raw(m)
        onFileChanged(raw(m)) { [self] in
            if missing || openProblem != nil {
                // A file appeared (init, another editor): read it.
                if FileSystem.exists(path) { open() }
                return
            }
            if document.changedOnDisk && !changedOutside {
                changedOutside = true
                notify()
            }
        }
    }

    /// The daemon reloads a changed file by itself: what it says after is shown.
    private func reportReload() {
        after(milliseconds: 700) { [self] in
            let env = ProcessEnvironment.current()
            guard let state = DaemonStatusReader.running(environment: env) else {
                say(L("Saved. gesture-bridge is not running: it reads the file when it starts."))
                return
            }
            say(state.config == path ? L("Saved; gesture-bridge: {status}.", ["status": state.configStatus]) : L("Saved."))
        }
    }
}
