#if canImport(Glibc)
import Glibc
#endif

/// libadwaita functions newer than 1.1, looked up at run time: the app links
/// nothing newer than libadwaita 1.1 (Tests/Settings/symbols.sh) and takes
/// the 1.1 way where they are missing. AdwEntryRow (1.2), AdwBannerSymbols
/// (1.3) and the about window (1.2) each load theirs through this.
struct AdwSymbols {
    private let handle: UnsafeMutableRawPointer

    /// nil when any of `required` is missing, or with
    /// GESTURE_BRIDGE_SETTINGS_LIBADWAITA_1_1=1 (tests take the 1.1 way).
    init?(_ required: [String]) {
        if getenv("GESTURE_BRIDGE_SETTINGS_LIBADWAITA_1_1") != nil { return nil }
        guard let h = dlopen(nil, RTLD_NOW), required.allSatisfy({ dlsym(h, $0) != nil }) else { return nil }
        handle = h
    }

    /// `symbol`, one of the `required` (found at load), as a C function of `type`.
    func fn<F>(_ symbol: String, _ type: F.Type) -> F { unsafeBitCast(dlsym(handle, symbol)!, to: type) }

    /// `symbol` as a C function of `type`, nil where the library lacks it.
    func fnIfPresent<F>(_ symbol: String, _ type: F.Type) -> F? { dlsym(handle, symbol).map { unsafeBitCast($0, to: type) } }
}
