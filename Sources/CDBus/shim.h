// libdbus-1, the reference D-Bus library: its server, connection, watch and
// timeout API lets the daemon run D-Bus inside its own poll() loop.
#include <dbus/dbus.h>
