#if canImport(Glibc)
import Glibc
#endif

func printError(_ s: String) {
    var s = s + "\n"
    s.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
}
