import CX11

/// What a core window event says, as the window directory and the
/// top-level grabs read it: one parse of XCB's structs for both. The root's
/// SubstructureNotify brings the top-level windows' creation, reparenting
/// and destruction (and their moves); a client window the directory named
/// brings its own (StructureNotify) and its property changes (PropertyChange).
enum WindowNote: Equatable {
    /// `window` created as a child of `parent`.
    case created(Window, parent: Window)
    case destroyed(Window)
    /// `window` moved under `parent`.
    case reparented(Window, parent: Window)
    /// A property of `window` changed (or was deleted).
    case property(Window, atom: Atom)
    /// A window configured (moved, resized, restacked); the root's own is
    /// the monitors'.
    case configured(Window)
    /// `window` mapped; `event`: the window whose selection reported it
    /// (its parent, the root for a top-level window, or itself).
    case mapped(Window, event: Window)
    /// Unmapped, gravity, circulate: nobody acts on them.
    case other

    /// The note in `event` (a core event as XCB read it), nil when it is
    /// not one of these.
    init?(_ event: UnsafeRawPointer) {
        switch Int32(event.load(as: xcb_generic_event_t.self).response_type & 0x7f) {
        case CreateNotify:
            let e = event.load(as: xcb_create_notify_event_t.self)
            self = .created(Window(e.window), parent: Window(e.parent))
        case DestroyNotify:
            self = .destroyed(Window(event.load(as: xcb_destroy_notify_event_t.self).window))
        case ReparentNotify:
            let e = event.load(as: xcb_reparent_notify_event_t.self)
            self = .reparented(Window(e.window), parent: Window(e.parent))
        case PropertyNotify:
            let e = event.load(as: xcb_property_notify_event_t.self)
            self = .property(Window(e.window), atom: Atom(e.atom))
        case ConfigureNotify:
            self = .configured(Window(event.load(as: xcb_configure_notify_event_t.self).window))
        case MapNotify:
            let e = event.load(as: xcb_map_notify_event_t.self)
            self = .mapped(Window(e.window), event: Window(e.event))
        case UnmapNotify, GravityNotify, CirculateNotify:
            self = .other
        default:
            return nil
        }
    }
}
