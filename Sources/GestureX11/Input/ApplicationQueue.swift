import CX11
import GestureCore

/// The engine's inputs, in X's order, queued from a begin on a window whose
/// application is not known yet until it is (not the `hold` gesture). The engine must hear of the
/// application before the touch that begins on it (a per-application
/// gesture applies from the first touch on a new window), and everything
/// after that touch after it; the listener asks X about the window once the
/// read is done and lets the held inputs go when the answer comes (within
/// the grab's timeout: X holds a grabbed touch back from the applications
/// until the engine decides it). Each input keeps the time X stamped it.
/// Pure: the listener says what is known.
struct ApplicationQueue {
    enum Item: Equatable {
        /// A begin's top-level window: its application, once known, is the
        /// engine's `.window` input (when it is not the last one it heard of).
        case window(Window, Double)
        case input(Input, Double)
    }

    private var items: [Item] = []
    /// The application the engine last heard of.
    private(set) var lastWindow: WindowContext? = nil

    var isEmpty: Bool { items.isEmpty }

    /// The window the held inputs wait for.
    var awaited: Window? {
        guard case .window(let w, _)? = items.first else { return nil }
        return w
    }

    /// One more input: handed to `emit` at once, unless inputs are held or
    /// its window's application is not known yet.
    mutating func pass(_ item: Item, known: (Window) -> WindowContext?, _ emit: (Input, Double) -> Void) {
        if items.isEmpty && deliver(item, known, emit) { return }
        items.append(item)
    }

    /// Hands over, in order, what is no longer held: up to the first
    /// window whose application is still unknown.
    mutating func release(known: (Window) -> WindowContext?, _ emit: (Input, Double) -> Void) {
        var done = 0
        while done < items.count && deliver(items[done], known, emit) { done += 1 }
        items.removeFirst(done)
    }

    private mutating func deliver(_ item: Item, _ known: (Window) -> WindowContext?,
                                  _ emit: (Input, Double) -> Void) -> Bool {
        switch item {
        case .input(let input, let t):
            emit(input, t)
        case .window(let w, let t):
            guard let ctx = known(w) else { return false }
            if ctx != lastWindow {
                lastWindow = ctx
                emit(.window(ctx), t)
            }
        }
        return true
    }
}
