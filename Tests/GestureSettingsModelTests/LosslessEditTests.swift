import GestureConfig
import GestureCore
@testable import GestureSettingsModel
import Testing

/// Every edit on every real config: the result loads with the daemon's
/// loader, and every byte outside the edited binding's span is identical.
@Suite struct LosslessEditTests {
    /// The text loads (independently of the edit's own check).
    func expectLoads(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if case .failure(let e) = testLoader().load(text: text, file: "c.toml") {
            Issue.record("\(what): does not load:\n\(e)", sourceLocation: sourceLocation)
        }
    }

    /// `b`'s span widened to what a delete may take: the comment lines
    /// directly above and one blank line on either side.
    func widened(_ b: BindingEntry, in source: String) -> Range<Int> {
        let bytes = Array(source.utf8)
        var lo = b.bytes.lowerBound, hi = b.bytes.upperBound
        func lineBefore(_ at: Int) -> Range<Int>? {
            guard at > 0 else { return nil }
            var s = at - 1
            while s > 0 && bytes[s - 1] != UInt8(ascii: "\n") { s -= 1 }
            return s..<at
        }
        func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        while let l = lineBefore(lo), text(l).hasPrefix("#") { lo = l.lowerBound }
        if let l = lineBefore(lo), text(l).isEmpty { lo = l.lowerBound }
        var e = hi
        while e < bytes.count && bytes[e] != UInt8(ascii: "\n") { e += 1 }
        if e < bytes.count, text(hi..<e).isEmpty { hi = e + 1 }
        return lo..<hi
    }

    @Test(arguments: realConfigNames)
    func switchingEachBindingOffAndOnTouchesOnlyItsTable(_ name: String) throws {
        let text = realConfig(name)
        let doc = document(text)
        try #require(!doc.isReadOnly, "\(name): \(doc.diagnostics)")
        for b in doc.scopes.flatMap(\.bindings) {
            let off = try doc.setEnabled(b.ref, false).get()
            expectLoads(off, "\(name) \(b.ref) off")
            expectOnlyChanged(text, off, within: b.bytes, "\(name) \(b.ref) off")
            let offDoc = doc.replacing(text: off)
            #expect(offDoc.entry(b.ref)?.enabled == false)
            // The daemon runs it no more: one binding fewer in its table.
            let before = try testLoader().load(text: text, file: "c").get(), after = try testLoader().load(text: off, file: "c").get()
            #expect(after.disabled.count == before.disabled.count + (b.enabled ? 1 : 0))
            // Back on: the text is what it was, unless it had `enabled` written.
            let on = try offDoc.setEnabled(b.ref, true).get()
            if !text.contains("enabled =") { #expect(on == text, "\(name) \(b.ref)") }
            #expect(doc.replacing(text: on).entry(b.ref)?.enabled == true)
        }
    }

    @Test(arguments: realConfigNames)
    func deletingEachBindingTouchesOnlyItsBlock(_ name: String) throws {
        let text = realConfig(name)
        let doc = document(text)
        for scope in doc.scopes {
            for b in scope.bindings {
                let out = try doc.delete(b.ref).get()
                expectLoads(out, "\(name) delete \(b.ref)")
                expectOnlyChanged(text, out, within: widened(b, in: text), "\(name) delete \(b.ref)")
                #expect(out.utf8.count < text.utf8.count)
                let after = doc.replacing(text: out)
                #expect(after.scope(scope.id)?.bindings.count == scope.bindings.count - 1)
                // The other bindings, in words, are what they were.
                #expect(after.scopes.flatMap(\.bindings).map(\.title)
                        == doc.scopes.flatMap(\.bindings).filter { $0.ref != b.ref }.map(\.title))
            }
        }
    }

