// gettext for the settings app and its model: glibc's own libintl (no
// library to link). Swift's Glibc module does not import <libintl.h>.
#ifndef GESTURE_BRIDGE_CINTL_SHIM_H
#define GESTURE_BRIDGE_CINTL_SHIM_H
#include <libintl.h>
#include <locale.h>
#endif
