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
        .shape: "\"L\"", .flag: "false", .button: "3",
    ]

    /// What a kind needs written first: stroke's shape.
    static func required(_ kind: GestureKind) -> [GestureArgument] { kind.arguments.filter { $0.type == .shape } }

    /// `name(args)`, the shape written first (positionally) when the kind has one.
    static func call(_ name: String, _ kind: GestureKind, _ args: [String]) -> String {
        let shape = required(kind).isEmpty || args.contains(where: { $0.hasPrefix("shape:") }) ? [] : ["\"L\""]
        return "\(name)(\((shape + args.map { $0.hasPrefix("shape: ") ? String($0.dropFirst(7)) : $0 }).joined(separator: ", ")))"
    }

    static let names = GestureKind.all.map(\.name)

    @Test(arguments: names)
    func everyArgumentParsesAndPrintsBack(_ name: String) throws {
        let kind = try #require(GestureKind.named(name)).kind
        for argument in kind.arguments {
            let text = Self.call(name, kind, ["\(argument.label): \(Self.samples[argument.type]!)"])
            let spec = try ExpressionParser.parse(text).get().0
            #expect(spec.kind?.name == name)
            let expected = Set(Self.required(kind).map(\.label) + [argument.label])
            #expect(Set(spec.writtenArguments.map(\.0.label)) == expected, "\(text)")
            #expect(ExpressionPrinter.text(spec) == text)
        }
        // All at once: printed with the kind's own arguments first, then the
        // common ones, and parsed back to the same gesture.
        let all = kind.arguments.map { "\($0.label): \(Self.samples[$0.type]!)" }
        let spec = try ExpressionParser.parse(Self.call(name, kind, all)).get().0
        #expect(spec.writtenArguments.count == kind.arguments.count)
        let printed = ExpressionPrinter.text(spec)
        let own = kind.arguments.filter { !$0.isCommon }.map(\.label)
        let common = kind.arguments.filter(\.isCommon).map(\.label)
        #expect(common == ["fingers", "from", "edgeWidth"])
        let order = (own + common).filter { $0 != "shape" }.map { printed.range(of: $0 + ":")!.lowerBound }
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
                let (spec, warnings) = try ExpressionParser.parse(Self.call(n.uppercased(), kind, [])).get()
                #expect(spec.kind?.name == kind.name)
                #expect(warnings.count == (kind.deprecated[n] == nil ? 0 : 1))
            }
        }
        #expect(ExpressionParser.gestureNames == ["tap", "longPress", "drag", "swipe", "magnify", "rotate", "hold", "stroke"])
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
        #expect(count == 14)
    }

    /// Each kind's bare spec is what `make()` gives, with nothing written,
    /// and its fingers are the kind's.
    @Test(arguments: names)
    func aBareKindHasItsOwnFingers(_ name: String) throws {
        let kind = try #require(GestureKind.named(name)).kind
        let spec = kind.make()
        #expect(spec.writtenArguments.isEmpty)
        #expect(spec.maximumFingers == kind.defaultFingers)
        if Self.required(kind).isEmpty {
            #expect(try ExpressionParser.parse(name + "()").get().0 == spec)
        } else {
            // stroke() names no shape: an error that says how to write one.
            guard case .failure(let e) = ExpressionParser.parse(name + "()") else {
                Issue.record("\(name)() parsed")
                return
            }
            #expect(e.message == "stroke needs the name of a shape taught with `gesture-bridge teach`, e.g. stroke(\"L\")")
            let shaped = try ExpressionParser.parse(Self.call(name, kind, [])).get().0
            #expect(shaped.writtenArguments.map(\.0.label) == ["shape"])
            #expect(shaped.maximumFingers == kind.defaultFingers)
        }
    }
}
