// libX11, libXi (XInput 2.4), libXtst and libXrandr for Swift, with static
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

static inline int cx_ConnectionNumber(Display *d) { return ConnectionNumber(d); }
static inline Window cx_DefaultRootWindow(Display *d) { return DefaultRootWindow(d); }
static inline int cx_DefaultScreen(Display *d) { return DefaultScreen(d); }
static inline int cx_DisplayWidth(Display *d) { return DisplayWidth(d, DefaultScreen(d)); }
static inline int cx_DisplayHeight(Display *d) { return DisplayHeight(d, DefaultScreen(d)); }
static inline int cx_DisplayWidthMM(Display *d) { return DisplayWidthMM(d, DefaultScreen(d)); }

static inline int cx_XIMaskLen(int event) { return XIMaskLen(event); }
static inline void cx_XISetMask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int cx_XIMaskIsSet(const unsigned char *mask, int event) { return XIMaskIsSet(mask, event) != 0; }
static inline int cx_XI_LASTEVENT(void) { return XI_LASTEVENT; }
static inline unsigned int cx_XIAnyModifier(void) { return XIAnyModifier; }

/// The generic-event cookie of an XEvent (XI2 events arrive as GenericEvent).
static inline XGenericEventCookie *cx_cookie(XEvent *e) { return &e->xcookie; }
static inline int cx_event_type(const XEvent *e) { return e->type; }

#endif
