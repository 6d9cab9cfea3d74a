// The platform's C library, chosen here once: every other target imports HanJulSystem
// (not Glibc or Darwin) and gets these declarations through it, so a port touches this
// file and the wrappers beside it, not forty call sites.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("HanJulSystem: unsupported platform (needs Glibc, Musl or Darwin)")
#endif
