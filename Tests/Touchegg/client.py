#!/usr/bin/python3
"""A Touchégg protocol client doing what the desktop shells do (GNOME's
X11 Gestures extension: Gio.DBusConnection.new_for_address with
AUTHENTICATION_CLIENT, then signal_subscribe on the interface and path).
Prints one line per signal: MEMBER type direction percentage fingers device elapsed.

  client.py [--address A] [--ends N] [--timeout S] [--stall | --garbage]

--ends N: exit 0 after N OnGestureEnd signals; --timeout S: exit 2 if they
have not come by then; --stall: connect, then never read (a client that
hangs); --garbage: send bytes that are no D-Bus, until the server closes.
Exits 3 if the connection is refused, 4 if the server closes it."""
import sys, time
import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

ADDRESS = "unix:abstract=touchegg"
INTERFACE = "io.github.joseexposito.Touchegg"
PATH = "/io/github/joseexposito/Touchegg"

args = sys.argv[1:]
if "--address" in args:
    ADDRESS = args[args.index("--address") + 1]
ends = int(args[args.index("--ends") + 1]) if "--ends" in args else 1
timeout = float(args[args.index("--timeout") + 1]) if "--timeout" in args else 30
if "--garbage" in args:
    # Not D-Bus at all: the server must close it and go on.
    import os, socket
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect("\0" + ADDRESS.split("abstract=", 1)[1])
    s.settimeout(timeout)
    try:
        s.sendall(b"\0AUTH EXTERNAL 30\r\nBEGIN\r\n" + os.urandom(4096))
        while s.recv(4096):
            pass
    except OSError:
        pass
    print("closed", flush=True)
    sys.exit(4)

if "--stall" in args:
    # GDBus reads in a thread of its own whatever the program does: a client
    # that truly stops reading authenticates by hand on a bare socket, then
    # never reads again.
    import os, socket
    name = ADDRESS.split("abstract=", 1)[1]
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect("\0" + name)
    s.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
    reply = s.recv(128)
    if not reply.startswith(b"OK"):
        print("refused:", reply, flush=True)
        sys.exit(3)
    s.sendall(b"BEGIN\r\n")
    print("connected", flush=True)
    time.sleep(timeout)
    sys.exit(0)

try:
    connection = Gio.DBusConnection.new_for_address_sync(
        ADDRESS, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT, None, None)
except GLib.Error as e:
    print("refused:", e.message, flush=True)
    sys.exit(3)
print("connected", flush=True)

loop = GLib.MainLoop()
seen = {"ends": 0, "code": 2}

def on_signal(conn, sender, path, interface, member, params):
    t, d, p, f, dev, el = params.unpack()
    print(f"{member} {t} {d} {p:.2f} {f} {dev} {el}", flush=True)
    if member == "OnGestureEnd":
        seen["ends"] += 1
        if seen["ends"] >= ends:
            seen["code"] = 0
            loop.quit()

def on_closed(conn, vanished, error):
    # libdbus accepts the EXTERNAL handshake, then closes a client whose
    # user it refuses: the client sees its connection close at once.
    print("closed", flush=True)
    seen["code"] = 4
    loop.quit()

connection.signal_subscribe(None, INTERFACE, None, PATH, None, Gio.DBusSignalFlags.NONE, on_signal)
connection.connect("closed", on_closed)
GLib.timeout_add(int(timeout * 1000), loop.quit)
loop.run()
sys.exit(seen["code"])
