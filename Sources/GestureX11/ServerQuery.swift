import CX11
import GestureCore

/// What the listener asks X about the keyboard's modifiers, the devices and
/// the monitors, as requests with their cookies kept (XRequest, AnswerBatch):
/// sent after a read, taken without waiting once every answer has come
/// (`advance`), or waited for at the start and by tools (`finish`). Two
/// stages: the second asks what the first's answers name (each device's
/// properties and matrix, the names of atoms not seen before).
final class ServerQuery {
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

    /// The answers, as values.
    struct Result {
        var modifierMap: ModifierMap? = nil
        var devices: [XDevice]? = nil
        var outputs: [Output]? = nil
        /// Each touch device's Coordinate Transformation Matrix (none: no matrix).
        var matrices: [Int32: [Double]]? = nil
    }

    private enum Tag {
        case modifierMap, keyboardMap(first: UInt8), devices, types, atom(String), monitors
        case properties(Int32), node(Int32), product(Int32), matrix(Int32), atomName(Atom)
    }

    let connection: XConnection
    private let xiOpcode: UInt8
    /// Whether the server has RandR 1.5 (its monitors).
    private let randr: Bool
    /// Interned when first needed (Xlib keeps it: one round trip per
    /// connection, at the start for the listener).
    private lazy var matrixAtom = connection.atom("Coordinate Transformation Matrix")
    /// Atom names learnt (an atom's name never changes while the server runs).
    private var atomNames: [Atom: String] = [:]

    /// The stage in flight and what it asks.
    private var batch: AnswerBatch<Tag>? = nil
    private var secondStage = false
    /// What is being asked (empty: nothing).
    private(set) var asking: Topics = []
    /// The devices whose matrices are asked when the devices are not.
    private var known: [Int32] = []
    /// The first stage's answers, for the second.
    private var first = FirstAnswers()
    private struct FirstAnswers {
        var result = Result()
        var infos: [XDevice.Info] = []
        var types: [Int32: Atom] = [:]
        var atoms: [String: Atom] = [:]
        var monitors: [Monitors.Raw] = []
        var modifierKeycodes: [[UInt8]] = []
        var keysyms: (first: UInt8, perKeycode: Int, list: [UInt32]) = (0, 0, [])
        var properties: [Int32: Set<Atom>] = [:]
        var nodes: [Int32: String] = [:]
        var products: [Int32: USBID] = [:]
    }

    /// `xiOpcode`: XInput's major opcode; `randr`: whether RandR 1.5 is there.
    init(connection: XConnection, xiOpcode: Int32, randr: Bool) {
        self.connection = connection
        self.xiOpcode = UInt8(truncatingIfNeeded: xiOpcode)
        self.randr = randr
    }

    /// Sends the first stage's requests for `topics` (nothing while a
    /// refresh is under way: the caller asks again once it is taken).
    /// `devices`: the touch devices known, whose matrices are asked when the
    /// monitors change and the devices are not asked about.
    func ask(_ topics: Topics, devices: [Int32]) {
        guard !topics.isEmpty, asking.isEmpty else { return }
        asking = topics
        known = devices
        first = FirstAnswers()
        secondStage = false
        let b = AnswerBatch<Tag>(connection)
        if topics.contains(.modifiers) {
            var minCode: Int32 = 0, maxCode: Int32 = 0
            XDisplayKeycodes(connection.display, &minCode, &maxCode)   // from the setup: asks nothing
            let firstCode = UInt8(truncatingIfNeeded: minCode)
            b.add(.modifierMap, connection.requests { xcb_get_modifier_mapping($0).sequence })
            b.add(.keyboardMap(first: firstCode), connection.requests {
                xcb_get_keyboard_mapping($0, firstCode, UInt8(truncatingIfNeeded: maxCode - minCode + 1)).sequence
            })
        }
        if topics.contains(.devices) {
            var query = XRequest(minor: 48)   // XIQueryDevice, every device
            query.u16(UInt16(XIAllDevices)); query.u16(0)
            b.add(.devices, connection.send(query, major: xiOpcode))
            b.add(.types, connection.send(XRequest(minor: 2), major: xiOpcode))   // XI 1's ListInputDevices: the type atoms
            for name in [DeviceKindRule.libinputTapping, XDevice.nodeProperty, XDevice.productProperty] {
                b.add(.atom(name), connection.requests { xcb_intern_atom($0, 1, UInt16(name.utf8.count), name).sequence })
            }
        }
        if topics.contains(.monitors), randr {
            var get = XRequest(minor: 42)   // RRGetMonitors, the active ones
            get.u32(UInt32(connection.root)); get.u8(1); get.pad()
            b.add(.monitors, connection.send(get, to: randrExtension))
        }
        batch = b   // (empty: the second stage asks the matrices alone)
    }

    /// Takes the answers that have come, without waiting; sends the second
    /// stage once the first is in. The result once all are in (then nothing
    /// is asked any more).
    func advance() -> Result? {
        guard let b = batch, b.collect() else { return nil }
        return next(b)
    }

    /// Waits for every answer (round trips): the start, and tools.
    func finish() -> Result? {
        while let b = batch {
            b.waitAll()
            if let r = next(b) { return r }
        }
        return nil
    }

    /// Whether answers have come that `advance` would take (asks nothing).
    func answered() -> Bool { batch?.collect() == true }

