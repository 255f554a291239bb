/// A map that holds a few keys (a hand's touches: ten at most), kept in an
/// array and searched in order. A Dictionary hashes its key (SipHash, about
/// 150 instructions) at every lookup; the listener looks a touch up two or
/// three times per event, and that hashing was 12 % of what a touchscreen
/// swipe cost the daemon (docs/performance.md, "Per touch event"). Order is
/// the order of insertion.
struct FewKeysMap<Key: Equatable, Value> {
    private(set) var entries: [(key: Key, value: Value)] = []

    init() { entries.reserveCapacity(10) }

    /// These pairs, in their order (keys not repeated).
    init<S: Sequence>(_ pairs: S) where S.Element == (key: Key, value: Value) {
        entries = Array(pairs)
    }

    /// The value for `key`; set to nil, the key is removed.
    subscript(key: Key) -> Value? {
        get { index(of: key).map { entries[$0].value } }
        set { set(newValue, at: index(of: key), for: key) }
    }

    /// Where `key` is (nil: it is not), for one search per change (`set`).
    func index(of key: Key) -> Int? { entries.firstIndex { $0.key == key } }

    /// `value` for `key`, found at `index` already (nil: not there): one
    /// search for a read and a write. nil removes it.
    mutating func set(_ value: Value?, at index: Int?, for key: Key) {
        switch (index, value) {
        case (let i?, let v?): entries[i].value = v
        case (let i?, nil): entries.remove(at: i)
        case (nil, let v?): entries.append((key, v))
        case (nil, nil): break
        }
    }

    func value(at index: Int?) -> Value? { index.map { entries[$0].value } }

    /// Takes `key` out: its value, nil if it was not there.
    mutating func remove(_ key: Key) -> Value? {
        guard let i = index(of: key) else { return nil }
        return entries.remove(at: i).value
    }

    var values: LazyMapSequence<[(key: Key, value: Value)], Value> { entries.lazy.map(\.value) }
    var isEmpty: Bool { entries.isEmpty }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    /// Takes out every pair `shouldRemove` says to.
    mutating func removeAll(where shouldRemove: (Key, Value) -> Bool) {
        entries.removeAll { shouldRemove($0.key, $0.value) }
    }
}
