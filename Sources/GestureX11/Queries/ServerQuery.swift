import CX11
import GestureCore

/// The refresh's requests on X (RefreshMachine says what to ask): sent
/// through libxcb with their cookies kept (AnswerBatch), taken without
/// waiting once every answer has come (`advance`), or waited for at the
/// start and by tools (`finish`). Each reply is read with libxcb's reply
/// types and accessors into the machine's values, its counts checked
/// against its length; an X error (libxcb's error out-parameter) is
/// handed to the machine as a failure, said in the result's notes.
final class ServerQuery {
    typealias Topics = RefreshMachine.Topics
    typealias Result = RefreshMachine.Result
    typealias Request = RefreshMachine.Request
    typealias Answer = RefreshMachine.Answer

    let connection: XConnection
    private var machine: RefreshMachine
    /// Interned when first needed (Xlib keeps it: one round trip per
    /// connection, at the start for the listener).
    private lazy var matrixAtom = connection.atom("Coordinate Transformation Matrix")
    /// The stage in flight.
    private var batch: AnswerBatch<Request>? = nil

    /// `randr`: whether the server has RandR 1.5.
    init(connection: XConnection, randr: Bool) {
        self.connection = connection
        machine = RefreshMachine(randr: randr)
    }

    /// What is being asked (empty: nothing).
    var asking: Topics { machine.asking }

