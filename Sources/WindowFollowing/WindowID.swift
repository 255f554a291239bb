/// A window, as the following machines know it: X's id for it (an XID),
/// carried without X. WindowMover converts at its boundary (`WindowID(xid)`
/// from what X said, `.xid` for what it asks of X); the machines only
/// compare ids, and the log names them by `description`.
public struct WindowID: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// X's id for the window (`Window`, an `unsigned long`).
    public var xid: UInt

    public init(_ xid: UInt) { self.xid = xid }
    public init(integerLiteral xid: UInt) { self.xid = xid }

    /// "0x600003", as xprop and xwininfo write ids.
    public var description: String { "0x" + String(xid, radix: 16) }
}
