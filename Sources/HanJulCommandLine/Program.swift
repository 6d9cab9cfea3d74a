/// The whole command line of a program: its commands and the sections the top-level usage
/// and the man page end with (exit status, environment, files).
public struct Program: Sendable {
    /// A titled part of the top-level usage and the man page.
    public struct Section: Sendable {
        /// `EXIT STATUS`, `ENVIRONMENT`, `FILES`: the man page's heading (help shows it in
        /// lower case).
        public let title: String
        /// Paragraphs, as in ``Command/discussion``; a paragraph `TERM: text` in a section
        /// marked ``isList`` is an item (`NO_COLOR: monochrome`).
        public let paragraphs: [String]
        /// Whether each paragraph is `term: definition` (shown as a list).
        public let isList: Bool
        /// Whether the top-level usage shows it (the man page shows every section).
        public let inUsage: Bool

        public init(_ title: String, paragraphs: [String], isList: Bool = false, inUsage: Bool = true) {
            self.title = title
            self.paragraphs = paragraphs
            self.isList = isList
            self.inUsage = inUsage
        }
    }

    /// `hanjul`.
    public let name: String
    /// How the program writes its own name in prose: `HanJul`.
    public let title: String
    /// The one-line description (the man page's NAME line).
    public let summary: String
    /// Paragraphs after the summary in the usage and the man page's DESCRIPTION.
    public let description: [String]
    public let commands: [Command]
    /// The command run with no command word (`hanjul` alone, or `hanjul --mod zen`).
    public let defaultCommand: String
    /// Options of the program itself (`--version`), listed with the usage.
    public let options: [Option]
    public let sections: [Section]
    /// The version shown in the man page's footer.
    public let version: String
    /// The release's date, `YYYY-MM-DD`, in the man page's footer (never the build's time:
    /// the same sources make the same page).
    public let date: String

    public init(name: String, title: String, summary: String, description: [String], commands: [Command], defaultCommand: String,
                options: [Option], sections: [Section], version: String, date: String = "") {
        self.name = name
        self.title = title
        self.summary = summary
        self.description = description
        self.commands = commands
        self.defaultCommand = defaultCommand
        self.options = options
        self.sections = sections
        self.version = version
        self.date = date
        precondition(commands.contains { $0.name == defaultCommand }, "the default command \(defaultCommand) is not declared")
    }

    /// The command named `name`.
    public func command(_ name: String) -> Command? { commands.first { $0.name == name } }

    /// The listed commands' names, for suggestions and completion.
    public var commandNames: [String] { commands.filter(\.listed).map(\.name) }
}
