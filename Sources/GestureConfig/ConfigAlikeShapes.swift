import GestureCore

/// Two shapes of `strokes.toml` so alike that drawing one may fire the
/// other's binding: a template of the one, matched by the recognizer's own
/// matcher (StrokeMatcher, with the binding's direction and rotation)
/// against the other's templates alone, scores in the inner half of what
/// the other accepts: at least midway between its threshold and a perfect
/// 1 (0.90 for the default 0.80). Drawn exactly as taught it is still its
/// own shape (all the shapes compete and it scores 1 as itself); drawn a
/// little towards the other, it is the other.
///
/// The threshold itself is too far out to say this: on the real
/// easystroke files of EasystrokeRealFilesTests it gave more than 40
/// warnings in 4 of the 10 files, from 0.80 to under 0.90, between shapes
/// the recognizer tells apart (docs/pointer-strokes.md: 83 of 85 drawings
/// recognized as themselves); at the midway, 7 warnings (4 pairs) in one
/// file, 0.91-0.96, strokes drawn alike where both are in effect ('quit'
/// and 'quit (skype)').
///
/// Only shapes that compete are compared: finger strokes with finger
/// strokes, strokes drawn with one button with those drawn with the same
/// button (PointerStrokeBindings matches only the shapes bound there), and
/// bindings over the same windows (the same scope, or one of them the
/// desktop's: another application's binding is not in effect there).
extension ConfigBuilder {
    mutating func checkAlikeShapes() {
        let set = loader.strokes
        guard set.shapes.count > 1 else { return }
        let all = table.allBindings
        guard all.count == paths.count else { return }
        var bound: [(id: BindingID, stroke: StrokeSpec, shape: StrokeShape, scope: String)] = []
        for (id, b) in all.enumerated() {
            if case .stroke(let s) = b.gesture, let shape = set[s.shape] { bound.append((id, s, shape, scopes[id])) }
        }
        var said: Set<[String]> = []
        // Many bindings share a shape and its options (the same stroke in
        // several scopes): each pair of shapes is matched once per options.
        var scores: [Pair: Double] = [:]
        for (id, s, shape, scope) in bound {
            var options = StrokeOptions()
            options.directionSensitive = s.directionSensitive
            options.rotationInvariant = !s.rotationSensitive
            options.minimumSize = 0   // the templates as drawn, whatever their size
            options.threshold = 0
            if s.button != nil { options.straightness = -1 }   // a line drawn with a button is a shape
            var matcher: StrokeMatcher? = nil
            // The other shapes that compete with it, in the file's order.
            var others: [String] = []
            for (_, o, _, oScope) in bound where o.button == s.button && o.shape != s.shape && !others.contains(o.shape)
                && (oScope == scope || oScope == "desktop" || scope == "desktop") { others.append(o.shape) }
            for other in set.shapes where others.contains(other.name) && !said.contains([other.name, shape.name]) {
                let pair = Pair(template: other.name, shape: shape.name, options: options)
                let best = scores[pair] ?? {
                    let made = matcher ?? StrokeMatcher(templates: shape.templates.map { StrokeTemplate(name: shape.name, path: $0, options: options) },
                                                        options: options)
                    matcher = made
                    var best = 0.0
                    for t in other.templates {
                        let m = made.match(t)
                        if m.rejection == nil || m.rejection == .belowThreshold { best = max(best, m.score) }
                    }
                    scores[pair] = best
                    return best
                }()
                guard best >= Self.alike(shape.needed) else { continue }
                said.insert([other.name, shape.name])
                context.report(paths[id] + ".gesture",
                               Words("drawing '{other}' may fire this stroke: a template of '{other}' scores {score} as '{shape}', which needs {needed}; teach the two more differently, or raise {shape}'s threshold in strokes.toml",
                                     ["other": other.name, "shape": shape.name, "score": StrokeVerdict.hundredths(best),
                                      "needed": StrokeVerdict.hundredths(shape.needed)]),
                               warning: true)
            }
        }
    }

    /// A template's shape matched against a shape's templates, with these options.
    struct Pair: Hashable {
        var template: String
        var shape: String
        var options: StrokeOptions
    }

    /// The score at which another shape's template is too alike to one
    /// needing `threshold`: midway between it and 1.
    static func alike(_ threshold: Double) -> Double { threshold + (1 - threshold) / 2 }
}
