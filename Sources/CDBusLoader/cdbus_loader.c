// libdbus-1 through dlopen: cdbus_loader.h says why.
#include "cdbus_loader.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The parts of libdbus's ABI used here whole, laid out as dbus-errors.h,
// dbus-message.h and dbus-connection.h have them.
typedef struct {
    const char *name;
    const char *message;
    unsigned int dummy1 : 1, dummy2 : 1, dummy3 : 1, dummy4 : 1, dummy5 : 1;
    void *padding1;
} DBusError;
// DBusMessageIter is 72 bytes on 64-bit systems; libdbus writes only its own.
typedef union {
    void *align;
    unsigned char bytes[256];
} DBusMessageIter;
typedef int DBusHandlerResult;   // HANDLED 0, NOT_YET_HANDLED 1
typedef struct {
    void (*unregister_function)(DBusConnection *connection, void *data);
    DBusHandlerResult (*message_function)(DBusConnection *connection, DBusMessage *message, void *data);
    void (*padding[4])(void *);
} DBusObjectPathVTable;
enum { DBUS_TYPE_UINT32 = 'u', DBUS_TYPE_DOUBLE = 'd', DBUS_TYPE_INT32 = 'i', DBUS_TYPE_UINT64 = 't',
       DBUS_TYPE_STRING = 's' };
static const char address_in_use[] = "org.freedesktop.DBus.Error.AddressInUse";

// The functions the wrappers below call: R returns a value, V nothing.
#define CX_DBUS_INTERNAL(R, V) \
    V(dbus_error_init, (DBusError *e), (e)) \
    V(dbus_error_free, (DBusError *e), (e)) \
    R(DBusServer *, dbus_server_listen, (const char *a, DBusError *e), (a, e)) \
    R(dbus_bool_t, dbus_connection_send, (DBusConnection *c, DBusMessage *m, uint32_t *serial), (c, m, serial)) \
    R(dbus_bool_t, dbus_connection_register_object_path, (DBusConnection *c, const char *p, \
      const DBusObjectPathVTable *v, void *d), (c, p, v, d)) \
    R(DBusMessage *, dbus_message_new_signal, (const char *p, const char *i, const char *n), (p, i, n)) \
    R(DBusMessage *, dbus_message_new_method_return, (DBusMessage *m), (m)) \
    R(dbus_bool_t, dbus_message_is_method_call, (DBusMessage *m, const char *i, const char *n), (m, i, n)) \
    V(dbus_message_unref, (DBusMessage *m), (m)) \
    V(dbus_message_iter_init_append, (DBusMessage *m, DBusMessageIter *it), (m, it)) \
    R(dbus_bool_t, dbus_message_iter_append_basic, (DBusMessageIter *it, int t, const void *v), (it, t, v))
// Those called from Swift as cx_NAME.
#define CX_DBUS_PUBLIC(R, V) \
    R(dbus_bool_t, dbus_server_set_auth_mechanisms, (DBusServer *s, const char **m), (s, m)) \
    V(dbus_server_set_new_connection_function, (DBusServer *s, DBusNewConnectionFunction f, void *d, DBusFreeFunction ff), \
      (s, f, d, ff)) \
    R(dbus_bool_t, dbus_server_set_watch_functions, (DBusServer *s, DBusAddWatchFunction a, DBusRemoveWatchFunction r, \
      DBusWatchToggledFunction t, void *d, DBusFreeFunction ff), (s, a, r, t, d, ff)) \
    R(dbus_bool_t, dbus_server_set_timeout_functions, (DBusServer *s, DBusAddTimeoutFunction a, \
      DBusRemoveTimeoutFunction r, DBusTimeoutToggledFunction t, void *d, DBusFreeFunction ff), (s, a, r, t, d, ff)) \
    V(dbus_server_disconnect, (DBusServer *s), (s)) \
    V(dbus_server_unref, (DBusServer *s), (s)) \
    R(DBusConnection *, dbus_connection_ref, (DBusConnection *c), (c)) \
    V(dbus_connection_unref, (DBusConnection *c), (c)) \
    V(dbus_connection_close, (DBusConnection *c), (c)) \
    V(dbus_connection_set_unix_user_function, (DBusConnection *c, DBusAllowUnixUserFunction f, void *d, \
      DBusFreeFunction ff), (c, f, d, ff)) \
    R(dbus_bool_t, dbus_connection_set_watch_functions, (DBusConnection *c, DBusAddWatchFunction a, \
      DBusRemoveWatchFunction r, DBusWatchToggledFunction t, void *d, DBusFreeFunction ff), (c, a, r, t, d, ff)) \
    R(dbus_bool_t, dbus_connection_set_timeout_functions, (DBusConnection *c, DBusAddTimeoutFunction a, \
      DBusRemoveTimeoutFunction r, DBusTimeoutToggledFunction t, void *d, DBusFreeFunction ff), (c, a, r, t, d, ff)) \
    R(dbus_bool_t, dbus_connection_get_is_authenticated, (DBusConnection *c), (c)) \
    R(dbus_bool_t, dbus_connection_get_is_connected, (DBusConnection *c), (c)) \
    R(long, dbus_connection_get_outgoing_size, (DBusConnection *c), (c)) \
    R(int, dbus_connection_get_dispatch_status, (DBusConnection *c), (c)) \
    R(int, dbus_connection_dispatch, (DBusConnection *c), (c)) \
    R(dbus_bool_t, dbus_watch_get_enabled, (DBusWatch *w), (w)) \
    R(unsigned int, dbus_watch_get_flags, (DBusWatch *w), (w)) \
    R(int, dbus_watch_get_unix_fd, (DBusWatch *w), (w)) \
    R(dbus_bool_t, dbus_watch_handle, (DBusWatch *w, unsigned int f), (w, f)) \
    R(dbus_bool_t, dbus_timeout_get_enabled, (DBusTimeout *t), (t)) \
    R(int, dbus_timeout_get_interval, (DBusTimeout *t), (t)) \
    R(dbus_bool_t, dbus_timeout_handle, (DBusTimeout *t), (t))
