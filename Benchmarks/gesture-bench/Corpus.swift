#if canImport(Glibc)
import Glibc
#endif
import GestureSystem
import GestureConfig
import GestureTesting
import GestureTraces

/// `gesture-bench corpus [--seed N] [--count N] [--write DIR]`: generates the
/// seeded corpus of realistic traces (hands as they are: fingers landing
/// apart, slow starts, jitter and drift, lifts apart, split frames; and
/// negatives), replays them against everyday bindings and prints accuracy,
/// false triggers and decision latency. Exit 1 below its promise, 2 on a
/// write error, 64 on bad arguments.
func corpus(_ arguments: [String]) -> Int32 {
    var seed: UInt64 = 1, count = 480, write: String? = nil
    var args = arguments[...]
    while let a = args.popFirst() {
        switch (a, args.popFirst()) {
        case ("--seed", let v?) where UInt64(v) != nil: seed = UInt64(v)!
        case ("--count", let v?) where (Int(v) ?? 0) > 0: count = Int(v)!
        case ("--write", let v?): write = v
        default:
            print("usage: gesture-bench corpus [--seed N] [--count N (positive)] [--write DIR]")
            return 64
        }
    }
    let cases = RecognitionCorpus.generate(seed: seed, count: count)
    if let dir = write {
        for c in cases {
            let slug = String(c.group.map { $0.isLetter || $0.isNumber ? $0 : "-" })
            if case .failure(let e) = FileSystem.write(TraceWriter.write(c.trace), to: "\(dir)/\(c.name)-\(slug).jsonl") {
                print("gesture-bench: \(e)")
                return 2
            }
        }
    }
    let report = RecognitionCorpus.report(cases)
    print(report.text)
    return report.falseTriggers > 0 || report.accuracy < 0.995 ? 1 : 0
}
