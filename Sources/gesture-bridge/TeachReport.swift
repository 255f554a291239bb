import GestureLocalization
import GestureTraces

/// `teach`'s report (Teacher.report) in the user's language: the first line
/// as it is, the others indented under it.
func teachReport(_ lines: [Teacher.ReportLine]) -> [String] {
    lines.enumerated().map { i, line in (i == 0 ? "" : "  ") + say(line) }
}

private func say(_ line: Teacher.ReportLine) -> String {
    switch line {
    case .taught(let shape, let n, let threshold):
        return Ln("{shape}: {count} example, threshold {threshold}", "{shape}: {count} examples, threshold {threshold}", n,
                  ["shape": shape, "threshold": threshold])
    case .attempts(let recognized, let n, let missed) where missed.isEmpty:
        return L("your attempts, each against the others: {recognized} of {count} recognized",
                 ["recognized": String(recognized), "count": String(n)])
    case .attempts(let recognized, let n, let missed):
        let each = missed.map { m in
            m.closest.map { L("{name} (closest {shape}, {score})", ["name": m.name, "shape": $0, "score": m.score]) }
                ?? L("{name} (too small or a line, {score})", ["name": m.name, "score": m.score])
        }
        return L("your attempts, each against the others: {recognized} of {count} recognized; missed: {missed}",
                 ["recognized": String(recognized), "count": String(n), "missed": each.joined(separator: ", ")])
    case .oneExample:
        return L("one example: the threshold is the default; teach 3 or more to fit it to your hand")
    case .drawnWithAButton(let size):
        return L("drawn with a button: no finger's everyday hand can fire it, and a click (under the {size} px minimumSize) never does",
                 ["size": String(size)])
    case .closestHand(let name, let score, rejected: true):
        return L("closest everyday hand: {name} scores {score}, under the threshold: rejected", ["name": name, "score": score])
    case .closestHand(let name, let score, rejected: false):
        return L("closest everyday hand: {name} scores {score}", ["name": name, "score": score])
    case .noHandNear(let shape):
        return L("no everyday hand (taps, swipes, scrolls, palms) comes closest to {shape}", ["shape": shape])
    case .riskHands(let names):
        return Ln("risk: {count} everyday hand would fire it ({names}): draw it bigger or more distinct",
                  "risk: {count} everyday hands would fire it ({names}): draw it bigger or more distinct", names.count,
                  ["names": names.joined(separator: ", ")])
    case .riskOwnAttempts:
        return L("risk: some of your own attempts fall under it; teach more examples, drawn as you will draw them")
    case .riskLow(let margin):
        return L("risk: low (margin {margin} over the closest everyday hand)", ["margin": margin])
    }
}
