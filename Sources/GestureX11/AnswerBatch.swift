import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Requests sent together, each with what it asks (`Tag`), whose answers
/// are read as they come and taken together once all have come. X answers
/// in the order asked, so the first not come yet ends a look.
final class AnswerBatch<Tag> {
    private struct Out {
        var tag: Tag
        var sequence: UInt32
        var arrived = false
        var reply: UnsafeMutableRawPointer? = nil
    }
    private var out: [Out] = []
    let connection: XConnection

    init(_ connection: XConnection) { self.connection = connection }

    deinit { for o in out { free(o.reply) } }

    var isEmpty: Bool { out.isEmpty }

    /// A request sent (nil: the connection is gone; it answers as nothing).
    func add(_ tag: Tag, _ sequence: UInt32?) {
        out.append(Out(tag: tag, sequence: sequence ?? 0, arrived: sequence == nil))
    }

    /// Keeps the answers that have come, without waiting; asks nothing.
    /// True once every request is answered.
    @discardableResult
    func collect() -> Bool {
        for i in out.indices where !out[i].arrived {
            guard let reply = connection.poll(out[i].sequence) else { return false }
            out[i].arrived = true
            out[i].reply = reply
        }
        return true
    }

    /// Waits for every answer (round trips: the start, tools).
    func waitAll() {
        for i in out.indices where !out[i].arrived {
            out[i].reply = connection.wait(out[i].sequence)
            out[i].arrived = true
        }
    }

    /// Each answer in the order asked (nil: an error, or the server gone).
    func answers(_ body: (Tag, Reply?) -> Void) {
        for o in out { body(o.tag, o.reply.map(Reply.init)) }
    }
}
