import CX11
import GestureCore

/// The refresh of what the listener knows of the server (the keyboard's
/// modifiers, the devices, the monitors) as a machine that asks X nothing
/// itself: it says what to ask (`Request`s) and takes what X answered
/// (`Answer`s, values read from the replies), in two stages (the second
/// asks what the first's answers name: each device's properties and
/// matrix, the names of atoms not seen before), and makes the result.
/// ServerQuery sends its requests through libxcb and keeps their cookies.
struct RefreshMachine {
    /// What a refresh asks about.
    struct Topics: OptionSet, Hashable {
        let rawValue: UInt8
        /// The modifier map (which bits Alt and Super are).
        static let modifiers = Topics(rawValue: 1)
        /// The devices (and their matrices).
        static let devices = Topics(rawValue: 2)
        /// The screen's monitors (and the devices' matrices, onto the screen).
        static let monitors = Topics(rawValue: 4)
        static let all: Topics = [.modifiers, .devices, .monitors]
    }

    /// A device property the listing reads.
    enum DeviceProperty: Hashable {
        /// "Device Node" (`/dev/input/eventN`), by its atom.
        case node(Atom)
        /// "Device Product ID", by its atom.
        case product(Atom)
        /// "Coordinate Transformation Matrix" (its atom is the X side's).
        case matrix

        /// How many 32-bit words of it are asked.
        var words: UInt32 {
            switch self {
            case .node: 256
            case .product: 2
            case .matrix: 9
            }
        }
    }

    /// A request with a reply, as a value.
    enum Request: Hashable {
        /// GetModifierMapping.
        case modifierMapping
        /// GetKeyboardMapping of every keycode.
        case keyboardMapping
        /// XIQueryDevice of every device.
        case devices
        /// XI 1's ListInputDevices: each device's type atom.
        case deviceTypes
        /// InternAtom, only if it exists.
        case atom(String)
        /// RRGetMonitors, the active ones.
        case monitors
        /// XIListProperties of a device.
        case deviceProperties(Int32)
        /// XIGetProperty of a device, of any type.
        case property(Int32, DeviceProperty)
        /// GetAtomName.
        case atomName(Atom)
    }

    /// A property's items, each widened to 32 bits, with their format (8, 16, 32).
    struct PropertyItems: Hashable {
        var format: Int
        var values: [UInt32]
    }

    /// What X answered, as values.
    enum Answer {
        /// The keycodes of each of the 8 modifiers.
        case modifierMapping([[UInt8]])
        /// The keysyms from `first`, `perKeycode` a keycode.
        case keyboardMapping(first: UInt8, perKeycode: Int, keysyms: [UInt32])
        case devices([XDevice.Info])
        /// Each device's type atom (0s left out).
        case deviceTypes([Int32: Atom])
        /// An atom, nil when the server has none of that name.
        case atom(String, Atom?)
        case monitors([Monitors.Raw])
        case deviceProperties(Int32, Set<Atom>)
        /// A property's items, nil when the device has none of it.
        case property(Int32, DeviceProperty, PropertyItems?)
        case atomName(Atom, String)
        /// An X error, or a reply shorter than its counts: `deviceGone`
        /// when X said the device named is gone (BadDevice).
        case failed(Request, why: String, deviceGone: Bool)
    }

    /// The answers, as values (nil: not asked, or not answered).
    struct Result {
        var modifierMap: ModifierMap? = nil
        var devices: [XDevice]? = nil
        var outputs: [Output]? = nil
        /// Each touch device's Coordinate Transformation Matrix (none: no matrix).
        var matrices: [Int32: [Double]]? = nil
        /// What went wrong, in words, for the log: an answer lost is
        /// dropped (a device unplugged meanwhile is left out), never read as 0.
        var notes: [String] = []
    }

    /// What the machine wants next.
    enum Step {
        /// Send these and hand their answers to `take`.
        case ask([Request])
        case done(Result)
    }