    @Test(arguments: realConfigNames)
    func addingToEachScopeOnlyInserts(_ name: String) throws {
        let text = realConfig(name)
        let doc = document(text)
        let form = BindingForm(kind: .swipe, fingers: 4, direction: .down, action: .named("show-desktop"), priority: .high,
                               name: "added")
        for scope in doc.scopes {
            let out = try doc.add(form, to: scope.id).get()
            expectLoads(out, "\(name) add to \(scope.title)")
            #expect(changedRange(text, out).isEmpty, "\(name): only inserted")
            let after = doc.replacing(text: out)
            let added = try #require(after.scope(scope.id)?.bindings.last)
            #expect(added.title == "added" && added.form == form, "\(name) \(scope.title)")
            #expect(added.ref.index == scope.bindings.count)
        }
    }

    @Test(arguments: realConfigNames)
    func updatingEachFormChangesOnlyItsValues(_ name: String) throws {
        let text = realConfig(name)
        let doc = document(text)
        for b in doc.scopes.flatMap(\.bindings) {
            guard var form = b.form else {
                #expect(doc.update(b.ref, BindingForm(kind: .tap, action: .nothing)).isFailure, "\(name) \(b.ref)")
                continue
            }
            // The same form: nothing changes at all.
            #expect(try doc.update(b.ref, form).get() == text, "\(name) \(b.ref)")
            // A stroke drawn with a button has no fingers (the form hides them):
            // its button changes instead.
            if let button = form.button { form.button = button == 3 ? 2 : 3 } else { form.fingers = form.fingers == 4 ? 5 : 4 }
            form.priority = form.priority == .high ? .normal : .high
            let out = try doc.update(b.ref, form).get()
            expectLoads(out, "\(name) update \(b.ref)")
            expectOnlyChanged(text, out, within: b.bytes, "\(name) update \(b.ref)")
            #expect(doc.replacing(text: out).entry(b.ref)?.form == form, "\(name) \(b.ref)")
        }
    }

    @Test(arguments: realConfigNames)
    func rewritingEachExpressionChangesOnlyItsValue(_ name: String) throws {
        let text = realConfig(name)
        let doc = document(text)
        for b in doc.scopes.flatMap(\.bindings) {
            let expression = "hold(fingers: 5)"
            let out = try doc.updateExpression(b.ref, expression).get()
            expectLoads(out, "\(name) expression \(b.ref)")
            expectOnlyChanged(text, out, within: b.bytes, "\(name) expression \(b.ref)")
            #expect(doc.replacing(text: out).entry(b.ref)?.expression == expression)
            // A broken expression is never accepted; its error is placed in the text it would have made.
            let broken = doc.updateExpression(b.ref, "swipe(fingers: 3, direction: .lef)")
            guard case .failure(let e) = broken else { Issue.record("accepted a broken expression"); continue }
            #expect(e.diagnostics.first?.message.contains("direction") == true)
        }
    }

