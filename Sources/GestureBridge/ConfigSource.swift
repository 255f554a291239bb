import GestureSystem
import GestureConfig

/// Which config a command uses: `--config FILE`, else the user's file, else
/// the embedded default (which is what `init` writes).
public enum ConfigSource {
    public static let builtInName = "built-in default config"

    public static func load(path: String?, loader: ConfigLoader) -> (label: String, result: Result<LoadedConfig, ConfigErrors>) {
        if let path { return (path, loader.load(path: path)) }
        let user = ConfigLoader.defaultPath(environment: loader.environment)
        if FileSystem.exists(user) { return (user, loader.load(path: user)) }
        return (builtInName, loader.load(text: DefaultConfig.text, file: builtInName))
    }
}
