import CIntl
import GestureCore
import GestureSystem

#if canImport(Glibc)
import Glibc
#endif

/// The words of the settings app and the command (`status`, `check`, …) in
/// the user's language: GNU gettext through glibc's libintl, text domain
/// `gesture-bridge`. Until `start` (or `startMessages`) runs the process
/// stays in the C locale and every function below returns its English msgid
/// unchanged (the model's tests and goldens rely on that).
///
/// The msgids are whole sentences with named placeholders (`{gesture}`,
/// `{count}`), so a translator can move the parts; `scripts/update-po.sh`
/// extracts them with xgettext's C reader and the keywords `L`, `Ln:1,2`,
/// `Lc:1c,2`, `LN` and `LcN:1c,2`.
public enum Localization {
    public static let domain = "gesture-bridge"

    /// Where the `.mo` files are: `$GESTURE_BRIDGE_LOCALEDIR` (tests), else
    /// `BINDIR/../share/locale` beside the binary (install.sh's PREFIX, the
    /// .deb's /usr), else gettext's own default.
    public static func localeDirectory(environment: [String: String], executableDirectory: String?) -> String? {
        if let dir = environment["GESTURE_BRIDGE_LOCALEDIR"], !dir.isEmpty { return dir }
        guard let bin = executableDirectory else { return nil }
        let beside = bin + "/../share/locale"
        return access(beside, F_OK) == 0 ? beside : nil
    }

    /// Takes the locale from the environment (LANG, LC_*, LANGUAGE) and binds
    /// the text domain; the settings app calls it first thing.
    public static func start(environment: [String: String] = ProcessEnvironment.current()) {
        setlocale(LC_ALL, "")
        bind(environment: environment)
    }

    /// The command's start: only the messages' locale (LC_MESSAGES, with
    /// LANGUAGE, LC_ALL and LANG as gettext reads them, as git and coreutils
    /// do), so numbers, the config's parsing and every machine-read output
    /// (`--json`, traces, the monitor stream) stay as in the C locale.
    public static func startMessages(environment: [String: String] = ProcessEnvironment.current()) {
        setlocale(LC_MESSAGES, "")
        bind(environment: environment)
    }

    private static func bind(environment: [String: String]) {
        if let dir = localeDirectory(environment: environment, executableDirectory: FileSystem.executableDirectory()) {
            bindtextdomain(domain, dir)
        }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}

/// `words` in the user's language: each pattern (nested ones too) looked up.
public func L(_ words: Words) -> String {
    words.text { L($0) }
}

/// `msgid` in the user's language.
public func L(_ msgid: String) -> String {
    // Untranslated, gettext returns the pointer it was given: copy it while it lives.
    msgid.withCString { String(cString: dgettext(Localization.domain, $0)) }
}

/// `msgid` in the user's language with its `{name}` placeholders filled.
public func L(_ msgid: String, _ values: KeyValuePairs<String, String>) -> String {
    fill(L(msgid), values)
}

/// A message whose words depend on a count (ngettext: one form in English,
/// up to four in Russian); `{count}` is filled with `n` and `{name}`s with `values`.
public func Ln(_ singular: String, _ plural: String, _ n: Int, _ values: KeyValuePairs<String, String>) -> String {
    fill(Ln(singular, plural, n), values)
}

public func Ln(_ singular: String, _ plural: String, _ n: Int) -> String {
    let pattern = singular.withCString { one in
        plural.withCString { many in String(cString: dngettext(Localization.domain, one, many, UInt(max(n, 0)))) }
    }
    return fill(pattern, [("count", String(n))])
}

/// `msgid` with a context (pgettext, which glibc has only as a macro): the
/// same English word that two places need translated apart.
public func Lc(_ context: String, _ msgid: String) -> String {
    let key = context + "\u{4}" + msgid
    let found = L(key)
    return found == key ? msgid : found
}

/// `Lc` with its `{name}` placeholders filled.
public func Lc(_ context: String, _ msgid: String, _ values: KeyValuePairs<String, String>) -> String {
    fill(Lc(context, msgid), values)
}

/// Marks a msgid for extraction only (gettext_noop): tables built once, read
/// through `L` where they are shown.
public func LN(_ msgid: String) -> String { msgid }

/// `LN` with a context: shown through `Lc(context, msgid)`.
public func LcN(_ context: String, _ msgid: String) -> String { msgid }

public func fill(_ pattern: String, _ values: KeyValuePairs<String, String>) -> String {
    fill(pattern, values.map { ($0.key, $0.value) })
}
