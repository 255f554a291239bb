// The shapes a user taught (`strokes.toml`, docs/strokes.md): what every
// stroke recognizer matches a path against. Part of `Settings`, so it
// reaches the recognizers with the thresholds and is replaced with the config.

/// One shape: its examples, as drawn (px), and the score it needs.
public struct StrokeShape: Hashable, Sendable {
    public var name: String
    /// The score a stroke needs to be this shape; nil: `StrokeShape.defaultThreshold`.
    public var threshold: Double?
    /// Each example's path, in px, as drawn.
    public var templates: [[Point]]

    /// $P's usual acceptance, where `teach` fitted none.
    public static let defaultThreshold = 0.80

    public init(name: String, threshold: Double? = nil, templates: [[Point]]) {
        self.name = name
        self.threshold = threshold
        self.templates = templates
    }

    public var needed: Double { threshold ?? Self.defaultThreshold }
}

/// Every shape taught, in the file's order.
public struct StrokeSet: Hashable, Sendable {
    public var shapes: [StrokeShape]

    public init(_ shapes: [StrokeShape] = []) { self.shapes = shapes }

    public subscript(name: String) -> StrokeShape? { shapes.first { $0.name == name } }

    /// The matcher every stroke gesture uses: all shapes' templates compete,
    /// so a stroke is the shape it is closest to, and only then if it scores
    /// that shape's threshold (`StrokeRecognizer`, the 3DTCGS harness and
    /// `teach` all match through this).
    public func matcher(_ options: StrokeOptions = StrokeOptions()) -> StrokeMatcher {
        return StrokeMatcher(templates: shapes.flatMap { s in s.templates.map { StrokeTemplate(name: s.name, path: $0, options: options) } },
                      options: options)
    }

    /// `path` resampled to `count` points evenly spaced along it.
    public static func resampled(_ path: [Point], count: Int) -> [Point] { StrokeCloud.resample(path, count: count) }

    /// `path` matched: accepted when its closest shape scores that shape's
    /// threshold. With a memo, bindings that match the same path with the
    /// same options match it once.
    public func match(_ path: [Point], with matcher: StrokeMatcher, memo: StrokeMatchMemo? = nil) -> StrokeMatch {
        var m = memo?.match(path, matcher) ?? matcher.match(path)
        guard m.rejection == nil || m.rejection == .belowThreshold, let closest = m.closest else { return m }
        let accepted = m.score >= (self[closest]?.needed ?? StrokeShape.defaultThreshold)
        m.name = accepted ? closest : nil
        m.rejection = accepted ? nil : .belowThreshold
        return m
    }
}

/// The last match of one engine's rules: every stroke binding of an
/// attempt matches the same path at the same lift, so the first to ask
/// matches and the others read its answer (10 bindings cost one match).
/// One engine's, stepped on its one thread, as the rules that hold it.
public final class StrokeMatchMemo: @unchecked Sendable {
    private var path: [Point] = []
    private var options: StrokeOptions? = nil
    private var result = StrokeMatch(name: nil, score: 0, closest: nil, rejection: nil)

    public init() {}

    func match(_ path: [Point], _ matcher: StrokeMatcher) -> StrokeMatch {
        if options == matcher.options && self.path == path { return result }
        result = matcher.match(path)
        self.path = path
        options = matcher.options
        return result
    }
}

/// What the stroke recognizers built from one set of thresholds share.
final class StrokeContext: Sendable {
    let set: StrokeSet
    let memo = StrokeMatchMemo()
    init(_ set: StrokeSet) { self.set = set }
}
