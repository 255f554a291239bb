import GestureCore
import GestureSystem

extension Daemon {
    /// Those the daemon serves beside the gestures, each behind a socket of
    /// its own (their descriptors: `Descriptor.touchegg`, `.monitor`).
    struct Clients {
        /// `touchegg-protocol = true`: the D-Bus server (what it sends is
        /// worked out by `recognition`'s forwarder).
        var touchegg: ToucheggServer? = nil
        /// A taken address is said once, not at every reload.
        var toucheggRefusalSaid = false
        /// The monitor socket (`gesture-bridge watch`), made at the first connection.
        var monitor: MonitorServer? = nil

        /// Exit: every client let go of, the sockets closed (the monitor's
        /// file goes with it).
        mutating func stop() {
            touchegg?.stop()
            monitor = nil
        }
    }

    /// Starts or stops the Touchégg protocol server as the config says; a
    /// taken address is said once and the daemon goes on without it.
    mutating func serveTouchegg(_ on: Bool) {
        guard on else {
            if clients.touchegg != nil { log.notice(Words("touchegg-protocol off: the D-Bus server stops")) }
            clients.touchegg = nil
            return
        }
        guard clients.touchegg == nil else { return }
        do {
            // The address can be moved (tests run beside a real touchegg).
            let address = ProcessEnvironment.current()["GESTURE_BRIDGE_TOUCHEGG_ADDRESS"] ?? ToucheggServer.address
            let server = try ToucheggServer(address: address, now: wokenAt)
            let log = self.log
            server.onNote = { log.info($0) }
            clients.touchegg = server
            log.notice(Words("touchegg-protocol: serving Touchégg's D-Bus signals at {address}", ["address": address]))
        } catch {
            if !clients.toucheggRefusalSaid { log.warning("\(error)") }
            clients.toucheggRefusalSaid = true
        }
    }

    /// The monitor socket for this display, once (`gesture-bridge watch`
    /// reads it); without it the daemon goes on, saying why.
    mutating func openMonitor(display: String) {
        guard clients.monitor == nil else { return }
        let path = RuntimeDirectory.file(display: display, environment: ProcessEnvironment.current(), extension: "monitor")
        do {
            let m = try MonitorServer(path: path)
            let log = self.log
            m.onNote = { log.info($0) }
            clients.monitor = m
        } catch {
            log.warning(Words("{error}; gesture-bridge watch will not reach this daemon", ["error": "\(error)"]))
        }
    }
}
