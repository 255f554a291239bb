@testable import GestureActions
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `exec` without a shell when the command needs none, and the same
/// behaviour either way: words, PATH lookup, environment, exit and reaping.
@Suite(.serialized) struct ExecTests {
    @Test(arguments: [
        ("xdotool key super", ["xdotool", "key", "super"]),
        ("notify-send 'Hello there' \"two words\"", ["notify-send", "Hello there", "two words"]),
        ("  wmctrl   -s 2  ", ["wmctrl", "-s", "2"]),
        ("/usr/bin/env --x=y a:b,c@d%e+f", ["/usr/bin/env", "--x=y", "a:b,c@d%e+f"]),
        ("notify-send Grüße ''", ["notify-send", "Grüße", ""]),
        ("say 'it''s'", ["say", "its"]),
        ("echo '$HOME | ; &'", ["echo", "$HOME | ; &"]),
    ])
    func plainCommandsRunWithoutAShell(command: String, words: [String]) {
        #expect(ShellWords.direct(command) == words)
    }

    @Test(arguments: [
        "a | b", "a; b", "a && b", "a > f", "a < f", "echo $HOME", "echo \"$HOME\"", "echo `date`", "echo $(date)",
        "ls *.txt", "ls ?", "ls [ab]", "echo a # comment", "FOO=1 cmd", "cd /tmp", "export A=b", "if true; then x; fi",
        "echo ~/x", "echo a\\ b", "echo \"a\\\"b\"", "echo 'unclosed", "(sub)", "a & ", "", "   ",
    ])
    func shellSyntaxGoesToTheShell(command: String) {
        #expect(ShellWords.direct(command) == nil)
    }

    /// A program on a PATH of the test's own that writes its words and
    /// GESTURE_ variables to $OUT.
    static func tool(_ dir: String) {
        _ = mkdir(dir, 0o700)
        let script = dir + "/gb-argv-dump"
        let text = "#!/bin/sh\n{ for a in \"$@\"; do printf '[%s]' \"$a\"; done; echo; env | grep '^GESTURE_' | sort; } > \"$OUT\"\nexit 3\n"
        let f = fopen(script, "w")!
        fputs(text, f)
        fclose(f)
        chmod(script, 0o755)
    }

    static func read(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var out = "", buf = [CChar](repeating: 0, count: 512)
        while fgets(&buf, Int32(buf.count), f) != nil { out += String(cString: buf) }
        return out
    }

    /// Waits for `pid` (each child here exits at once); its exit status.
    static func exitStatus(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { return nil }
        return (status >> 8) & 0xff
    }

    @Test func bothWaysBehaveTheSame() throws {
        let dir = "/tmp/gb-exec-\(getpid())"
        Self.tool(dir)
        defer { for f in ["gb-argv-dump", "direct", "shell"] { unlink(dir + "/" + f) }; rmdir(dir) }
        let command = "gb-argv-dump a 'b c' \"d  e\" --x=y Grüße ''"
        #expect(ShellWords.direct(command) != nil)
        var results: [String] = []
        for (name, shell) in [("direct", false), ("shell", true)] {
            let env = ["PATH": dir + ":/usr/bin:/bin", "OUT": dir + "/" + name, "GESTURE_NAME": "next", "GESTURE_DX": "-300.5"]
            let pid = try Exec.spawn(command, environment: env, shell: shell).get()
            // Exit status as the shell passes it on; the child is reaped.
            #expect(Self.exitStatus(pid) == 3)
            results.append(Self.read(dir + "/" + name) ?? "")
        }
        #expect(results[0] == "[a][b c][d  e][--x=y][Grüße][]\nGESTURE_DX=-300.5\nGESTURE_NAME=next\n")
        #expect(results[0] == results[1])
    }

    @Test func aProgramNotOnThePathIsAnError() {
        guard case .failure(let e) = Exec.spawn("gb-no-such-program --x", environment: ["PATH": "/nonexistent"]) else {
            Issue.record("spawned")
            return
        }
        #expect(e.description == "cannot run 'gb-no-such-program --x': No such file or directory")
        // The shell finds nothing either: it says so and exits 127.
        if case .success(let pid) = Exec.spawn("gb-no-such-program --x", environment: ["PATH": "/nonexistent"], shell: true) {
            #expect(Self.exitStatus(pid) == 127)
        }
    }

    @Test func lookupFollowsThePathInOrder() {
        #expect(ExecPath.lookup("sh", path: "/nonexistent:/bin:/usr/bin") == "/bin/sh")
        #expect(ExecPath.lookup("./x", path: "/bin") == "./x")
        #expect(ExecPath.lookup("gb-none", path: "/bin:/usr/bin") == nil)
    }
}
