// libdbus-1, loaded with dlopen when touchegg-protocol turns on (and never
// unloaded), so a daemon with it off maps neither libdbus nor its chain
// (libsystemd, libgcrypt, lz4, zstd…: about 0.8 MB resident, eight more
// libraries for the loader to find at every start).
//
// Not <dbus/dbus.h>: including it here would link libdbus (its pkg-config
// libraries go to every product that depends on the module). What the
// Touchégg server needs of its ABI, stable since libdbus 1.0 (soname 3), is
// declared below; the calls that take DBusError, DBusMessageIter or
// DBusObjectPathVTable by address are wrapped whole in cdbus_loader.c, so
// no struct of libdbus's is laid out in Swift.
#ifndef CDBUS_LOADER_H
#define CDBUS_LOADER_H
#include <stddef.h>
#include <stdint.h>

typedef struct DBusServer DBusServer;
typedef struct DBusConnection DBusConnection;
typedef struct DBusWatch DBusWatch;
typedef struct DBusTimeout DBusTimeout;
typedef struct DBusMessage DBusMessage;
typedef uint32_t dbus_bool_t;

typedef dbus_bool_t (*DBusAddWatchFunction)(DBusWatch *watch, void *data);
typedef void (*DBusWatchToggledFunction)(DBusWatch *watch, void *data);
typedef void (*DBusRemoveWatchFunction)(DBusWatch *watch, void *data);
typedef dbus_bool_t (*DBusAddTimeoutFunction)(DBusTimeout *timeout, void *data);
typedef void (*DBusTimeoutToggledFunction)(DBusTimeout *timeout, void *data);
typedef void (*DBusRemoveTimeoutFunction)(DBusTimeout *timeout, void *data);
typedef void (*DBusNewConnectionFunction)(DBusServer *server, DBusConnection *connection, void *data);
typedef dbus_bool_t (*DBusAllowUnixUserFunction)(DBusConnection *connection, unsigned long uid, void *data);
typedef void (*DBusFreeFunction)(void *memory);

enum {
    CX_DBUS_WATCH_READABLE = 1 << 0,
    CX_DBUS_WATCH_WRITABLE = 1 << 1,
    CX_DBUS_WATCH_ERROR = 1 << 2,
    CX_DBUS_WATCH_HANGUP = 1 << 3,
    CX_DBUS_DISPATCH_DATA_REMAINS = 0,
};

/// Loads libdbus-1.so.3 and its functions, once; later calls say how the
/// first went. 1 when loaded; 0 with the reason in `why`.
int cx_dbus_load(char *why, size_t size);

/// dbus_server_listen; on failure NULL, `in_use` set when the address is
/// taken, the message in `why`.
DBusServer *cx_dbus_server_listen(const char *address, int *in_use, char *why, size_t size);
/// The Touchégg signal, arguments (uudiut), sent to one client.
dbus_bool_t cx_dbus_send_signal(DBusConnection *connection, const char *path, const char *interface,
                                const char *member, uint32_t type, uint32_t direction, double percentage,
                                int32_t fingers, uint32_t device, uint64_t elapsed);
/// Registers the object `path`, which answers Introspect with `xml` (a copy
/// is kept with the registration) and nothing else.
dbus_bool_t cx_dbus_register_introspectable(DBusConnection *connection, const char *path, const char *xml);

// libdbus's own functions, called through what dlsym found.
dbus_bool_t cx_dbus_server_set_auth_mechanisms(DBusServer *server, const char **mechanisms);
void cx_dbus_server_set_new_connection_function(DBusServer *server, DBusNewConnectionFunction function, void *data,
                                                DBusFreeFunction free_data);
dbus_bool_t cx_dbus_server_set_watch_functions(DBusServer *server, DBusAddWatchFunction add,
                                               DBusRemoveWatchFunction remove, DBusWatchToggledFunction toggled,
                                               void *data, DBusFreeFunction free_data);
dbus_bool_t cx_dbus_server_set_timeout_functions(DBusServer *server, DBusAddTimeoutFunction add,
                                                 DBusRemoveTimeoutFunction remove, DBusTimeoutToggledFunction toggled,
                                                 void *data, DBusFreeFunction free_data);
void cx_dbus_server_disconnect(DBusServer *server);
void cx_dbus_server_unref(DBusServer *server);
DBusConnection *cx_dbus_connection_ref(DBusConnection *connection);
void cx_dbus_connection_unref(DBusConnection *connection);
void cx_dbus_connection_close(DBusConnection *connection);
void cx_dbus_connection_set_unix_user_function(DBusConnection *connection, DBusAllowUnixUserFunction function,
                                               void *data, DBusFreeFunction free_data);
dbus_bool_t cx_dbus_connection_set_watch_functions(DBusConnection *connection, DBusAddWatchFunction add,
                                                   DBusRemoveWatchFunction remove, DBusWatchToggledFunction toggled,
                                                   void *data, DBusFreeFunction free_data);
dbus_bool_t cx_dbus_connection_set_timeout_functions(DBusConnection *connection, DBusAddTimeoutFunction add,
                                                     DBusRemoveTimeoutFunction remove,
                                                     DBusTimeoutToggledFunction toggled, void *data,
                                                     DBusFreeFunction free_data);
dbus_bool_t cx_dbus_connection_get_is_authenticated(DBusConnection *connection);
dbus_bool_t cx_dbus_connection_get_is_connected(DBusConnection *connection);
long cx_dbus_connection_get_outgoing_size(DBusConnection *connection);
int cx_dbus_connection_get_dispatch_status(DBusConnection *connection);
int cx_dbus_connection_dispatch(DBusConnection *connection);
dbus_bool_t cx_dbus_watch_get_enabled(DBusWatch *watch);
unsigned int cx_dbus_watch_get_flags(DBusWatch *watch);
int cx_dbus_watch_get_unix_fd(DBusWatch *watch);
dbus_bool_t cx_dbus_watch_handle(DBusWatch *watch, unsigned int flags);
dbus_bool_t cx_dbus_timeout_get_enabled(DBusTimeout *timeout);
int cx_dbus_timeout_get_interval(DBusTimeout *timeout);
dbus_bool_t cx_dbus_timeout_handle(DBusTimeout *timeout);

#endif