#define CX_DBUS_FUNCTIONS(R, V) CX_DBUS_INTERNAL(R, V) CX_DBUS_PUBLIC(R, V)

#define POINTER_R(type, name, params, args) static type(*p_##name) params;
#define POINTER_V(name, params, args) static void(*p_##name) params;
CX_DBUS_FUNCTIONS(POINTER_R, POINTER_V)

static int loaded = 0;          // 1 loaded, -1 failed
static char failure[256];

int cx_dbus_load(char *why, size_t size) {
    if (loaded == 0) {
        // Never closed: a reload that turns the protocol off stops the server only.
        void *lib = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            snprintf(failure, sizeof failure, "cannot load libdbus-1.so.3 (apt install libdbus-1-3): %s", dlerror());
            loaded = -1;
        } else {
#define LOOK_UP(name) \
            if (loaded == 0 && !(*(void **)&p_##name = dlsym(lib, #name))) { \
                snprintf(failure, sizeof failure, "libdbus-1.so.3 has no %s", #name); \
                loaded = -1; \
            }
#define LOOK_UP_R(type, name, params, args) LOOK_UP(name)
#define LOOK_UP_V(name, params, args) LOOK_UP(name)
            CX_DBUS_FUNCTIONS(LOOK_UP_R, LOOK_UP_V)
            if (loaded == 0) loaded = 1;
        }
    }
    if (loaded < 0 && why && size) snprintf(why, size, "%s", failure);
    return loaded == 1;
}

#define WRAP_R(type, name, params, args) type cx_##name params { return p_##name args; }
#define WRAP_V(name, params, args) void cx_##name params { p_##name args; }
CX_DBUS_PUBLIC(WRAP_R, WRAP_V)

DBusServer *cx_dbus_server_listen(const char *address, int *in_use, char *why, size_t size) {
    DBusError error;
    p_dbus_error_init(&error);
    DBusServer *server = p_dbus_server_listen(address, &error);
    if (!server) {
        const char *message = error.message ? error.message : "unknown error";
        *in_use = (error.name && strcmp(error.name, address_in_use) == 0) || strstr(message, "in use") != NULL;
        snprintf(why, size, "%s", message);
    }
    p_dbus_error_free(&error);
    return server;
}

dbus_bool_t cx_dbus_send_signal(DBusConnection *connection, const char *path, const char *interface,
                                const char *member, uint32_t type, uint32_t direction, double percentage,
                                int32_t fingers, uint32_t device, uint64_t elapsed) {
    DBusMessage *m = p_dbus_message_new_signal(path, interface, member);
    if (!m) return 0;
    DBusMessageIter it;
    p_dbus_message_iter_init_append(m, &it);
    dbus_bool_t ok = p_dbus_message_iter_append_basic(&it, DBUS_TYPE_UINT32, &type)
        && p_dbus_message_iter_append_basic(&it, DBUS_TYPE_UINT32, &direction)
        && p_dbus_message_iter_append_basic(&it, DBUS_TYPE_DOUBLE, &percentage)
        && p_dbus_message_iter_append_basic(&it, DBUS_TYPE_INT32, &fingers)
        && p_dbus_message_iter_append_basic(&it, DBUS_TYPE_UINT32, &device)
        && p_dbus_message_iter_append_basic(&it, DBUS_TYPE_UINT64, &elapsed)
        && p_dbus_connection_send(connection, m, NULL);
    p_dbus_message_unref(m);
    return ok;
}

static DBusHandlerResult introspect(DBusConnection *connection, DBusMessage *message, void *xml) {
    if (!p_dbus_message_is_method_call(message, "org.freedesktop.DBus.Introspectable", "Introspect")) return 1;
    DBusMessage *reply = p_dbus_message_new_method_return(message);
    if (!reply) return 1;
    DBusMessageIter it;
    p_dbus_message_iter_init_append(reply, &it);
    const char *text = xml;
    p_dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &text);
    p_dbus_connection_send(connection, reply, NULL);
    p_dbus_message_unref(reply);
    return 0;
}

static void unregistered(DBusConnection *connection, void *xml) {
    (void)connection;
    free(xml);
}

dbus_bool_t cx_dbus_register_introspectable(DBusConnection *connection, const char *path, const char *xml) {
    DBusObjectPathVTable vtable = {unregistered, introspect, {0}};
    char *copy = strdup(xml);
    if (!copy) return 0;
    if (!p_dbus_connection_register_object_path(connection, path, &vtable, copy)) {
        free(copy);
        return 0;
    }
    return 1;
}
