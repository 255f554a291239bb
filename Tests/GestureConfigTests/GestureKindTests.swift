@testable import GestureConfig
import GestureCore
import Testing

/// The table of gesture kinds (`GestureKind.all`) drives the parser and the
/// printer: every kind, every argument, every name.
@Suite struct GestureKindTests {
    /// A value of each argument type as written, and as `check` prints it back.
    static let samples: [ArgumentType: String] = [
        .fingers: "3", .count: "2", .edge: ".leftEdge", .direction: ".upLeft", .duration: "0.6s",
        .length: "40px", .speed: "300px/s", .angle: "20deg", .scale: "0.1",
    ]

    static let names = GestureKind.all.map(\.name)

    @Test(arguments: names)
    func everyArgumentParsesAndPrintsBack(_ name: String) throws {
        let kind = try #require(GestureKind.named(name)).kind
        for argument in kind.arguments {
            let text = "\(name)(\(argument.label): \(Self.samples[argument.type]!))"
            let spec = try ExpressionParser.parse(text).get().0
            #expect(spec.kind?.name == name)
            #expect(spec.writtenArguments.map(\.0.label) == [argument.label], "\(text)")
            #expect(ExpressionPrinter.text(spec) == text)
        }
        // All at once: printed with the kind's own arguments first, then the
        // common ones, and parsed back to the same gesture.
        let all = kind.arguments.map { "\($0.label): \(Self.samples[$0.type]!)" }
        let spec = try ExpressionParser.parse("\(name)(\(all.joined(separator: ", ")))").get().0
        #expect(spec.writtenArguments.count == kind.arguments.count)
        let printed = ExpressionPrinter.text(spec)
        let own = kind.arguments.filter { !$0.isCommon }.map(\.label)
        let common = kind.arguments.filter(\.isCommon).map(\.label)
        #expect(common == ["fingers", "from", "edgeWidth"])
        let order = (own + common).map { printed.range(of: $0 + ":")!.lowerBound }
        #expect(order == order.sorted(), "\(printed)")
        #expect(try ExpressionParser.parse(printed).get().0 == spec)
    }

    @Test(arguments: names)
    func anUnknownArgumentListsTheKindsOwn(_ name: String) throws {
        let kind = try #require(GestureKind.named(name)).kind
        guard case .failure(let e) = ExpressionParser.parse("\(name)(bogus: 1)") else {
            Issue.record("\(name)(bogus: 1) parsed")
            return
        }
        #expect(e.message == "\(name) has no argument 'bogus'; it takes "
            + kind.arguments.map { $0.label + ":" }.joined(separator: ", "))
    }

    @Test func namesAndAliasesAreOneKindEach() throws {
        var seen: [String: String] = [:]
        for kind in GestureKind.all {
            for n in [kind.name] + kind.aliases + Array(kind.deprecated.keys) {
                #expect(seen.updateValue(kind.name, forKey: n.lowercased()) == nil, "\(n) names two kinds")
                let (spec, warnings) = try ExpressionParser.parse(n.uppercased() + "()").get()
                #expect(spec.kind?.name == kind.name)
                #expect(warnings.count == (kind.deprecated[n] == nil ? 0 : 1))
            }
        }
        #expect(ExpressionParser.gestureNames == ["tap", "longPress", "drag", "swipe", "magnify", "rotate", "hold"])
    }

    /// A default taken from `[settings]` names a setting of the argument's type.
    @Test func settingDefaultsNameSettingsOfTheirType() {
        let kinds = Dictionary(uniqueKeysWithValues: ConfigBuilder.settingKinds.map { ($0.0, "\($0.1)") })
        let expected: [ArgumentType: String] = [.length: "length", .duration: "time", .speed: "speed"]
        var count = 0
        for kind in GestureKind.all {
            for a in kind.arguments {
                let keys: [String]
                switch a.byDefault {
                case .setting(let key): keys = [key]
                case .settings(let screen, let pad): keys = [screen, pad]
                default: continue
                }
                for key in keys {
                    #expect(kinds[key] == expected[a.type], "\(kind.name)(\(a.label):) defaults to \(key)")
                    count += 1
                }
            }
        }
        #expect(count == 13)
    }

    /// Each kind's bare spec is what `make()` gives, with nothing written,
    /// and its fingers are the kind's.
    @Test(arguments: names)
    func aBareKindHasItsOwnFingers(_ name: String) throws {
        let kind = try #require(GestureKind.named(name)).kind
        let spec = kind.make()
        #expect(spec.writtenArguments.isEmpty)
        #expect(spec.maximumFingers == kind.defaultFingers)
        #expect(try ExpressionParser.parse(name + "()").get().0 == spec)
    }
}
