import GestureCore
/// "Did you mean": the candidates nearest to a misspelled word.
public enum Suggest {
    /// The nearest candidates (up to `limit`, all at the smallest edit
    /// distance found), within a small budget; case is ignored when measuring.
    public static func closest(to word: String, in candidates: [String], limit: Int = 1) -> [String] {
        closest(to: word, in: candidates, lowercased: candidates.map { Array($0.lowercased().utf8) }, limit: limit)
    }

    /// The same, with the candidates' lowercased bytes computed once by the caller.
    static func closest(to word: String, in candidates: [String], lowercased: [[UInt8]], limit: Int) -> [String] {
        let w = Array(word.lowercased().utf8)
        let budget = max(1, min(3, w.count / 3 + 1))
        var best = budget + 1
        var found: [String] = []
        for (c, lower) in zip(candidates, lowercased) where abs(lower.count - w.count) <= budget {
            let d = distance(w, lower, cap: budget)
            if d < best { best = d; found = [c] } else if d == best { found.append(c) }
        }
        return best <= budget ? Array(found.sorted().prefix(limit)) : []
    }

    /// Phrase for a message: " (did you mean 'x'?)" or "".
    public static func phrase(_ word: String, _ candidates: [String]) -> String {
        guard let best = closest(to: word, in: candidates).first else { return "" }
        return " (did you mean '\(best)'?)"
    }

    /// The same phrase as words the command translates (empty when nothing is near).
    public static func words(_ word: String, _ candidates: [String]) -> Words {
        guard let best = closest(to: word, in: candidates).first else { return Words.none }
        return Words(" (did you mean '{word}'?)", ["word": best])
    }

    /// Optimal string alignment distance (a swap of neighbours is one edit),
    /// giving up (returning cap + 1) beyond `cap`.
    static func distance(_ a: [UInt8], _ b: [UInt8], cap: Int) -> Int {
        if abs(a.count - b.count) > cap { return cap + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rolling rows (i - 2, i - 1, i) of one buffer: the swap rule
        // looks two rows back. One allocation per call, not one per row.
        let width = b.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            func at(_ i: Int, _ j: Int) -> Int { rows[(i % 3) * width + j] }
            func set(_ i: Int, _ j: Int, _ v: Int) { rows[(i % 3) * width + j] = v }
            for j in 0...b.count { set(0, j, j) }
            for i in 1...a.count {
                set(i, 0, i)
                var rowMin = Int.max
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var v = min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, at(i - 2, j - 2) + 1) }
                    set(i, j, v)
                    rowMin = min(rowMin, v)
                }
                if rowMin > cap { return cap + 1 }
            }
            return at(a.count, b.count)
        }
    }
}
