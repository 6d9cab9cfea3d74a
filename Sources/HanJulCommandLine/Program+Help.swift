extension Program {
    /// `hanjul CMD --help`: the usage lines, the summary, the discussion, the operands and
    /// every option with its help, and the old spellings still accepted.
    public func help(for command: Command) -> String {
        var lines: [String] = []
        for (i, usage) in command.usageLines(program: name).enumerated() {
            lines += TextLayout.wrap(usage, indent: String(repeating: " ", count: 9 + command.name.count + name.count),
                                     firstIndent: i == 0 ? "usage: " : "       ")
        }
        lines.append("")
        lines += TextLayout.wrap(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".")
        for paragraph in command.discussion {
            lines.append("")
            lines += TextLayout.paragraph(paragraph)
        }
        if !command.operands.isEmpty {
            lines.append("")
            lines.append("arguments:")
            lines += TextLayout.table(command.operands.map { ($0.name, $0.help + Self.streamNote($0.kind, help: $0.help)) })
        }
        lines.append("")
        lines.append("options:")
        lines += TextLayout.table(command.allOptions.map { ($0.label + ($0.repeatable ? "..." : ""), $0.help + Self.streamNote($0.kind, help: $0.help)) })
        let renamed = command.allOptions.flatMap { option in option.formerly.map { ($0, option) } }
        if !renamed.isEmpty {
            lines.append("")
            lines += TextLayout.wrap("Old spellings still accepted (with a note): "
                                     + renamed.map { "\($0.0) for \($0.1.name)" }.joined(separator: ", ") + ".")
        }
        lines.append("")
        lines += TextLayout.wrap("'--' ends the options: every word after it is an argument. "
                                 + "See '\(name) help' for every command, 'man \(name)' for the manual "
                                 + "(before it is installed: '\(name) help --man | man -l -').")
        return lines.joined(separator: "\n")
    }

    /// `hanjul help`: every listed command with its usage and summary, the program's own
    /// options, and the sections marked for the usage.
    public var usage: String {
        var lines: [String] = []
        lines.append("\(title): \(summary).")
        for paragraph in description {
            lines.append("")
            lines += TextLayout.paragraph(paragraph)
        }
        lines.append("")
        lines.append("usage:")
        for command in commands where command.listed {
            for usage in command.usageLines(program: name) {
                lines += TextLayout.wrap(usage, indent: "        ", firstIndent: "  ")
            }
            lines += TextLayout.wrap(command.summary, indent: "        ", firstIndent: "        ")
        }
        lines.append("")
        lines.append("options:")
        lines += TextLayout.table((options + [.help]).map { ($0.label, $0.help) })
        for section in sections where section.inUsage {
            lines.append("")
            lines.append(section.title.lowercased() + ":")
            if section.isList {
                lines += TextLayout.table(section.paragraphs.map(Self.term))
            } else {
                for (i, paragraph) in section.paragraphs.enumerated() {
                    if i > 0 { lines.append("") }
                    lines += TextLayout.paragraph(paragraph, indent: "  ")
                }
            }
        }
        lines.append("")
        lines += TextLayout.wrap("'\(name) CMD --help' (or '\(name) help CMD') shows one command in full; 'man \(name)' is the "
                                 + "manual (before it is installed: '\(name) help --man | man -l -').")
        return lines.joined(separator: "\n")
    }

    /// `(- for standard input)` after the help of a value that may be a stream.
    static func streamNote(_ kind: ValueKind, help: String = "") -> String {
        if help.contains("'-'") { return "" }
        return switch kind {
        case .input: " ('-' for standard input)"
        case .output: " ('-' for standard output)"
        default: ""
        }
    }

    /// `TERM: definition` split at the first `: `.
    static func term(_ paragraph: String) -> (term: String, definition: String) {
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            let next = paragraph.index(after: index)
            if paragraph[index] == ":", next < paragraph.endIndex, paragraph[next] == " " {
                return (String(paragraph[..<index]), String(paragraph[paragraph.index(after: next)...]))
            }
            index = next
        }
        return (paragraph, "")
    }
}