    /// Whether the server has RandR 1.5 (its monitors).
    let randr: Bool
    /// What is being asked (empty: nothing).
    private(set) var asking: Topics = []
    /// Atom names learnt (an atom's name never changes while the server runs).
    private var atomNames: [Atom: String] = [:]
    private var secondStage = false
    /// The devices whose matrices are asked when the devices are not.
    private var known: [Int32] = []
    /// The first stage's answers, and the second's as they come.
    private var got = Got()
    private struct Got {
        var result = Result()
        /// Nil when XIQueryDevice was not answered (the list is left as it was).
        var infos: [XDevice.Info]? = nil
        var types: [Int32: Atom] = [:]
        var atoms: [String: Atom] = [:]
        var monitors: [Monitors.Raw]? = nil
        var modifierKeycodes: [[UInt8]] = []
        var keysyms: (first: UInt8, perKeycode: Int, list: [UInt32]) = (0, 0, [])
        var properties: [Int32: Set<Atom>] = [:]
        var nodes: [Int32: String] = [:]
        var products: [Int32: USBID] = [:]
        /// Devices X said are gone while they were asked about.
        var gone: Set<Int32> = []
    }

    init(randr: Bool) { self.randr = randr }

    /// The first stage's requests for `topics` (nil while a refresh is under
    /// way: the caller asks again once it is taken). `devices`: the touch
    /// devices known, whose matrices are asked when the monitors change and
    /// the devices are not asked about.
    mutating func ask(_ topics: Topics, devices: [Int32]) -> [Request]? {
        guard !topics.isEmpty, asking.isEmpty else { return nil }
        asking = topics
        known = devices
        got = Got()
        secondStage = false
        var out: [Request] = []
        if topics.contains(.modifiers) { out += [.modifierMapping, .keyboardMapping] }
        if topics.contains(.devices) {
            out += [.devices, .deviceTypes]
            out += [DeviceKindRule.libinputTapping, XDevice.nodeProperty, XDevice.productProperty].map(Request.atom)
        }
        if topics.contains(.monitors), randr { out.append(.monitors) }
        return out   // (empty: the second stage asks the matrices alone)
    }

    /// The answers to the requests last returned, in their order: the next
    /// stage's requests, or the result (then nothing is asked any more).
    mutating func take(_ answers: [Answer]) -> Step {
        for a in answers { keep(a) }
        if !secondStage {
            secondStage = true
            // Matrices are asked with the devices or the monitors: none answered yet.
            if !asking.isDisjoint(with: [.devices, .monitors]) { got.result.matrices = [:] }
            let second = secondRequests()
            if !second.isEmpty { return .ask(second) }
        }
        defer { asking = [] }
        return .done(result())
    }

    private mutating func keep(_ answer: Answer) {
        switch answer {
        case .modifierMapping(let keycodes): got.modifierKeycodes = keycodes
        case .keyboardMapping(let first, let per, let keysyms): got.keysyms = (first, per, keysyms)
        case .devices(let infos): got.infos = infos
        case .deviceTypes(let types): got.types = types
        case .atom(let name, let atom): if let atom { got.atoms[name] = atom }
        case .monitors(let monitors): got.monitors = monitors
        case .atomName(let atom, let name): atomNames[atom] = name
        case .deviceProperties(let id, let atoms): got.properties[id] = atoms
        case .property(let id, let which, let items):
            guard let items else { return }
            switch which {
            case .node: if let node = XDevice.node(items) { got.nodes[id] = node }
            case .product: if let usb = XDevice.productID(items) { got.products[id] = usb }
            case .matrix: if let m = Monitors.matrix(items) { got.result.matrices?[id] = m }
            }
        case .failed(let request, let why, let deviceGone):
            got.result.notes.append(Self.note(request, why, deviceGone: deviceGone, names: got.infos ?? []))
            switch request {
            case .deviceProperties(let id), .property(let id, _): if deviceGone { got.gone.insert(id) }
            default: break
            }
        }
    }

