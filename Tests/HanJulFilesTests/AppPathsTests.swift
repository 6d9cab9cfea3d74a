import HanJulFiles
import Testing

@Suite("AppPaths")
struct AppPathsTests {
    @Test("defaults under HOME")
    func defaults() throws {
        let paths = try AppPaths(environment: ["HOME": "/home/ana"])
        #expect(paths.dataDirectory == "/home/ana/.local/share/hanjul")
        #expect(paths.configDirectory == "/home/ana/.config/hanjul")
        #expect(paths.dataFile("scores.hjr") == "/home/ana/.local/share/hanjul/scores.hjr")
    }

    @Test("absolute XDG values win; trailing slashes are trimmed")
    func xdg() throws {
        let paths = try AppPaths(environment: ["HOME": "/home/ana", "XDG_DATA_HOME": "/data/", "XDG_CONFIG_HOME": "/cfg"])
        #expect(paths.dataDirectory == "/data/hanjul")
        #expect(paths.configDirectory == "/cfg/hanjul")
    }

    @Test("relative and empty XDG values are ignored, as the specification says")
    func relativeIgnored() throws {
        let paths = try AppPaths(environment: ["HOME": "/root", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": ""])
        #expect(paths.dataDirectory == "/root/.local/share/hanjul")
        #expect(paths.configDirectory == "/root/.config/hanjul")
    }

    @Test("HOME=/ does not give a double slash")
    func rootHome() throws {
        #expect(try AppPaths(environment: ["HOME": "/"]).dataDirectory == "/.local/share/hanjul")
    }

    @Test("no usable HOME and no XDG value is a clear error")
    func noHome() {
        #expect(throws: AppPaths.Error.noHome(variable: "XDG_DATA_HOME")) { try AppPaths(environment: [:]) }
        #expect(throws: AppPaths.Error.noHome(variable: "XDG_CONFIG_HOME")) {
            try AppPaths(environment: ["HOME": "relative", "XDG_DATA_HOME": "/d"])
        }
    }

    @Test("system data folders: XDG_DATA_DIRS in order, relative and repeated entries ignored, the default when none is left")
    func systemDataDirectories() throws {
        #expect(try AppPaths(environment: ["HOME": "/h"]).systemDataDirectories == ["/usr/local/share/hanjul", "/usr/share/hanjul"])
        let listed = try AppPaths(environment: ["HOME": "/h", "XDG_DATA_DIRS": "/opt/games/share/:relative:/usr/share::/opt/games/share"])
        #expect(listed.systemDataDirectories == ["/opt/games/share/hanjul", "/usr/share/hanjul"])
        let onlyRelative = try AppPaths(environment: ["HOME": "/h", "XDG_DATA_DIRS": "share:./x"])
        #expect(onlyRelative.systemDataDirectories == ["/usr/local/share/hanjul", "/usr/share/hanjul"])
        #expect(try AppPaths(environment: ["HOME": "/h", "XDG_DATA_DIRS": "/"]).systemDataDirectories == ["/hanjul"])
    }

    @Test("the state folder: XDG_STATE_HOME, else ~/.local/state; relative values ignored")
    func stateDirectory() throws {
        #expect(try AppPaths(environment: ["HOME": "/home/ana"]).stateDirectory == "/home/ana/.local/state/hanjul")
        #expect(try AppPaths(environment: ["HOME": "/home/ana", "XDG_STATE_HOME": "/st/"]).stateDirectory == "/st/hanjul")
        #expect(try AppPaths(environment: ["HOME": "/home/ana", "XDG_STATE_HOME": "st"]).stateDirectory == "/home/ana/.local/state/hanjul")
        #expect(try AppPaths(environment: ["HOME": "/home/ana"]).stateFile("quarantine") == "/home/ana/.local/state/hanjul/quarantine")
    }
}
