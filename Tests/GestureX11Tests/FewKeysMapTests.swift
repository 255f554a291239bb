import GestureTesting
@testable import GestureX11
import Testing

/// FewKeysMap, the listener's map of a hand's touches, does what the
/// Dictionary it replaced did: the same values after the same changes.
@Suite struct FewKeysMapTests {
    /// Random sets, overwrites and removals of up to 12 keys, checked
    /// against a Dictionary after every step.
    @Test(arguments: [1, 2, 3, 4])
    func itHoldsWhatADictionaryWould(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var map = FewKeysMap<TouchOwnership.Key, Int>()
        var model: [TouchOwnership.Key: Int] = [:]
        for step in 0..<2_000 {
            let key = TouchOwnership.Key(device: Int32(rng.next() % 2 + 10), touch: UInt32(rng.next() % 6))
            let value: Int? = rng.next() % 3 == 0 ? nil : step
            if rng.next() % 2 == 0 {
                map[key] = value
            } else {
                // The one-search path the ownership table takes.
                let i = map.index(of: key)
                #expect(map.value(at: i) == model[key])
                map.set(value, at: i, for: key)
            }
            model[key] = value
            #expect(map[key] == model[key])
            #expect(map.entries.count == model.count)
            #expect(Set(map.entries.map(\.key)) == Set(model.keys))
        }
        map.removeAll()
        #expect(map.isEmpty)
    }

    @Test func keysStayInTheOrderTheyCame() {
        var map = FewKeysMap<Int, String>()
        map[3] = "c"; map[1] = "a"; map[2] = "b"
        map[1] = "A"      // overwritten in place
        map[3] = nil      // removed
        #expect(map.entries.map(\.key) == [1, 2])
        #expect(Array(map.values) == ["A", "b"])
    }
}
