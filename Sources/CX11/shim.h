// libX11, libXi (XInput 2.4), libXtst, libXrandr, libXext (Shape), and XCB with its XInput and RandR bindings for Swift, with static
// inline wrappers for the macros Swift cannot import.
#ifndef GESTURE_BRIDGE_CX11_SHIM_H
#define GESTURE_BRIDGE_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XInput.h>   /* XListInputDevices: the device type atom */
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/shape.h>  /* the stroke trail's and name's shapes (libXext: already loaded by libXi and libXtst) */
#include <X11/Xlib-xcb.h>
#include <xcb/xcb.h>
#include <xcb/xinput.h>   /* XInput's requests, replies and events (libxcb-xinput) */
#include <xcb/randr.h>    /* RRGetMonitors (libxcb-randr) */
#include <xcb/xcbext.h>   /* xcb_poll_for_reply: the window lookups' answers, taken without waiting */

static inline int cx_ConnectionNumber(Display *d) { return ConnectionNumber(d); }
static inline Window cx_DefaultRootWindow(Display *d) { return DefaultRootWindow(d); }
static inline int cx_DisplayWidth(Display *d) { return DisplayWidth(d, DefaultScreen(d)); }
static inline int cx_DisplayHeight(Display *d) { return DisplayHeight(d, DefaultScreen(d)); }
static inline int cx_DisplayWidthMM(Display *d) { return DisplayWidthMM(d, DefaultScreen(d)); }
/// The serial the next request will take: it moves with every request
/// queued, so a flush can tell whether anything was asked since the last.
static inline unsigned long cx_NextRequest(Display *d) { return NextRequest(d); }

static inline int cx_XIMaskLen(int event) { return XIMaskLen(event); }
static inline void cx_XISetMask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int cx_XI_LASTEVENT(void) { return XI_LASTEVENT; }
static inline unsigned int cx_XIAnyModifier(void) { return XIAnyModifier; }

/// The generic-event cookie of an XEvent (XI2 events arrive as GenericEvent).
static inline XGenericEventCookie *cx_cookie(XEvent *e) { return &e->xcookie; }
static inline int cx_event_type(const XEvent *e) { return e->type; }

/// Xlib's converter for a core or extension event read through XCB (the
/// daemon's connection lets XCB own the event queue, so Xlib never sees its
/// events): the same conversion XNextEvent would have done, for the few
/// events Xlib itself must see (MappingNotify, RandR's screen changes).
/// XESetWireToEvent, Xlib's documented extension hook, is the only way to
/// ask for the converter: setting none returns the current one, which is
/// put back at once. Declared here with `void *` for the wire event (it is
/// in Xlibint.h, whose macros Swift cannot take).
typedef Bool (*cx_wire_to_event_proc)(Display *, XEvent *, void *);
extern cx_wire_to_event_proc XESetWireToEvent(Display *, int, cx_wire_to_event_proc);
static inline int cx_wire_to_event(Display *d, XEvent *out, const xcb_generic_event_t *wire) {
    int type = wire->response_type & 0x7f;
    XLockDisplay(d);
    cx_wire_to_event_proc proc = XESetWireToEvent(d, type, 0);
    if (proc) XESetWireToEvent(d, type, proc);
    XUnlockDisplay(d);
    return proc ? proc(d, out, (void *)wire) : 0;
}

/// XKB tells a client that uses it (Xlib does) of a new keymap only when it
/// asks: a core MappingNotify does not come. Asks for the map and
/// new-keyboard notifications; returns XKB's event code, or -1 without XKB.
static inline int cx_xkb_select_keymap_changes(Display *d) {
    int opcode, event, error, major = XkbMajorVersion, minor = XkbMinorVersion;
    if (!XkbQueryExtension(d, &opcode, &event, &error, &major, &minor)) return -1;
    unsigned int mask = XkbMapNotifyMask | XkbNewKeyboardNotifyMask;
    XkbSelectEvents(d, XkbUseCoreKbd, mask, mask);
    return event;
}

/// Whether an event Xlib converted is XKB's news of a new keymap (a map
/// change, a new keyboard). Asks nothing: `cx_xkb_refresh` follows it.
static inline int cx_xkb_keymap_changed(XEvent *e, int xkbEvent) {
    if (xkbEvent < 0 || e->type != xkbEvent) return 0;
    XkbEvent *x = (XkbEvent *)e;
    return x->any.xkb_type == XkbMapNotify || x->any.xkb_type == XkbNewKeyboardNotify;
}

