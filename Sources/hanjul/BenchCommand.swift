enum BenchCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus { .success }
}
