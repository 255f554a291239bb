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

    /// Optimal string alignment distance (a swap of neighbours is one edit),
    /// giving up (returning cap + 1) beyond `cap`.
    static func distance(_ a: [UInt8], _ b: [UInt8], cap: Int) -> Int {
        if abs(a.count - b.count) > cap { return cap + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            var rowMin = Int.max
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
                rowMin = min(rowMin, d[i][j])
            }
            if rowMin > cap { return cap + 1 }
        }
        return d[a.count][b.count]
    }
}
