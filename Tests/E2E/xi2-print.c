/* The side-by-side's baseline (guest/versus-peer.sh): the least an X client
 * does to see the same gestures as gesture-bridge, the usual way (Xlib's
 * queue, libXi's cookies). Touches: a passive grab on the root window for
 * every master device, each touch accepted at its begin (a selection on the
 * root would see none: windows under the fingers that select touches get
 * them first); touchpad gestures: selected on the root. It prints each
 * event on a line as it comes (what `xinput test-xi2` does):
 *
 *   <server time ms> touch <begin|update|end> <touch id> <root x> <root y>
 *   <server time ms> swipe <begin|update|end> <fingers> <dx> <dy> <unaccelerated dx> <unaccelerated dy>
 *   <server time ms> pinch <begin|update|end> <fingers> <dx> <dy> <scale> <angle delta>
 *
 * "ready" once it listens. Built by Tests/E2E/run.sh with the host's C
 * compiler against libX11 and libXi, which the VM has.
 *
 * --quiet: the least any X client taking the touches can do: the same grab,
 * each touch accepted at its begin (the only event whose data it reads),
 * nothing printed. The side by side's touchscreen baseline: what X's
 * delivery costs a client that does no work of its own and reads each of
 * X's writes as it comes. */
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#include <stdio.h>
#include <string.h>

static const char *phase(int type, int begin, int update) {
    return type == begin ? "begin" : type == update ? "update" : "end";
}

int main(int argc, char **argv) {
    int quiet = argc > 1 && strcmp(argv[1], "--quiet") == 0;
    Display *d = XOpenDisplay(NULL);
    if (!d) { fprintf(stderr, "xi2-print: cannot open the display\n"); return 1; }
    int opcode, event, error, major = 2, minor = 4;
    if (!XQueryExtension(d, "XInputExtension", &opcode, &event, &error) || XIQueryVersion(d, &major, &minor) != Success) {
        fprintf(stderr, "xi2-print: no XInput 2\n");
        return 1;
    }
    Window root = DefaultRootWindow(d);
    unsigned char touches[XIMaskLen(XI_LASTEVENT)] = {0}, gestures[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(touches, XI_TouchBegin);
    XISetMask(touches, XI_TouchUpdate);
    XISetMask(touches, XI_TouchEnd);
    XISetMask(touches, XI_TouchOwnership);
    XIEventMask touchMask = {XIAllMasterDevices, sizeof touches, touches};
    XIGrabModifiers any = {XIAnyModifier, 0};
    XIGrabTouchBegin(d, XIAllMasterDevices, root, False, &touchMask, 1, &any);
    int wanted[] = {XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd, XI_GesturePinchBegin,
                    XI_GesturePinchUpdate, XI_GesturePinchEnd};
    for (unsigned i = 0; i < sizeof wanted / sizeof wanted[0]; i++) XISetMask(gestures, wanted[i]);
    XIEventMask gestureMask = {XIAllMasterDevices, sizeof gestures, gestures};
    XISelectEvents(d, root, &gestureMask, 1);
    XSync(d, False);
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("ready\n");
    for (;;) {
        XEvent e;
        XNextEvent(d, &e);
        XGenericEventCookie *c = &e.xcookie;
        if (c->type != GenericEvent || c->extension != opcode) continue;
        if (quiet && c->evtype != XI_TouchBegin) continue;
        if (!XGetEventData(d, c)) continue;
        switch (c->evtype) {
        case XI_TouchBegin: case XI_TouchUpdate: case XI_TouchEnd: {
            XIDeviceEvent *t = c->data;
            if (c->evtype == XI_TouchBegin) XIAllowTouchEvents(d, t->deviceid, t->detail, root, XIAcceptTouch);
            if (!quiet) printf("%lu touch %s %d %.2f %.2f\n", t->time, phase(c->evtype, XI_TouchBegin, XI_TouchUpdate), t->detail,
                               t->root_x, t->root_y);
            break;
        }
        case XI_GestureSwipeBegin: case XI_GestureSwipeUpdate: case XI_GestureSwipeEnd: {
            XIGestureSwipeEvent *s = c->data;
            printf("%lu swipe %s %d %.3f %.3f %.3f %.3f\n", s->time,
                   phase(c->evtype, XI_GestureSwipeBegin, XI_GestureSwipeUpdate), s->detail, s->delta_x, s->delta_y,
                   s->delta_unaccel_x, s->delta_unaccel_y);
            break;
        }
        case XI_GesturePinchBegin: case XI_GesturePinchUpdate: case XI_GesturePinchEnd: {
            XIGesturePinchEvent *p = c->data;
            printf("%lu pinch %s %d %.3f %.3f %.4f %.3f\n", p->time,
                   phase(c->evtype, XI_GesturePinchBegin, XI_GesturePinchUpdate), p->detail, p->delta_x, p->delta_y,
                   p->scale, p->delta_angle);
            break;
        }
        }
        XFreeEventData(d, c);
    }
}