    /// Sends the first stage's requests for `topics` (nothing while a
    /// refresh is under way: the caller asks again once it is taken).
    /// `devices`: the touch devices known, whose matrices are asked when the
    /// monitors change and the devices are not asked about.
    func ask(_ topics: Topics, devices: [Int32]) {
        guard let requests = machine.ask(topics, devices: devices) else { return }
        batch = send(requests)
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

    /// The stage `b` is answered: its answers to the machine, and what it
    /// asks next sent, or its result.
    private func next(_ b: AnswerBatch<Request>) -> Result? {
        let answers = b.answers { request, answer in self.read(request, answer) }
        batch = nil
        switch machine.take(answers) {
        case .ask(let requests):
            batch = send(requests)
            return nil
        case .done(let result):
            return result
        }
    }

    private func send(_ requests: [Request]) -> AnswerBatch<Request> {
        let b = AnswerBatch<Request>(connection)
        for r in requests { b.add(r, connection.requests { c in sequence(r, c) }) }
        return b
    }

    /// One request through libxcb: its cookie's sequence.
    private func sequence(_ r: Request, _ c: OpaquePointer) -> UInt32 {
        switch r {
        case .modifierMapping:
            return xcb_get_modifier_mapping(c).sequence
        case .keyboardMapping:
            let (first, count) = keycodes
            return xcb_get_keyboard_mapping(c, first, count).sequence
        case .devices:
            return xcb_input_xi_query_device(c, xcb_input_device_id_t(XIAllDevices)).sequence
        case .deviceTypes:
            return xcb_input_list_input_devices(c).sequence
        case .atom(let name):
            return xcb_intern_atom(c, 1, UInt16(name.utf8.count), name).sequence
        case .monitors:
            return xcb_randr_get_monitors(c, xcb_window_t(connection.root), 1).sequence
        case .deviceProperties(let id):
            return xcb_input_xi_list_properties(c, xcb_input_device_id_t(truncatingIfNeeded: id)).sequence
        case .property(let id, let which):
            let atom: Atom
            switch which {
            case .node(let a), .product(let a): atom = a
            case .matrix: atom = matrixAtom
            }
            return xcb_input_xi_get_property(c, xcb_input_device_id_t(truncatingIfNeeded: id), 0, xcb_atom_t(atom),
                                             xcb_atom_t(AnyPropertyType), 0, which.words).sequence
        case .atomName(let atom):
            return xcb_get_atom_name(c, xcb_atom_t(atom)).sequence
        }
    }

    /// The keycodes the keyboard mapping is asked for: all, from the
    /// connection's setup (asks nothing).
    private lazy var keycodes: (first: UInt8, count: UInt8) = {
        var minCode: Int32 = 0, maxCode: Int32 = 0
        XDisplayKeycodes(connection.display, &minCode, &maxCode)
        return (UInt8(truncatingIfNeeded: minCode), UInt8(truncatingIfNeeded: maxCode - minCode + 1))
    }()

    /// What X answered `r`, as the machine's value.
    private func read(_ r: Request, _ answer: XAnswer) -> Answer {
        switch answer {
        case .gone:
            return .failed(r, why: "the connection is gone", deviceGone: false)
        case .error(let e):
            return .failed(r, why: e.description, deviceGone: connection.isBadDevice(e))
        case .reply(let reply):
            do throws(ShortReply) {
                return try Self.read(r, reply, keycodes: keycodes.first)
            } catch {
                return .failed(r, why: error.description, deviceGone: false)
            }
        }
    }

    /// A reply read with libxcb's types: each list's count checked against
    /// the reply's length first. No X connection needed (tests hand bytes).
    static func read(_ r: Request, _ reply: XReply, keycodes first: UInt8) throws(ShortReply) -> Answer {
        switch r {
        case .modifierMapping:
            let m = reply.typed(xcb_get_modifier_mapping_reply_t.self)
            let per = Int(m.pointee.keycodes_per_modifier), n = Int(xcb_get_modifier_mapping_keycodes_length(m))
            try reply.holds(MemoryLayout<xcb_get_modifier_mapping_reply_t>.size + n)
            let codes = UnsafeBufferPointer(start: xcb_get_modifier_mapping_keycodes(m), count: n)
            return .modifierMapping((0..<8).map { i in per == 0 || (i + 1) * per > n ? [] : Array(codes[i * per ..< (i + 1) * per]) })
        case .keyboardMapping:
            let k = reply.typed(xcb_get_keyboard_mapping_reply_t.self)
            let n = Int(xcb_get_keyboard_mapping_keysyms_length(k))
            try reply.holds(MemoryLayout<xcb_get_keyboard_mapping_reply_t>.size + 4 * n)
            return .keyboardMapping(first: first, perKeycode: Int(k.pointee.keysyms_per_keycode),
                                    keysyms: Array(UnsafeBufferPointer(start: xcb_get_keyboard_mapping_keysyms(k), count: n)))
        case .devices:
            return .devices(try XDevice.infos(reply))
        case .deviceTypes:
            let l = reply.typed(xcb_input_list_input_devices_reply_t.self)
            let n = Int(xcb_input_list_input_devices_devices_length(l))
            try reply.holds(MemoryLayout<xcb_input_list_input_devices_reply_t>.size + n * MemoryLayout<xcb_input_device_info_t>.size)
            var types: [Int32: Atom] = [:]
            for d in UnsafeBufferPointer(start: xcb_input_list_input_devices_devices(l), count: n) where d.device_type != 0 {
                types[Int32(d.device_id)] = Atom(d.device_type)
            }
            return .deviceTypes(types)
        case .atom(let name):
            let atom = reply.typed(xcb_intern_atom_reply_t.self).pointee.atom
            return .atom(name, atom == 0 ? nil : Atom(atom))
        case .monitors:
            return .monitors(try Monitors.raw(reply))
        case .deviceProperties(let id):
            let p = reply.typed(xcb_input_xi_list_properties_reply_t.self)
            let n = Int(xcb_input_xi_list_properties_properties_length(p))
            try reply.holds(MemoryLayout<xcb_input_xi_list_properties_reply_t>.size + 4 * n)
            return .deviceProperties(id, Set(UnsafeBufferPointer(start: xcb_input_xi_list_properties_properties(p), count: n).map { Atom($0) }))
        case .property(let id, let which):
            return .property(id, which, try XDevice.items(reply))
        case .atomName(let atom):
            let a = reply.typed(xcb_get_atom_name_reply_t.self)
            let n = Int(xcb_get_atom_name_name_length(a))
            try reply.holds(MemoryLayout<xcb_get_atom_name_reply_t>.size + n)
            return .atomName(atom, String(decoding: UnsafeRawBufferPointer(start: xcb_get_atom_name_name(a), count: n), as: UTF8.self))
        }
    }
}
