@testable import GestureCore
import Testing

/// The one table of settings (SettingTable.swift): every setting the engine
/// reads is a row, every row reads and writes its own field, and every rule
/// that refuses a gesture names a setting that `tune` varies, or none.
@Suite struct SettingTableTests {
    /// `tapTimeout` → `tap-timeout`.
    static func key(_ property: String) -> String {
        var out = ""
        for ch in property {
            if ch.isUppercase { out += "-" + ch.lowercased() } else { out.append(ch) }
        }
        return out
    }

    /// Every stored property of `Settings` is a row (but the shapes taught,
    /// which come from strokes.toml, not `[settings]`): a setting added to
    /// the engine without a row fails here.
    @Test func everySettingIsARow() {
        let properties = Mirror(reflecting: Settings()).children.compactMap(\.label).filter { $0 != "strokes" }
        #expect(properties.count == SettingField.all.count)
        for p in properties { #expect(SettingField.named(Self.key(p)) != nil, "Settings.\(p) has no row") }
    }

    /// Each row reads its own field and writes only it.
    @Test(arguments: SettingField.all.map(\.key))
    func aRowReadsAndWritesItsField(_ key: String) throws {
        let f = try #require(SettingField.named(key))
        let base = Settings()
        var s = base
        let v = f.value(base)
        let other: SettingField.Value
        if case .boolean(let b) = v { other = .boolean(!b) } else { other = v.with((v.number ?? 0) + 7) }
        f.set(other, in: &s)
        #expect(f.value(s) == other)
        for g in SettingField.all where g.key != key { #expect(g.value(s) == g.value(base), "\(key) wrote \(g.key)") }
    }

    /// Tune varies a row, or the row says why not.
    @Test func everyRowIsTunedOrSaysWhyNot() {
        for f in SettingField.all {
            #expect(!f.factors.isEmpty != (f.untouchedBecause.map { !$0.isEmpty } ?? false), "\(f.key)")
            #expect(f.factors.allSatisfy { $0 > 0 && $0 != 1 }, "\(f.key)")
        }
    }

    /// A rule that a setting reaches names a row tune varies, so `tune`
    /// tries it; one no setting reaches says why (RefusalWords.swift).
    @Test(arguments: Refusal.Rule.allCases)
    func aRefusingRulesSettingIsTuned(_ rule: Refusal.Rule) throws {
        guard let key = rule.setting else {
            #expect(rule.fixedBecause?.isEmpty == false, "\(rule.name): no setting, and no reason")
            return
        }
        let f = try #require(SettingField.named(key), "\(rule.name) names \(key), no setting")
        #expect(!f.factors.isEmpty, "\(rule.name) is refused by \(key), which tune does not vary")
    }
}