/// Xlib's keymap follows XKB's news of a map change (a round trip: Xlib
/// asks for the changed part).
static inline void cx_xkb_refresh(XEvent *e) {
    XkbEvent *x = (XkbEvent *)e;
    if (x->any.xkb_type == XkbMapNotify) XkbRefreshKeyboardMapping(&x->map);
}

/// Whether one device (an XI 1 slave keyboard, by id) holds a key down: the
/// core keymap (XQueryKeymap) is every keyboard's at once. XI 1's device
/// state, walked by each class's length.
static inline int cx_device_key_down(Display *d, XID id, int keycode) {
    XDevice *dev = XOpenDevice(d, id);
    if (!dev) return 0;
    int down = 0;
    XDeviceState *st = XQueryDeviceState(d, dev);
    if (st) {
        XInputClass *c = st->data;
        for (int i = 0; i < st->num_classes; i++) {
            if (c->class == KeyClass) {
                XKeyState *k = (XKeyState *)c;
                down = (k->keys[keycode / 8] >> (keycode % 8)) & 1;
                break;
            }
            c = (XInputClass *)((char *)c + c->length);
        }
        XFreeDeviceState(st);
    }
    XCloseDevice(d, dev);
    return down;
}

/// XInput's first error code on an XCB connection (-1 without XInput):
/// known to XCB from its first XInput request (asks nothing then).
/// (libxcb-xinput's extension record is a global Swift cannot take the address of safely.)
static inline int cx_xi_first_error(xcb_connection_t *c) {
    const xcb_query_extension_reply_t *e = xcb_get_extension_data(c, &xcb_input_id);
    return e && e->present ? e->first_error : -1;
}

/// A raw touch event's valuator mask and values, which follow its fixed part
/// in the buffer XCB hands over (`valuators_len` 32-bit words of mask, then
/// one FP32.32 value per bit set, then the same again unaccelerated).
static inline const uint32_t *cx_raw_touch_mask(const xcb_input_raw_touch_begin_event_t *e) {
    return (const uint32_t *)(e + 1);
}
static inline const xcb_input_fp3232_t *cx_raw_touch_values(const xcb_input_raw_touch_begin_event_t *e) {
    return (const xcb_input_fp3232_t *)(cx_raw_touch_mask(e) + e->valuators_len);
}

/// A touch event's valuator mask and values: after its fixed part and its
/// button mask (`buttons_len` words), `valuators_len` words of mask, then
/// one FP32.32 value per bit set.
static inline const uint32_t *cx_touch_valuator_mask(const xcb_input_touch_begin_event_t *e) {
    return (const uint32_t *)(e + 1) + e->buttons_len;
}
static inline const xcb_input_fp3232_t *cx_touch_values(const xcb_input_touch_begin_event_t *e) {
    return (const xcb_input_fp3232_t *)(cx_touch_valuator_mask(e) + e->valuators_len);
}

/// The Shape extension's ShapeRectangles, sent through XCB (the stroke
/// trail's legs). Xlib's own (XShapeCombineRectangles) on a connection whose
/// events XCB reads keeps a node for every request it sends (Xlib's
/// pending requests: 32 bytes each, freed only by Xlib's next reply): the
/// trail's one per motion event grew the daemon's heap by 0.6 MB over 20
/// strokes. The extension known to XCB first (`cx_shape_present`: a round
/// trip, when the trail is made), so sending never waits. No libxcb-shape:
/// its one request is built here (the Shape extension's protocol, minor 1).
static xcb_extension_t cx_shape_id = { "SHAPE", 0 };
static inline int cx_shape_present(xcb_connection_t *c) {
    const xcb_query_extension_reply_t *e = xcb_get_extension_data(c, &cx_shape_id);
    return e && e->present;
}
static inline void cx_shape_rectangles(xcb_connection_t *c, uint8_t operation, uint8_t kind, uint32_t window,
                                       const xcb_rectangle_t *rects, uint32_t count) {
    struct {
        uint8_t major_opcode, minor_opcode; uint16_t length;
        uint8_t operation, destination_kind, ordering, pad;
        uint32_t destination_window; int16_t x_offset, y_offset;
    } req = { 0, 0, 0, operation, kind, 0 /* Unsorted */, 0, window, 0, 0 };
    static const xcb_protocol_request_t proto = { 2, &cx_shape_id, 1 /* X_ShapeRectangles */, 1 };
    struct iovec parts[4];
    parts[2].iov_base = &req; parts[2].iov_len = sizeof req;
    parts[3].iov_base = (void *)rects; parts[3].iov_len = count * sizeof *rects;
    xcb_send_request(c, 0, parts + 2, &proto);
}

#endif
