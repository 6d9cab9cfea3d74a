import HanJulSystem

/// The player's own config files (`keys.conf`, `settings.conf`), which dotfile managers
/// (stow, chezmoi, home-manager) make symbolic links into a repository.
///
/// A link to a regular file the user owns is read and written through: the link stays,
/// and its target is replaced atomically (``AtomicFile`` in the target's folder). A link
/// to anything else (a folder, a device, a missing file, another user's file) is refused
/// with one reason naming both. Score and replay files keep refusing links (``SafeFile``).
/// RELIABILITY R-7.
///
/// ```swift
/// // ~/.config/hanjul/keys.conf -> ~/dotfiles/hanjul/keys.conf
/// let bytes = try ConfigFile.read(path, maxBytes: 64 << 10)   // the dotfile's bytes
/// try ConfigFile.write(edited, to: path)                       // the dotfile replaced, the link kept
/// ```
public enum ConfigFile {
    /// The file to read and write for `path`: `path` itself when it is not a symbolic link
    /// (or does not exist), else the real path of the regular file the link leads to.
    ///
    /// - Throws: ``FileError`` of kind ``FileError/Kind/linkTarget(_:)`` for a link that
    ///   does not lead to a regular file of the user's.
    public static func target(of path: String, user: UInt32 = FileSystem.effectiveUser) throws(FileError) -> String {
        guard let info = try Syscall.lstatIfPresent(path), info.kind == .symbolicLink else { return path }
        func refuse(_ why: String) -> FileError { FileError(path: path, operation: .open, kind: .linkTarget(why)) }
        let bytes: PathBytes
        do throws(Errno) {
            bytes = PathBytes(bytes: try FileSystem.realPath(path))
        } catch {
            let code = error.rawValue
            throw refuse(error == .noSuchFileOrDirectory ? "it is a symbolic link to a file that does not exist"
                                        : "it is a symbolic link that cannot be followed: \(FileError.systemText(code)) (\(FileError.errnoName(code)))")
        }
        // The target's own bytes (H-5): a name that is not UTF-8 could not be named exactly again.
        guard let target = bytes.text else { throw refuse("it is a symbolic link to \(bytes.shown), a name that is not UTF-8") }
        guard let found = try Syscall.lstatIfPresent(target) else { throw refuse("it is a symbolic link to \(target), which does not exist") }
        guard found.kind == .regular else { throw refuse("it is a symbolic link to \(target), which is not a regular file") }
        guard found.owner == user else {
            throw refuse("it is a symbolic link to \(target), which belongs to user \(found.owner), not to you")
        }
        return target
    }

    /// The file's bytes, through a link to a regular file of the user's (``target(of:user:)``),
    /// with ``SafeFile``'s checks on what is read.
    ///
    /// - Throws: ``FileError``; `.missing` when there is no file (nor link) at `path`.
    public static func read(_ path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
        try SafeFile.read(try target(of: path), maxBytes: maxBytes)
    }

    /// Replaces the file at `path` (the target of its link, the link kept), atomically,
    /// keeping the permissions of the file replaced (`mode` for a new one).
    public static func write(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o600) throws(FileError) {
        let target = try target(of: path)
        var kept = mode
        if let info = try Syscall.lstatIfPresent(target), info.kind == .regular { kept = info.permissions }
        try AtomicFile.write(bytes, to: target, mode: kept)
    }
}
