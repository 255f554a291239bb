import GestureConfig
import GestureCore

/// A binding's table read into the form, or why the form cannot hold it.
enum FormReading {
    /// Keys the form has a field for.
    static let formKeys: Set<String> = ["gesture", "name", "priority", "device", "modifiers", "enabled", "on-ended",
                                        "on-began", "on-repeat", "on-step"]

    static func form(of t: ConfigOutline.Table, spec: GestureSpec?) -> (BindingForm?, String?) {
        if let other = t.members.first(where: { !formKeys.contains($0.key) }) {
            return (nil, L("it has '{key}', which the form has no field for", ["key": other.key]))
        }
        guard let spec else { return (nil, L("its gesture expression does not parse")) }
        guard let kind = spec.kind else {
            if case .sequenced = spec { return (nil, L("it is a composition (sequenced)")) }
            if case .exclusively = spec { return (nil, L("it is a composition (exclusively)")) }
            return (nil, L("it is a composition (simultaneously)"))
        }
        guard kind.formPlace != nil else {
            return (nil, L("it is a kind of gesture the form does not offer ({gesture})", ["gesture": kind.displayName]))
        }
        // Any argument the form has no field for is a threshold of its own.
        let written = spec.writtenArguments
        // A stroke's shape is a field; its flags only at their defaults (true).
        guard written.allSatisfy({ formArguments.contains($0.0.type) || $0.1 == .flag(true) }) else { return (nil, thresholds) }
        func value(_ type: ArgumentType) -> ArgumentValue? { written.first { $0.0.type == type }?.1 }
        var taps = 1, direction: Direction? = nil, edge: Edge? = nil
        if case .whole(let n)? = value(.count) { taps = n }
        if case .direction(let d)? = value(.direction) { direction = d }
        if case .edge(let e)? = value(.edge) { edge = e }
        var shape = ""
        if case .text(let name)? = value(.shape) { shape = name }
        var button: Int? = nil
        if case .whole(let n)? = value(.button) {
            // A button the form has no choice for (10 and up), or fingers
            // written beside one, is the expression's to say.
            guard BindingForm.strokeButtons.contains(n) else {
                return (nil, L("its button ({button}) is not one the form offers", ["button": String(n)]))
            }
            guard value(.fingers) == nil else { return (nil, L("it gives fingers to a stroke drawn with a button")) }
            button = n
        }
        var device = DeviceFilter.any
        if let v = t["device"] {
            guard let d = v.string.flatMap(DeviceFilter.init) else { return (nil, L("its device is not one the form knows")) }
            device = d
        }
        var modifiers: Modifiers? = nil
        if let v = t["modifiers"] {
            guard let m = v.string.flatMap({ try? Modifiers.parse($0).get() }) else { return (nil, L("its modifiers do not parse")) }
            modifiers = m.isEmpty ? nil : m
        }
        var priority = Priority.normal
        if let v = t["priority"] {
            guard let p = v.string.flatMap(Priority.init(rawValue:)) else { return (nil, L("its priority is not normal, high or simultaneous")) }
            priority = p
        }
        var name: String? = nil
        if let v = t["name"] {
            guard let s = v.string else { return (nil, L("its name is not a string")) }
            name = s
        }
        let actionKeys = ["on-ended", "on-began", "on-repeat", "on-step"].filter { t[$0] != nil }
        guard actionKeys.count == 1 else {
            return (nil, actionKeys.isEmpty ? L("it has no action")
                : L("it acts at more than one moment ({keys})", ["keys": actionKeys.joined(separator: ", ")]))
        }
        var when = BindingForm.When.end
        var action: BindingForm.Action, decrease: BindingForm.Action? = nil
        let key = actionKeys[0]
        if key == "on-step" {
            guard let step = t["on-step"], step.isInlineTable, let members = step.members,
                  members.allSatisfy({ ["every", "increase", "decrease"].contains($0.key) }),
                  let every = step["every"]?.number, let inc = step["increase"].flatMap(single),
                  let i = BindingForm.Action(text: inc) else {
                return (nil, t["on-step"]?.isInlineTable == false ? L("its on-step is written as dotted keys")
                                                                   : L("its on-step is more than an increase and a decrease action"))
            }
            if let d = step["decrease"] {
                guard let dt = single(d), let da = BindingForm.Action(text: dt) else {
                    return (nil, L("its on-step's decrease is more than one action the form knows"))
                }
                decrease = da
            }
            when = .steps(every: every)
            action = i
        } else {
            guard let text = single(t[key]!) else { return (nil, L("it does more than one action at once")) }
            guard let a = BindingForm.Action(text: text) else { return (nil, L("its action '{action}' is not one the form offers", ["action": text])) }
            action = a
            when = key == "on-began" ? .start : key == "on-repeat" ? .repeating : .end
        }
        var form = BindingForm(kind: kind, fingers: spec.maximumFingers, direction: direction, edge: edge,
                               tapCount: taps, device: device, modifiers: modifiers, when: when, action: action,
                               decrease: decrease, priority: priority, name: name)
        form.shape = shape
        form.button = button
        return (form, nil)
    }

    /// The arguments the form has fields for: Fingers, Taps, Direction, Starts, Shape, Button.
    static let formArguments: Set<ArgumentType> = [.fingers, .count, .direction, .edge, .shape, .button]

    static var thresholds: String { L("it sets its own thresholds") }

    /// One action: a string, or an array of one.
    static func single(_ v: ConfigOutline.Value) -> String? {
        if let s = v.string { return s }
        if let a = v.array, a.count == 1 { return a[0].string }
        return nil
    }
}
