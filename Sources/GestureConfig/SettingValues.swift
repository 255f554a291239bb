import GestureCore

/// Values with units in `[settings]`: "250ms", "0.25s", "10px", "3mm", "300px/s".
enum SettingKind {
    case time, length, speed

    var example: String {
        switch self {
        case .time: return "\"250ms\" or \"0.25s\""
        case .length: return "\"10px\" or \"3mm\""
        case .speed: return "\"300px/s\" or \"80mm/s\""
        }
    }
}

enum SettingValue {
    case time(Seconds)
    case length(Length)
    case speed(Speed)

    /// As the table of settings holds it (`SettingField.Value`).
    var value: SettingField.Value {
        switch self {
        case .time(let x): return .time(x)
        case .length(let x): return .length(x)
        case .speed(let x): return .speed(x)
        }
    }

    /// Parses `text` as a value of `kind`; nil if it is not one. A bare 0 needs no unit.
    static func parse(_ text: String, as kind: SettingKind) -> SettingValue? {
        let t = text.trimmingSpaces
        var split = t.startIndex
        while split < t.endIndex, t[split].isNumber || t[split] == "." || t[split] == "-" || t[split] == "+" {
            split = t.index(after: split)
        }
        guard let n = Double(t[..<split]), n.isFinite, n >= 0 else { return nil }
        let unit = t[split...].trimmingSpaces
        switch (kind, unit) {
        case (.time, "ms"): return .time(n / 1000)
        case (.time, "s"): return .time(n)
        case (.length, "px"): return .length(.px(n))
        case (.length, "mm"): return .length(.mm(n))
        case (.speed, "px/s"): return .speed(Speed(.px(n)))
        case (.speed, "mm/s"): return .speed(Speed(.mm(n)))
        case (.time, "") where n == 0: return .time(0)
        case (.length, "") where n == 0: return .length(.px(0))
        case (.speed, "") where n == 0: return .speed(.zero)
        default: return nil
        }
    }
}

