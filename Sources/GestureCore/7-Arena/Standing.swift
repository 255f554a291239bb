// A binding's standing in one attempt, and what it keeps while it publishes.
// Each edge is one mutator of `Arena`, the only type that changes a standing:
//
//            ┌──────────── fail: recognizer fails or is cancelled ───────────┐
//            │                                                               ▼
//   absent ─join─▶ possible ─recognize─▶ recognized ─begin: accepted, or simultaneous─▶ began ─finish─▶ done
//  (not in   │                              │  └── fail ──▶ failed
//  this      └──── reject: another binding is accepted (tryToResolve) ──▶ rejected ◀──┘
//  attempt)
//
// `rejected`, `failed` and `done` are out: nothing more comes of the binding
// in this attempt. A recognized binding waits for the arena: something that
// outranks it may still want the touches.

enum Standing: Equatable, Sendable {
    /// Not in this attempt: its scope, device filter or mask keeps it out.
    case absent
    /// In the arena; its gesture not recognized yet.
    case possible
    /// Its gesture was recognized at `since`; waiting for the arena.
    case recognized(since: Seconds)
    /// Publishing: the winner, or a simultaneous binding, whose gesture began.
    case began
    /// Out without publishing: the arena accepted another binding.
    case rejected
    /// Out without publishing: its gesture failed, or was cancelled before it began.
    case failed
    /// Published, then ended or cancelled.
    case done

    /// Nothing more will come of it in this attempt.
    var isOut: Bool {
        switch self {
        case .absent, .rejected, .failed, .done: return true
        case .possible, .recognized, .began: return false
        }
    }

    /// Still wants the touches: possible, or recognized and waiting.
    var isCompeting: Bool {
        switch self {
        case .possible, .recognized: return true
        default: return false
        }
    }
}

/// One binding in one attempt: its standing, and its `on-step` and
/// `on-repeat` counters while it publishes.
struct Member: Sendable {
    var standing = Standing.absent
    /// `on-step`: the last crossing, and the drag axis locked at began.
    var stepBase = 0.0
    var stepVertical = false
    /// `on-repeat`: the next one, while pressing.
    var nextRepeat: Seconds? = nil
}
