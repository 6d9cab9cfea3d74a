// The platform's C library, chosen here once and imported by HanJulSystem's files only, as
// `internal import`: it is not re-exported and no C type is in HanJulSystem's interface, so
// every other target reaches the system through HanJulSystem's typed functions
// (PackageManifestTests), and a port touches this folder, not forty call sites. Each file of
// the folder imports it itself (an import is per file); this one says which platforms there are.
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#else
#error("HanJulSystem: unsupported platform (needs Glibc, Musl or Darwin)")
#endif

// The C library's calls whose names HanJulSystem's own types also use (`FileDescriptor.open`,
// `Socket.listen`…), bound here at file scope where only the C ones are in sight.
func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
func systemClose(_ fd: Int32) -> Int32 { close(fd) }
func systemPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { pipe(ends) }
func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?) -> Int32 {
    accept(fd, address, length)
}
func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 { connect(fd, address, length) }
func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int { send(fd, buffer, count, flags) }
func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
func systemExit(_ status: Int32) -> Never { exit(status) }
func systemAbort() -> Never { abort() }
