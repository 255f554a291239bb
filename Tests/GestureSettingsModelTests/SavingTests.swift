import Foundation
import GestureConfig
@testable import GestureSettingsModel
import Testing

/// Saving: atomic, the mode kept, the previous file as FILE.bak, never over
/// a file that changed on disk, never a read-only one.
/// A class: each test's instance makes its directory, and its deinit
/// removes it, whichever way the test ended.
@Suite(.serialized) final class SavingTests {
    let dir: String

    init() throws {
        dir = NSTemporaryDirectory() + "gesture-settings-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func write(_ text: String, mode: Int = 0o644) throws -> String {
        let path = dir + "/config.toml"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
    func mode(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int }

    @Test func saveWritesAtomicallyKeepsTheModeAndABackup() throws {
        let original = fixture("full.toml")
        let path = try write(original, mode: 0o600)
        let doc = try SettingsDocument.open(path: path, loader: testLoader()).get()
        #expect(!doc.isReadOnly && !doc.isModified)
        let edited = doc.replacing(text: try doc.setEnabled(BindingRef(scope: .allApplications, index: 2), false).get())
        #expect(edited.isModified)
        // Not yet written.
        #expect(read(path) == original)
        let saved = try edited.save().get()
        #expect(!saved.isModified && !saved.changedOnDisk)
        #expect(read(path) == edited.text)
        #expect(read(path + ".bak") == original)
        #expect(mode(path) == 0o600 && mode(path + ".bak") == 0o600)
        // No temporary file left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["config.toml", "config.toml.bak"])
        // A second save keeps the first save's text as the backup.
        let again = try saved.replacing(text: try saved.resetSetting("long-press").get()).save().get()
        #expect(read(path + ".bak") == edited.text)
        #expect(read(path) == again.text)
        #expect(testLoader().load(path: path).isSuccess)
    }

    /// A config kept in a dotfiles folder and linked: the link stays, its file is replaced.
    @Test func aSymbolicLinkStaysALink() throws {
        let target = try write(fixture("full.toml"))
        let link = dir + "/linked.toml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let doc = try SettingsDocument.open(path: link, loader: testLoader()).get()
        let saved = try doc.replacing(text: try doc.resetSetting("long-press").get()).save().get()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(read(target) == saved.text && read(link + ".bak") == fixture("full.toml"))
    }

    /// A first config (the default, or an import): written where none is, never over one.
    @Test func aFirstConfigIsCreatedNeverOverAnother() throws {
        let path = dir + "/new/gesture-bridge/config.toml"
        let doc = try SettingsDocument.create(path: path, text: DefaultConfig.text, loader: testLoader()).get()
        #expect(read(path) == DefaultConfig.text && !doc.isReadOnly && !doc.isModified)
        #expect(mode(path) == 0o644 && mode(dir + "/new/gesture-bridge") == 0o700)
        guard case .failure = SettingsDocument.create(path: path, text: "version = 1\n", loader: testLoader()) else {
            Issue.record("replaced a config"); return
        }
        #expect(read(path) == DefaultConfig.text)
        guard case .failure = SettingsDocument.create(path: dir + "/other.toml", text: "version = 2\n", loader: testLoader()) else {
            Issue.record("created a config that does not load"); return
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/other.toml"))
    }

    /// A file others could write: the daemon refuses it, so the app shows it read-only, saying why.
    @Test func aFileOthersCouldWriteIsReadOnlyAsTheDaemonRefusesIt() throws {
        let path = try write(fixture("full.toml"), mode: 0o666)
        let doc = try SettingsDocument.open(path: path, loader: testLoader()).get()
        #expect(doc.isReadOnly)
        #expect(doc.diagnostics.first?.message.contains("writable by every user") == true)
        #expect(doc.scopes.flatMap(\.bindings).count == 11)
    }

    @Test func aFileChangedOnDiskIsNeverSavedOver() throws {
        let path = try write(fixture("full.toml"))
        let doc = try SettingsDocument.open(path: path, loader: testLoader()).get()
        let edited = doc.replacing(text: try doc.delete(BindingRef(scope: .allApplications, index: 0)).get())
        // Another editor saves a change (same size: one letter).
        let theirs = fixture("full.toml").replacingOccurrences(of: "swipe-distance = \"90px\"", with: "swipe-distance = \"91px\"")
        try theirs.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(edited.changedOnDisk)
        guard case .failure(let e) = edited.save() else { Issue.record("saved over a changed file"); return }
        #expect(e == .changedOnDisk(path: path))
        #expect(e.description.contains("Reload"))
        #expect(read(path) == theirs)
        #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
        // Reloaded, it opens with their change.
        let reloaded = try SettingsDocument.open(path: path, loader: testLoader()).get()
        #expect(reloaded.settings.first { $0.info.key == "swipe-distance" }?.value == "\"91px\"")
        #expect(!reloaded.changedOnDisk)
    }

    @Test func aFileChangedInPlaceWithTheSameStatIsNoticedByItsText() throws {
        let path = try write(fixture("full.toml"))
        let doc = try SettingsDocument.open(path: path, loader: testLoader()).get()
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        // Rewritten in place with the same size, the old modification time put back.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("%".utf8))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate]!], ofItemAtPath: path)
        // The stat may match (a coarse clock); the text does not.
        #expect(doc.changedOnDisk)
    }

    @Test func aReadOnlyFileIsShownAndNeverWritten() throws {
        let original = fixture("full.toml")
        let path = try write(original, mode: 0o444)
        let doc = try SettingsDocument.open(path: path, loader: testLoader()).get()
        #expect(doc.isReadOnly)
        #expect(doc.readOnlyReason?.contains("read-only (mode 444)") == true)
        // Shown: every scope and binding.
        #expect(doc.scopes.flatMap(\.bindings).count == 11)
        // Edits are refused, saving too; the file is as it was.
        guard case .failure(let e) = doc.setEnabled(BindingRef(scope: .allApplications, index: 0), false) else {
            Issue.record("edited a read-only file"); return
        }
        #expect(e.message.hasPrefix("read-only: "))
        guard case .failure(.readOnly) = doc.replacing(text: original + "\n").save() else {
            Issue.record("saved a read-only file"); return
        }
        #expect(read(path) == original)
    }

    @Test func aConfigWithErrorsOpensReadOnlyWithItsErrorsPlaced() throws {
        let broken = fixture("full.toml").replacingOccurrences(of: "direction: .left)\"\npriority", with: "direction: .lef)\"\npriority")
            + "\n[[bind]]\ngesture = \"tap()\"\nkeep-modifiers = true\non-ended = \"button 1\"\n"
        let path = try write(broken)
        let doc = try SettingsDocument.open(path: path, loader: testLoader()).get()
        #expect(doc.isReadOnly)
        #expect(doc.readOnlyReason?.contains("has 1 error") == true)
        // The error at line:column, the warning as a warning.
        #expect(doc.diagnostics.map { "\($0.severity):\($0.line):\($0.column)" } == ["error:14:41", "warning:99:1"])
        // Its bindings are still shown, in words.
        #expect(doc.scopes.flatMap(\.bindings).count == 12)
        #expect(doc.scopes[0].bindings[0].gestureWords == "swipe(fingers: 3, direction: .lef)")
        #expect(doc.delete(BindingRef(scope: .allApplications, index: 0)).isFailure)
        guard case .failure(.readOnly) = doc.save() else { Issue.record("saved a config with errors"); return }
        #expect(read(path) == broken)
    }

    @Test func aMissingFileSaysSo() {
        guard case .failure(.cannotRead(let why)) = SettingsDocument.open(path: dir + "/none.toml", loader: testLoader()) else {
            Issue.record("opened a missing file"); return
        }
        #expect(why.contains("none.toml"))
    }

    /// An edit whose result would not load is never accepted: its errors are placed in the text it would have made.
    @Test func anEditThatWouldNotLoadIsRefused() {
        let doc = document(fixture("full.toml"))
        guard case .failure(let e) = doc.setSetting("slop", "\"18 parsecs\"") else { Issue.record("accepted"); return }
        #expect(e.diagnostics.first.map { "\($0.line):\($0.column)" } == "9:9")
        #expect(e.diagnostics.first?.message.contains("'slop' takes a length") == true)
        guard case .failure = doc.add(BindingForm(kind: .tap, action: .keys("ctrl+nosuchkey")), to: .allApplications) else {
            Issue.record("accepted an unknown key"); return
        }
        guard case .failure = doc.setSetting("no-such-setting", "1") else { Issue.record("accepted"); return }
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { return true } else { return false } }
}
