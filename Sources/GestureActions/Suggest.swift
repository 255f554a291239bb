/// "Did you mean": the candidates nearest to a misspelled word.
public enum Suggest {
    /// Up to `limit` candidates within a small edit distance, nearest first;
    /// case is ignored when measuring.
    public static func closest(to word: String, in candidates: [String], limit: Int = 1) -> [String] {
        let w = Array(word.lowercased().utf8)
        let budget = max(1, min(3, w.count / 3 + 1))
        var scored: [(Int, String)] = []
        for c in candidates {
            let d = distance(w, Array(c.lowercased().utf8), cap: budget)
            if d <= budget { scored.append((d, c)) }
        }
        scored.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return scored.prefix(limit).map(\.1)
    }

    /// Phrase for a message: " (did you mean 'x'?)" or "".
    public static func phrase(_ word: String, _ candidates: [String]) -> String {
        guard let best = closest(to: word, in: candidates).first else { return "" }
        return " (did you mean '\(best)'?)"
    }

    /// Levenshtein distance, giving up (returning cap + 1) beyond `cap`.
    static func distance(_ a: [UInt8], _ b: [UInt8], cap: Int) -> Int {
        if abs(a.count - b.count) > cap { return cap + 1 }
        var prev = Array(0...b.count)
        var cur = Array(repeating: 0, count: b.count + 1)
        for i in 1...max(1, a.count) where !a.isEmpty {
            cur[0] = i
            var rowMin = cur[0]
            for j in 1...max(1, b.count) where !b.isEmpty {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMin = min(rowMin, cur[j])
            }
            if rowMin > cap { return cap + 1 }
            swap(&prev, &cur)
        }
        return a.isEmpty ? b.count : prev[b.count]
    }
}
