// Linux interfaces Swift's Glibc module leaves out: signalfd.
#ifndef GESTURE_BRIDGE_CLINUX_SHIM_H
#define GESTURE_BRIDGE_CLINUX_SHIM_H
#include <sys/signalfd.h>
#endif