    @Test(arguments: realConfigNames)
    func settingsAreSetAndResetInPlace(_ name: String) throws {
        let text = realConfig(name)
        let doc = document(text)
        for info in SettingInfo.all {
            let value = info.kind == .boolean ? "true" : info.defaultValue
            let set = try doc.setSetting(info.key, value).get()
            expectLoads(set, "\(name) set \(info.key)")
            #expect(changedRange(text, set).count <= (doc.settings.first { $0.info == info }?.value?.utf8.count ?? 0),
                    "\(name) \(info.key): replaced its value or inserted")
            let setDoc = doc.replacing(text: set)
            #expect(setDoc.settings.first { $0.info == info }?.value == value)
            let reset = try setDoc.resetSetting(info.key).get()
            #expect(doc.replacing(text: reset).settings.first { $0.info == info }?.value == nil)
            if doc.settings.first(where: { $0.info == info })?.value == nil, text.contains("\n[settings]") {
                #expect(reset == text, "\(name) \(info.key): set then reset is the text it was")
            }
        }
    }

    @Test(arguments: realConfigNames)
    func devicesAreAddedSetAndRemoved(_ name: String) throws {
        let text = realConfig(name)
        let doc = document(text)
        let added = try doc.addDevice(match: "name:Wacom*").get()
        #expect(changedRange(text, added).isEmpty, "\(name): only inserted")
        let addedDoc = doc.replacing(text: added)
        let device = try #require(addedDoc.devices.first { $0.match == "name:Wacom*" })
        #expect(addedDoc.devices.count == doc.devices.count + 1)
        let set = try addedDoc.setDeviceSetting(device.index, "slop", "\"3mm\"").get()
        #expect(changedRange(added, set).isEmpty)
        let setDoc = addedDoc.replacing(text: set)
        #expect(setDoc.devices.first { $0.match == "name:Wacom*" }?.settings.map(\.value) == ["\"3mm\""])
        let reset = try setDoc.resetDeviceSetting(device.index, "slop").get()
        #expect(reset == added)
        let removed = try addedDoc.removeDevice(device.index).get()
        #expect(removed == text || (!text.hasSuffix("\n") && removed == text + (text.contains("\r\n") ? "\r\n" : "\n")),
                "\(name): added then removed")
        // The bindings, in words, are what they were.
        #expect(setDoc.scopes.flatMap(\.bindings).map(\.title) == doc.scopes.flatMap(\.bindings).map(\.title))
    }

    @Test(arguments: realConfigNames)
    func scopesAreAddedAndRemoved(_ name: String) throws {
        let text = realConfig(name)
        let doc = document(text)
        let added = try doc.addScope(class: "org.example.Viewer").get()
        #expect(changedRange(text, added).isEmpty)
        let addedDoc = doc.replacing(text: added)
        #expect(addedDoc.scopes.last?.title == "org.example.Viewer")
        let back = try addedDoc.removeScope(addedDoc.scopes.last!.id).get()
        // The same text; one without a final line break now has one (the
        // line above's break is not the removal's to take).
        #expect(back == text || (!text.hasSuffix("\n") && back == text + (text.contains("\r\n") ? "\r\n" : "\n")),
                "\(name): added then removed")
        for scope in doc.scopes where scope.id != .allApplications {
            let out = try doc.removeScope(scope.id).get()
            expectLoads(out, "\(name) remove \(scope.title)")
            #expect(doc.replacing(text: out).scopes.count == doc.scopes.count - 1)
        }
    }
}

extension Result {
    var isFailure: Bool { if case .failure = self { return true } else { return false } }
}

/// Configs that do not load (the fuzzers' finds, mistakes people make):
/// opened read-only with their errors placed, every edit refused, nothing
/// crashes, and what can be shown is.
@Suite struct BrokenDocumentTests {
    static let broken: [(String, String)] = {
        var out: [(String, String)] = [
            ("TOML syntax", "version = 1\n[[bind]\ngesture = \"tap()\"\n"),
            ("unknown key", "[[bind]]\ngesture = \"tap()\"\nprority = \"high\"\non-ended = \"button 1\"\n"),
            ("bad expression", fixture("full.toml").replacingOccurrences(of: ".rightEdge", with: ".rigthEdge")),
            ("bind not a table", "bind = 3\n"),
            ("app without class", "[[app]]\n[[app.bind]]\ngesture = \"tap()\"\non-ended = \"none\"\n"),
            ("empty", ""),
        ]
        for n in ["config-abort-table-header-key.toml", "config-oom-sourcemap-array.toml"] {
            if let t = try? String(contentsOfFile: repositoryPath("Tests/FuzzRegressions/" + n), encoding: .utf8) {
                out.append((n, t))
            }
        }
        return out
    }()

