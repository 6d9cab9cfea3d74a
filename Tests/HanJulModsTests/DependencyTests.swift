@testable import HanJulMods
import Testing

/// Declared dependencies (#22 item 3): `requires` (with an optional version range) and
/// `after`; a missing or misordered one is a load error naming both mods and the fix.
@Suite struct DependencyTests {
    let fx = ModFixtures()

    func write(_ id: String, _ body: String, version: String = "0.1.0") {
        fx.write(id, ModFixtures.source(id: id, body).replacingOccurrences(of: "version = \"0.1.0\"", with: "version = \"\(version)\""))
    }

    func loadError(_ ids: String...) -> String? {
        do {
            _ = try fx.catalog.rules(ids)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("a required mod that is not loaded: the error names both and says how to load them")
    func missing() {
        write("garbage", "", version: "1.0.0")
        write("bonus", #"requires = { "garbage" },"#)
        #expect(loadError("bonus") == "mod 'bonus' requires mod 'garbage', which is not loaded: play --mod garbage --mod bonus (or check it with hanjul check bonus --with garbage)")
        #expect(loadError("garbage", "bonus") == nil)
    }

    @Test("a required mod loaded after the mod that needs it: misordered")
    func misordered() {
        write("garbage", "")
        write("bonus", #"requires = { "garbage" },"#)
        #expect(loadError("bonus", "garbage") == "mod 'bonus' requires mod 'garbage' before it, but 'garbage' comes after it: give --mod garbage --mod bonus")
    }

    @Test("a version range: met, not met, and a version that is not dotted numbers")
    func versions() {
        write("garbage", "", version: "1.4.0")
        write("needs2", #"requires = { { "garbage", ">=2.0" } },"#)
        write("needs1", #"requires = { { "garbage", ">=1.2 <2" } },"#)
        #expect(loadError("garbage", "needs1") == nil)
        #expect(loadError("garbage", "needs2") == "mod 'needs2' requires mod 'garbage' at >=2.0, but 'garbage' is version 1.4.0: use a version of 'garbage' in that range")
        write("odd", "", version: "beta")
        write("needsodd", #"requires = { { "odd", "1" } },"#)
        #expect(loadError("odd", "needsodd")?.contains("has version 'beta', not dotted numbers") == true)
    }

    @Test("after: no need to be loaded, but when it is, it comes first")
    func after() {
        write("garbage", "")
        write("late", #"after = { "garbage" },"#)
        #expect(loadError("late") == nil)
        #expect(loadError("garbage", "late") == nil)
        #expect(loadError("late", "garbage") == "mod 'late' must come after mod 'garbage' (its after = { \"garbage\" }), but 'garbage' comes after it: give --mod garbage --mod late")
    }

    @Test("malformed declarations are manifest errors")
    func malformed() {
        for (body, message) in [
            (#"requires = "garbage","#, "requires must be a list of mod ids"),
            (#"requires = { { "garbage", "~>1" } },"#, "requires[1]: the range of 'garbage': '~>1' is not a comparison like >=1.0"),
            (#"requires = { "Garbage!" },"#, "requires[1]: 'Garbage!' is not a mod id"),
            (#"requires = { "bad" },"#, "requires[1]: a mod cannot name itself"),
            (#"after = { 3 },"#, "after[1] must be a mod id (a string)"),
        ] {
            write("bad", body)
            #expect(loadError("bad")?.contains(message) == true, "\(body): \(loadError("bad") ?? "loaded")")
        }
    }

    @Test("VersionRange: comparisons all of which hold, missing numbers counting as 0")
    func ranges() throws {
        let range = try VersionRange.parse(">=1.2 <2").get()
        #expect(range.text == ">=1.2 <2")
        #expect(["1.2", "1.2.0", "1.9.9"].map { range.contains($0) } == [true, true, true])
        #expect(["1.1.9", "2", "2.0.1"].map { range.contains($0) } == [false, false, false])
        #expect(try VersionRange.parse("1.0").get().contains("1.0.0") == true)
        #expect(try VersionRange.parse(">1").get().contains("1.0.0") == false)
        #expect(try VersionRange.parse("<=1.0, >0.5").get().contains("0.7") == true)
        #expect(range.contains("1.x") == nil)
        #expect((try? VersionRange.parse("").get()) == nil)
        #expect((try? VersionRange.parse(">=").get()) == nil)
    }

    @Test("hanjul mods lists a mod that requires another: it reads the manifest alone")
    func listing() {
        write("bonus", #"requires = { { "garbage", ">=1.0" } },"#)
        let entry = fx.catalog.listing().first { $0.id == "bonus" }
        #expect(entry?.error == nil)
        #expect(entry?.manifest?.requires.map(\.description) == ["garbage >=1.0"])
    }
}
