import GestureConfig
import GestureCore
import GestureSettingsModel
import Testing

/// Many edits in a row, as a person makes them over an afternoon (random,
/// from a fixed seed): after each, the text loads, and every binding the
/// edit did not target is still in the text byte for byte.
@Suite struct EditSequenceTests {
    /// SplitMix64: the same sequence on every machine.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func randomForm(_ g: inout Seeded) -> BindingForm {
        let kind = BindingForm.kinds.randomElement(using: &g)!
        let actions: [BindingForm.Action] = [.named("workspace next"), .named("key overview"), .keys("super+a"),
                                             .button(3, here: true), .command("notify-send hi"), .nothing]
        var when: BindingForm.When = [.end, .start].randomElement(using: &g)!
        if kind.isContinuous && Bool.random(using: &g) { when = .steps(every: [0.1, 15, 120].randomElement(using: &g)!) }
        if kind == .hold && Bool.random(using: &g) { when = .repeating }
        return BindingForm(kind: kind, fingers: Int.random(in: 1...5, using: &g),
                           direction: kind == .swipe ? Direction.allCases.randomElement(using: &g) : nil,
                           edge: Bool.random(using: &g) ? Edge.allCases.randomElement(using: &g) : nil,
                           tapCount: kind == .tap ? Int.random(in: 1...2, using: &g) : 1,
                           device: [.any, .touchscreen, .touchpad].randomElement(using: &g)!,
                           modifiers: Bool.random(using: &g) ? .alt : nil, when: when,
                           action: actions.randomElement(using: &g)!,
                           decrease: actions.randomElement(using: &g)!,
                           priority: Priority.allCases.randomElement(using: &g)!,
                           name: Bool.random(using: &g) ? "g\(Int.random(in: 0...999, using: &g))" : nil)
    }

    @Test(arguments: ["full.toml", "tricky.toml (CRLF)", "default config, every example on"])
    func aHundredAndFiftyEditsInARow(_ name: String) throws {
        var g = Seeded(state: 42)
        var doc = document(realConfig(name))
        var accepted = 0
        for step in 0..<150 {
            let rows = doc.scopes.flatMap(\.bindings)
            let target = rows.randomElement(using: &g)
            let setting = SettingInfo.all.filter { $0.kind != .boolean }.randomElement(using: &g)!
            let op = Int.random(in: 0..<10, using: &g)
            var touched: BindingRef? = target?.ref
            let result: Result<String, EditError>
            switch op {
            case 0 where target != nil: result = doc.setEnabled(target!.ref, Bool.random(using: &g))
            case 1 where target != nil && rows.count > 3: result = doc.delete(target!.ref)
            case 2:
                touched = nil
                result = doc.add(Self.randomForm(&g), to: doc.scopes.randomElement(using: &g)!.id)
            case 3 where target?.form != nil:
                var f = target!.form!
                f.fingers = Int.random(in: 1...5, using: &g)
                f.priority = Priority.allCases.randomElement(using: &g)!
                if Bool.random(using: &g) { f.name = nil }
                result = doc.update(target!.ref, f)
            case 4 where target != nil:
                result = doc.updateExpression(target!.ref, Self.randomForm(&g).expression)
            case 5:
                touched = nil
                result = doc.setSetting(setting.key, setting.defaultValue)
            case 6:
                touched = nil
                result = doc.resetSetting(setting.key)
            case 7:
                touched = nil
                result = doc.addScope(class: "app\(step)")
            case 8 where doc.scopes.count > 2:
                touched = nil
                result = doc.removeScope(doc.scopes.last!.id)
            default:
                touched = nil
                result = doc.addDevice(match: "touchpad")
            }
            guard case .success(let text) = result else {
                // Refused only when it would not load (a composition the form cannot
                // hold is never picked); say it, the text stays.
                if case .failure(let e) = result { #expect(!e.diagnostics.isEmpty, "\(name) step \(step): \(e)") }
                continue
            }
            accepted += 1
            #expect(testLoader().load(text: text, file: "c.toml").isSuccess, "\(name) step \(step)")
            // Every binding not targeted keeps its text (removing a scope takes its own).
            let removedScope = op == 8 ? doc.scopes.last!.id : nil
            let bytes = Array(doc.text.utf8)
            for row in rows where row.ref != touched && row.ref.scope != removedScope {
                let own = String(decoding: bytes[row.bytes], as: UTF8.self)
                #expect(text.contains(own), "\(name) step \(step) op \(op): \(row.ref) changed")
            }
            doc = doc.replacing(text: text)
        }
        #expect(accepted > 100)
    }
}
