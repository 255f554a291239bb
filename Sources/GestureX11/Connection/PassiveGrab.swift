import CX11

/// One passive grab (XIPassiveGrabDevice) through libxcb: every passive
/// grab the daemon makes is one (touches on the root or on a top-level
/// window, a touchpad's swipes or pinches, a pointer button), sent with its
/// cookie kept: its answer (the modifier states X refused: another client
/// holds that grab) waited for (`grab`), taken by a later drain
/// (AnswerBatch), or discarded. `release` is XIPassiveUngrabDevice.
struct PassiveGrab {
    /// XIGrabtypeButton, XIGrabtypeTouchBegin, XIGrabtypeGestureSwipeBegin…
    var type: Int32
    /// The button (0 for the others).
    var detail: UInt32 = 0
    var device: Int32
    var window: Window
    /// The events the grab delivers.
    var events: [Int32]
    /// The modifier states grabbed (XIAnyModifier: all).
    var modifiers: [UInt32] = [cx_XIAnyModifier()]
    /// XIGrabModeSync (a press waits frozen), XIGrabModeAsync, XIGrabModeTouch.
    var mode: Int32 = XIGrabModeAsync

    /// Touches for every master device on `window` (XIGrabTouchBegin's).
    static func touches(_ events: [Int32], window: Window) -> PassiveGrab {
        PassiveGrab(type: XIGrabtypeTouchBegin, device: XIAllMasterDevices, window: window, events: events, mode: XIGrabModeTouch)
    }

    /// A touchpad's (slave device's) swipes or pinches, asynchronous.
    static func gesture(_ type: Int32, _ events: [Int32], device: Int32, window: Window) -> PassiveGrab {
        PassiveGrab(type: type, device: device, window: window, events: events)
    }

    /// `button` for every master device, synchronous (the press waits frozen
    /// for our decision), the keyboard left alone, not owner events.
    static func button(_ button: Int32, states: [UInt32], window: Window) -> PassiveGrab {
        PassiveGrab(type: XIGrabtypeButton, detail: UInt32(bitPattern: button), device: XIAllMasterDevices, window: window,
                    events: [XI_ButtonPress, XI_ButtonRelease, XI_Motion], modifiers: states, mode: XIGrabModeSync)
    }

    /// The event mask as XI2 words (bit n of word w: event 32w + n).
    var mask: [UInt32] {
        var words = [UInt32](repeating: 0, count: Int(events.max() ?? 0) / 32 + 1)
        for e in events { words[Int(e) / 32] |= 1 << UInt32(e % 32) }
        return words
    }

    /// Sends the grab (out with the next flush): its cookie's sequence.
    func send(_ connection: XConnection) -> UInt32? {
        let mask = self.mask
        return connection.requests { c in
            xcb_input_xi_passive_grab_device(c, 0, xcb_window_t(window), 0, detail, xcb_input_device_id_t(truncatingIfNeeded: device),
                                             UInt16(modifiers.count), UInt16(mask.count), UInt8(type), UInt8(mode),
                                             UInt8(XIGrabModeAsync), 0, mask, modifiers).sequence
        }
    }

    /// Grabs, waiting for X's answer (a round trip): how many modifier
    /// states X refused (all of them on an error).
    @discardableResult
    func grab(_ connection: XConnection) -> Int {
        guard let sequence = send(connection) else { return modifiers.count }
        let answer = connection.wait(sequence)
        defer { answer.reply?.free() }
        return refused(answer)
    }

    /// How many modifier states an answer to this grab says X refused (all
    /// of them on an error, or a reply shorter than its count). The reply
    /// stays its owner's.
    func refused(_ answer: XAnswer) -> Int {
        guard case .reply(let reply) = answer else { return modifiers.count }
        let n = Int(reply.typed(xcb_input_xi_passive_grab_device_reply_t.self).pointee.num_modifiers)
        do throws(ShortReply) {
            try reply.holds(MemoryLayout<xcb_input_xi_passive_grab_device_reply_t>.size + n * MemoryLayout<xcb_input_grab_modifier_info_t>.size)
        } catch {
            return modifiers.count
        }
        return n
    }

    /// Lets go of the grab (no answer: an error arrives among the events).
    func release(_ connection: XConnection) {
        _ = connection.requests { c in
            xcb_input_xi_passive_ungrab_device(c, xcb_window_t(window), detail, xcb_input_device_id_t(truncatingIfNeeded: device),
                                               UInt16(modifiers.count), UInt8(type), modifiers)
        }
    }
}
