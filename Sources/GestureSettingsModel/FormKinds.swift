import GestureConfig
import GestureCore

// The settings layer's reading of the table of kinds (`GestureKind.all`,
// GestureSpec.swift): a kind's words, its form fields and its step unit come
// from its entry, so a new kind needs nothing here (docs/engine.md, "Adding
// a gesture kind").

extension GestureKind {
    /// As the app says it: "Swipe", "Pinch", "Long press", translated
    /// (the entry's `words`, a msgid of po/).
    public var displayName: String { words.context.map { Lc($0, words.text) } ?? L(words.text) }

    /// Its argument of this type, if it takes one: the form's Taps field is
    /// a `.count`, its Direction a `.direction`; without one the field hides.
    public func argument(_ type: ArgumentType) -> GestureArgument? { arguments.first { $0.type == type } }
}

extension StepUnit {
    /// Beside the form's Every field: "px", "%", "°", "s".
    public var symbol: String {
        switch self {
        case .px: return L("px")
        case .ratio: return L("%")
        case .degrees: return L("°")
        case .seconds: return L("s")
        }
    }

    /// The form's Every per unit of `every` as written: a ratio shows as %.
    public var shownPerWritten: Double { self == .ratio ? 100 : 1 }

    /// A step to start from, as the form shows it: 100 px is no pinch's.
    public var firstStep: Double {
        switch self {
        case .px: return 100
        case .ratio, .degrees: return 15
        case .seconds: return 0.5
        }
    }

    /// Decimals the form's Every shows (tenths of a second; whole px, %, °).
    public var decimals: Int { self == .seconds ? 1 : 0 }

    /// One step in words: "15 %", "15°", "120 px", "0.5 s".
    public func words(_ every: Double) -> String {
        switch self {
        case .ratio: return L("{value} %", ["value": Literals.number((every * 1000).rounded() / 10)])
        case .degrees: return L("{value}°", ["value": Literals.number(every)])
        case .seconds: return L("{value} s", ["value": Literals.number(every)])
        case .px: return L("{value} px", ["value": Literals.number(every)])
        }
    }
}