    @Test(arguments: broken.map(\.0))
    func everyEditIsRefusedAndNothingCrashes(_ name: String) {
        let text = Self.broken.first { $0.0 == name }!.1
        let doc = document(text)
        if name == "empty" {
            // An empty file loads (every default): edits are taken.
            #expect(!doc.isReadOnly)
            #expect(doc.add(BindingForm(kind: .tap, action: .nothing), to: .allApplications).isSuccess)
            return
        }
        #expect(doc.isReadOnly)
        #expect(!doc.diagnostics.filter(\.isError).isEmpty)
        for d in doc.diagnostics { #expect(d.line >= 1 && d.column >= 1) }
        let ref = BindingRef(scope: .allApplications, index: 0)
        let edits: [Result<String, EditError>] = [
            doc.setEnabled(ref, false), doc.delete(ref), doc.add(BindingForm(kind: .tap, action: .nothing), to: .allApplications),
            doc.updateExpression(ref, "tap()"), doc.addScope(class: "x"), doc.removeScope(.app(0)),
            doc.setSetting("slop", "\"1px\""), doc.resetSetting("slop"), doc.addDevice(match: "touchpad"),
        ]
        for e in edits {
            guard case .failure(let why) = e else { Issue.record("\(name): an edit was accepted"); continue }
            #expect(why.message.hasPrefix("read-only: "))
        }
        _ = doc.scopes.flatMap(\.bindings).map(\.gestureWords)
    }
}

/// Where a new table goes when its scope has none yet, written out.
@Suite struct PlacementTests {
    static let onlyAnApp = "version = 1\n\n# Firefox.\n[[app]]\nclass = \"firefox\"\n"
    static let form = BindingForm(kind: .swipe, fingers: 3, direction: .left, action: .named("workspace next"))

    @Test func theFirstDesktopBindingGoesBeforeTheFirstApplication() throws {
        let out = try document(Self.onlyAnApp).add(Self.form, to: .allApplications).get()
        #expect(out == "version = 1\n\n[[bind]]\ngesture = \"swipe(fingers: 3, direction: .left)\"\non-ended = \"workspace next\"\n\n# Firefox.\n[[app]]\nclass = \"firefox\"\n")
    }

    @Test func theFirstApplicationBindingGoesAfterItsApplication() throws {
        let out = try document(Self.onlyAnApp).add(Self.form, to: .app(0)).get()
        #expect(out == Self.onlyAnApp + "\n[[app.bind]]\ngesture = \"swipe(fingers: 3, direction: .left)\"\non-ended = \"workspace next\"\n")
    }

    @Test func settingsAreMadeBeforeTheFirstTable() throws {
        let out = try document(Self.onlyAnApp).setSetting("slop", "\"12px\"").get()
        #expect(out == "version = 1\n\n[settings]\nslop = \"12px\"\n\n# Firefox.\n[[app]]\nclass = \"firefox\"\n")
    }

    @Test func aSettingGoesAfterItsCommentedOutLine() throws {
        let text = "[settings]\n# tap-timeout = \"400ms\"  # longest tap\n# slop = \"18px\"\n\n[[bind]]\ngesture = \"tap()\"\non-ended = \"none\"\n"
        let out = try document(text).setSetting("tap-timeout", "\"300ms\"").get()
        #expect(out == text.replacingOccurrences(of: "# longest tap\n", with: "# longest tap\ntap-timeout = \"300ms\"\n"))
    }

    @Test func anEmptyFileGetsItsFirstBinding() throws {
        let out = try document("").add(Self.form, to: .allApplications).get()
        #expect(out == "[[bind]]\ngesture = \"swipe(fingers: 3, direction: .left)\"\non-ended = \"workspace next\"\n")
    }

    /// A comment directly above a deleted binding goes with it; one a blank line away stays.
    @Test func commentsWhenDeleting() throws {
        let text = "# About the file.\n\n# About a.\n[[bind]]\nname = \"a\"\ngesture = \"tap()\"\non-ended = \"none\"\n# below a\n\n[[bind]]\nname = \"b\"\ngesture = \"tap(fingers: 2)\"\non-ended = \"none\"\n"
        let out = try document(text).delete(BindingRef(scope: .allApplications, index: 0)).get()
        #expect(out == "# About the file.\n\n# below a\n\n[[bind]]\nname = \"b\"\ngesture = \"tap(fingers: 2)\"\non-ended = \"none\"\n")
        // Between two blank lines, one of them goes with it.
        let b = try document(text).delete(BindingRef(scope: .allApplications, index: 1)).get()
        #expect(b == "# About the file.\n\n# About a.\n[[bind]]\nname = \"a\"\ngesture = \"tap()\"\non-ended = \"none\"\n# below a\n")
    }
}