    /// What was lost, in words: the device by name when the listing has it.
    private static func note(_ r: Request, _ why: String, deviceGone: Bool, names: [XDevice.Info]) -> String {
        func device(_ id: Int32) -> String { names.first { $0.id == id }.map { "device \(id) (\($0.name))" } ?? "device \(id)" }
        switch r {
        case .deviceProperties(let id), .property(let id, _):
            if deviceGone { return "\(device(id)) went away while it was asked about; left out until the next refresh" }
            return "X did not answer \(r.words) of \(device(id)) (\(why)); read without it"
        default:
            return "X did not answer \(r.words) (\(why)); left as it was"
        }
    }

    /// What the first stage's answers name: each device's properties and
    /// matrix, the atoms' names not known yet.
    private func secondRequests() -> [Request] {
        var out: [Request] = []
        var ids = known
        if asking.contains(.devices) {
            ids = (got.infos ?? []).filter(\.isSlavePointer).map(\.id)
            let tapping = got.atoms[DeviceKindRule.libinputTapping] != nil
            let node = got.atoms[XDevice.nodeProperty], product = got.atoms[XDevice.productProperty]
            for id in ids {
                if tapping { out.append(.deviceProperties(id)) }
                if let node { out.append(.property(id, .node(node))) }
                if let product { out.append(.property(id, .product(product))) }
            }
        }
        if !asking.isDisjoint(with: [.devices, .monitors]) {
            out += ids.map { .property($0, .matrix) }
        }
        let unnamed = Set(got.types.values).union((got.monitors ?? []).map(\.name)).filter { $0 != 0 && atomNames[$0] == nil }
        return out + unnamed.sorted().map(Request.atomName)
    }

    /// Both stages' answers, as values.
    private func result() -> Result {
        var r = got.result
        if asking.contains(.modifiers), !got.modifierKeycodes.isEmpty {
            let k = got.keysyms
            r.modifierMap = ModifierMap(modifierKeycodes: got.modifierKeycodes) { code in
                let i = (Int(code) - Int(k.first)) * k.perKeycode
                return code >= k.first && k.perKeycode > 0 && i < k.list.count ? k.list[i] : 0
            }
        }
        if asking.contains(.devices), let infos = got.infos {
            let tapping = got.atoms[DeviceKindRule.libinputTapping]
            r.devices = infos.filter { $0.isSlavePointer && !got.gone.contains($0.id) }.map { info in
                let tapped = tapping.map { got.properties[info.id]?.contains($0) == true } ?? false
                return XDevice(info, typeName: got.types[info.id].flatMap { atomNames[$0] },
                               properties: tapped ? [DeviceKindRule.libinputTapping] : [],
                               node: got.nodes[info.id], usb: got.products[info.id])
            }
        }
        if r.matrices != nil { for id in got.gone { r.matrices?[id] = nil } }
        if asking.contains(.monitors) {
            // Without RandR 1.5, one output covering the screen (none listed).
            r.outputs = !randr ? [] : got.monitors?.enumerated().map { i, m in
                Output(name: atomNames[m.name] ?? "monitor-\(i)", x: m.x, y: m.y, width: m.width, height: m.height)
            }
        }
        return r
    }
}

extension RefreshMachine.Request {
    /// The request in words, for a note.
    var words: String {
        switch self {
        case .modifierMapping: "the modifier mapping"
        case .keyboardMapping: "the keyboard mapping"
        case .devices: "the device list (XIQueryDevice)"
        case .deviceTypes: "the device types (ListInputDevices)"
        case .atom(let name): "the atom \"\(name)\""
        case .monitors: "the monitors (RRGetMonitors)"
        case .deviceProperties: "the property list"
        case .property(_, .node): "\"Device Node\""
        case .property(_, .product): "\"Device Product ID\""
        case .property(_, .matrix): "the Coordinate Transformation Matrix"
        case .atomName(let atom): "the name of atom \(atom)"
        }
    }
}
