import CX11

/// Requests sent together, each with what it asks (`Tag`) and its cookie's
/// sequence, whose answers are read as they come and taken together once
/// all have come. X answers in the order asked, so the first not come yet
/// ends a look.
final class AnswerBatch<Tag> {
    private struct Out {
        var tag: Tag
        var sequence: UInt32
        var answer: XAnswer? = nil
    }
    private var out: [Out] = []
    let connection: XConnection

    init(_ connection: XConnection) { self.connection = connection }

    deinit { for o in out { o.answer?.reply?.free() } }

    var isEmpty: Bool { out.isEmpty }

    /// A request sent, by its cookie's sequence (nil: the connection is
    /// gone; it answers as nothing).
    func add(_ tag: Tag, _ sequence: UInt32?) {
        out.append(Out(tag: tag, sequence: sequence ?? 0, answer: sequence == nil ? .gone : nil))
    }

    /// Keeps the answers that have come, without waiting; asks nothing.
    /// True once every request is answered.
    @discardableResult
    func collect() -> Bool {
        for i in out.indices where out[i].answer == nil {
            guard let answer = connection.poll(out[i].sequence) else { return false }
            out[i].answer = answer
        }
        return true
    }

    /// Waits for every answer (round trips: the start, tools).
    func waitAll() {
        for i in out.indices where out[i].answer == nil { out[i].answer = connection.wait(out[i].sequence) }
    }

    /// Each answer in the order asked (the replies are freed with the batch).
    func answers<T>(_ body: (Tag, XAnswer) -> T) -> [T] {
        out.map { body($0.tag, $0.answer ?? .gone) }
    }
}
