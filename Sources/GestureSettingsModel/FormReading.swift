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
        let kind: BindingForm.Kind, common: CommonArguments
        var direction: Direction? = nil, taps = 1, shape = ""
        switch spec {
        case .sequenced: return (nil, L("it is a composition (sequenced)"))
        case .exclusively: return (nil, L("it is a composition (exclusively)"))
        case .simultaneously: return (nil, L("it is a composition (simultaneously)"))
        case .stroke(let s):
            // The form has the shape and its fingers; the options are written as text.
            guard s.directionSensitive, s.rotationSensitive, s.minimumSize == nil else { return (nil, thresholds) }
            kind = .stroke; common = s.common; shape = s.shape
        case .tap(let s):
            kind = .tap; common = s.common; taps = s.count
        case .longPress(let s):
            guard s.minimumDuration == nil, s.maximumDistance == nil else { return (nil, thresholds) }
            kind = .longPress; common = s.common
        case .drag(let s):
            guard s.minimumDistance == nil else { return (nil, thresholds) }
            kind = .drag; common = s.common
        case .swipe(let s):
            guard s.minimumDistance == nil, s.minimumVelocity == nil, s.maximumDeviation == nil else { return (nil, thresholds) }
            kind = .swipe; common = s.common; direction = s.direction
        case .magnify(let s):
            guard s.minimumScaleDelta == nil else { return (nil, thresholds) }
            kind = .pinch; common = s.common
        case .rotate(let s):
            guard s.minimumAngleDelta == nil else { return (nil, thresholds) }
            kind = .rotate; common = s.common
        case .hold(let s):
            guard s.minimumDuration == nil, s.maximumDistance == nil else { return (nil, thresholds) }
            kind = .hold; common = s.common
        }
        guard common.edgeWidth == nil else { return (nil, thresholds) }
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
        var form = BindingForm(kind: kind, fingers: spec.maximumFingers, direction: direction, edge: common.from,
                               tapCount: taps, device: device, modifiers: modifiers, when: when, action: action,
                               decrease: decrease, priority: priority, name: name)
        form.shape = shape
        return (form, nil)
    }

    static var thresholds: String { L("it sets its own thresholds") }

    /// One action: a string, or an array of one.
    static func single(_ v: ConfigOutline.Value) -> String? {
        if let s = v.string { return s }
        if let a = v.array, a.count == 1 { return a[0].string }
        return nil
    }
}
