import GestureCore

extension ConfigBuilder {
    /// `touchegg-protocol = true`: the gestures forwarded to Touchégg's
    /// clients, as desktop bindings after the user's (BindingIDs of the app
    /// scopes move up by as many). They grab their touches (high) but yield
    /// to every binding of the user's, and do nothing themselves: the daemon
    /// sends their phases as D-Bus signals. 2-finger pinches stay with the
    /// applications (their zoom).
    mutating func addForwarding() {
        var forwarded: [Binding] = []
        for text in Self.forwardedGestures {
            guard case .success(let (spec, _)) = ExpressionParser.parse(text) else { continue }
            forwarded.append(Binding(name: "touchegg-protocol: \(text)", gesture: spec, priority: .high, yields: true))
        }
        let at = table.desktop.count
        table.desktop += forwarded
        actions.insert(contentsOf: Array(repeating: BindingActions(), count: forwarded.count), at: at)
        scopes.insert(contentsOf: Array(repeating: "touchegg-protocol", count: forwarded.count), at: at)
    }

    static let forwardedGestures = ["swipe(fingers: 3)", "swipe(fingers: 4)", "magnify(fingers: 3)", "magnify(fingers: 4)"]
}