    /// The stage `b` is answered: its answers kept; the second stage sent,
    /// or the result made.
    private func next(_ b: AnswerBatch<Tag>) -> Result? {
        b.answers { tag, reply in keep(tag, reply) }
        batch = nil
        if !secondStage {
            secondStage = true
            let second = secondRequests()
            if !second.isEmpty {
                batch = second
                return nil
            }
        }
        defer { asking = [] }
        return result()
    }

    private func keep(_ tag: Tag, _ r: Reply?) {
        switch tag {
        case .modifierMap:
            guard let r else { return }
            let per = Int(r.u8(1))
            first.modifierKeycodes = (0..<8).map { i in (0..<per).map { r.u8(32 + i * per + $0) } }
        case .keyboardMap(let firstCode):
            guard let r else { return }
            let per = Int(r.u8(1)), n = (r.count - 32) / 4
            first.keysyms = (firstCode, per, (0..<n).map { r.u32(32 + 4 * $0) })
        case .devices:
            if let r { first.infos = XDevice.infos(r) }
        case .types:
            guard let r else { return }
            for i in 0..<Int(r.u8(8)) where r.has(8, at: 32 + 8 * i) {
                let at = 32 + 8 * i
                if r.u32(at) != 0 { first.types[Int32(r.u8(at + 4))] = Atom(r.u32(at)) }
            }
        case .atom(let name):
            if let r, r.u32(8) != 0 { first.atoms[name] = Atom(r.u32(8)) }
        case .monitors:
            if let r { first.monitors = Monitors.raw(r) }
        case .atomName(let atom):
            guard let r else { return }
            let n = Int(r.u16(8))
            atomNames[atom] = String(decoding: r.slice(32, n).bytes, as: UTF8.self)
        case .properties(let id):
            guard let r else { return }
            first.properties[id] = Set((0..<Int(r.u16(8))).map { Atom(r.u32(32 + 4 * $0)) })
        case .node(let id):
            if let r, let node = XDevice.property(r, as: XDevice.node) { first.nodes[id] = node }
        case .product(let id):
            if let r, let usb = XDevice.property(r, as: XDevice.productID) { first.products[id] = usb }
        case .matrix(let id):
            if let r, let m = XDevice.property(r, as: Monitors.matrix) { first.result.matrices?[id] = m }
        }
    }

    /// What the first stage's answers name: each device's properties and
    /// matrix, the atoms' names not known yet.
    private func secondRequests() -> AnswerBatch<Tag> {
        let b = AnswerBatch<Tag>(connection)
        var ids = known
        if asking.contains(.devices) {
            ids = first.infos.filter(\.isSlavePointer).map(\.id)
            let properties: [(Atom?, (Int32) -> Tag, UInt32)] = [
                (first.atoms[XDevice.nodeProperty], Tag.node, 256), (first.atoms[XDevice.productProperty], Tag.product, 2),
            ]
            for id in ids {
                if first.atoms[DeviceKindRule.libinputTapping] != nil {
                    var list = XRequest(minor: 56)   // XIListProperties
                    list.u16(UInt16(truncatingIfNeeded: id)); list.u16(0)
                    b.add(.properties(id), connection.send(list, major: xiOpcode))
                }
                for (atom, tag, length) in properties {
                    if let atom { b.add(tag(id), getProperty(id, atom, length: length)) }
                }
            }
        }
        if !asking.isDisjoint(with: [.devices, .monitors]) {
            first.result.matrices = [:]
            for id in ids { b.add(.matrix(id), getProperty(id, matrixAtom, length: 9)) }
        }
        let unnamed = Set(first.types.values).union(first.monitors.map(\.name)).filter { $0 != 0 && atomNames[$0] == nil }
        for atom in unnamed {
            b.add(.atomName(atom), connection.requests { xcb_get_atom_name($0, xcb_atom_t(atom)).sequence })
        }
        return b
    }

    /// XIGetProperty: `length` words of the device's property, of any type.
    private func getProperty(_ device: Int32, _ property: Atom, length: UInt32) -> UInt32? {
        var get = XRequest(minor: 59)
        get.u16(UInt16(truncatingIfNeeded: device)); get.u8(0); get.u8(0)
        get.u32(UInt32(property)); get.u32(UInt32(AnyPropertyType)); get.u32(0); get.u32(length)
        return connection.send(get, major: xiOpcode)
    }

    /// Both stages' answers, as values.
    private func result() -> Result {
        var r = first.result
        if asking.contains(.modifiers), !first.modifierKeycodes.isEmpty {
            let k = first.keysyms
            r.modifierMap = ModifierMap(modifierKeycodes: first.modifierKeycodes) { code in
                let i = (Int(code) - Int(k.first)) * k.perKeycode
                return code >= k.first && k.perKeycode > 0 && i < k.list.count ? k.list[i] : 0
            }
        }
        if asking.contains(.devices) {
            let tapping = first.atoms[DeviceKindRule.libinputTapping]
            r.devices = first.infos.filter(\.isSlavePointer).map { info in
                let tapped = tapping.map { first.properties[info.id]?.contains($0) == true } ?? false
                return XDevice(info, typeName: first.types[info.id].flatMap { atomNames[$0] },
                               properties: tapped ? [DeviceKindRule.libinputTapping] : [],
                               node: first.nodes[info.id], usb: first.products[info.id])
            }
        }
        if asking.contains(.monitors) {
            r.outputs = first.monitors.enumerated().map { i, m in
                Output(name: atomNames[m.name] ?? "monitor-\(i)", x: m.x, y: m.y, width: m.width, height: m.height)
            }
        }
        return r
    }
}
