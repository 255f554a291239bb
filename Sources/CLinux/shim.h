// Linux interfaces Swift's Glibc module leaves out: signalfd; evdev's
// input_event (the E2E probe writes them).
#ifndef GESTURE_BRIDGE_CLINUX_SHIM_H
#define GESTURE_BRIDGE_CLINUX_SHIM_H
#include <sys/signalfd.h>
#include <linux/input.h>
#endif
