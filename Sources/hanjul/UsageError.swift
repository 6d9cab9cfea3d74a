/// A command line that cannot be run, with a one-line reason.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
