import Testing
@testable import HanJulCore

/// Clockwise rotation with the six kick offsets of RULES.md, tried in order.
@Suite struct RotationTests {
    @Test func rotatesInPlaceWithKickZero() throws {
        var game = try makeGame(piece: .standard("T", x: 3, y: 5))
        game.play("C")
        #expect(game.state.piece == .standard("T", rotation: 1, x: 3, y: 5))
        #expect(game.state.events == [.rotated(.standard("T", rotation: 1, x: 3, y: 5), kick: 0)])
        game.play("CCC")
        #expect(game.state.piece.rotation == 0, "four turns come back to rotation 0")
    }

    @Test func kickOneLeftOffTheRightWall() throws {
        // Vertical I in column 9: lying flat needs columns 7…10, so it kicks one left.
        var game = try makeGame(piece: .standard("I", rotation: 1, x: 7, y: 5))
        game.play("C")
        #expect(game.state.piece == .standard("I", rotation: 2, x: 6, y: 5))
        #expect(game.state.events == [.rotated(game.state.piece, kick: 1)])
    }

    @Test func kickOneRightOffTheLeftWall() throws {
        // Vertical I (rotation 3) in column 0: flat at x −1 and −2 do not fit; +1 does.
        var game = try makeGame(piece: .standard("I", rotation: 3, x: -1, y: 5))
        game.play("C")
        #expect(game.state.piece == .standard("I", rotation: 0, x: 0, y: 5))
        #expect(game.state.events == [.rotated(game.state.piece, kick: 2)])
    }

    @Test func kickTwoLeft() throws {
        // Vertical I (rotation 3) in column 9: flat needs x ≤ 6, two to the left.
        var game = try makeGame(piece: .standard("I", rotation: 3, x: 8, y: 5))
        game.play("C")
        #expect(game.state.piece == .standard("I", rotation: 0, x: 6, y: 5))
        #expect(game.state.events == [.rotated(game.state.piece, kick: 3)])
    }

    @Test func kickTwoRight() throws {
        // Vertical I (rotation 1) in column 0: flat needs x ≥ 0, two to the right.
        var game = try makeGame(piece: .standard("I", rotation: 1, x: -2, y: 5))
        game.play("C")
        #expect(game.state.piece == .standard("I", rotation: 2, x: 0, y: 5))
        #expect(game.state.events == [.rotated(game.state.piece, kick: 4)])
    }

    @Test func kickOneRowUpOnTheFloor() throws {
        // T flat on the floor: standing it up needs a row below the floor, so it moves up.
        var game = try makeGame(piece: .standard("T", x: 3, y: 18))
        game.play("C")
        #expect(game.state.piece == .standard("T", rotation: 1, x: 3, y: 17))
        #expect(game.state.events == [.rotated(game.state.piece, kick: 5)])
    }

    @Test func kickAgainstTheStack() throws {
        // The stack beside the T blocks the turn in place; one column left is free.
        var game = try makeGame("""
            ..........
            .....Z....
            .....Z....
            ..........
            """, piece: .standard("T", x: 3, y: 16))
        game.play("C")
        #expect(game.state.piece == .standard("T", rotation: 1, x: 2, y: 16))
        #expect(game.state.events == [.rotated(game.state.piece, kick: 1)])
    }

    @Test func rotationThatFitsNowhereDoesNothing() throws {
        // T on the floor under a ledge: no offset fits, so nothing happens.
        var game = try makeGame("""
            OOOOOOOOO.
            ..........
            ..........
            """, piece: .standard("T", x: 3, y: 18))
        game.play("C")
        #expect(game.state.piece == .standard("T", x: 3, y: 18))
        #expect(game.state.events.isEmpty)
    }

    @Test func cellsAboveTheTopFit() throws {
        // Spawned at y 0, an I rotated to vertical at the top keeps its cells on the board;
        // a kick up puts a cell above the top, which is allowed.
        var game = try makeGame(piece: .standard("T", rotation: 0, x: 3, y: 0))
        game.withState { $0.piece = .standard("T", rotation: 0, x: 3, y: -1) }
        #expect(game.state.fits(.standard("T", rotation: 0, x: 3, y: -1)))
        #expect(!game.state.fits(.standard("T", rotation: 0, x: -1, y: -1)), "walls still count above the top")
    }
}
