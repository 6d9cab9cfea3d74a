extension Program {
    /// The manual page, in roff (`man -l` renders it): NAME, SYNOPSIS, DESCRIPTION, one
    /// subsection per command with its options, the program's options, then the sections
    /// (exit status, environment, files, …). Section 6: games.
    public var manPage: String {
        var out: [String] = []
        out.append(".\\\" The manual of \(name), made by '\(name) help --man' from the command declarations; do not edit.")
        // The date as written (YYYY-MM-DD: its hyphens are hyphens, not \- minus signs).
        let date = self.date.filter { $0.isASCII && ($0.isNumber || $0 == "-") }
        out.append(".TH \(Roff.escape(name.uppercased())) 6 \"\(date)\" \"\(Roff.escape(name)) \(Roff.escape(version))\" \"Games\"")
        // Left-aligned, no hyphenation: option names and paths must read as typed.
        out.append(".nh")
        out.append(".ad l")
        out.append(".SH NAME")
        out.append("\(Roff.escape(name)) \\- \(Roff.escape(summary))")
        out.append(".SH SYNOPSIS")
        out += Roff.usage(commands.filter(\.listed).flatMap { $0.usageLines(program: name) })
        out.append(".SH DESCRIPTION")
        for paragraph in description { out += Roff.paragraph(paragraph) }
        out.append(".SH COMMANDS")
        for command in commands where command.listed {
            out.append(".SS \"\(Roff.escape(name)) \(Roff.escape(command.name))\"")
            out += Roff.usage(command.usageLines(program: name))
            out += Roff.paragraph(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".")
            for paragraph in command.discussion { out += Roff.paragraph(paragraph) }
            for operand in command.operands {
                out.append(".TP")
                out.append("\\fI\(Roff.escape(operand.label))\\fR")
                out.append(Roff.escape(operand.help + Self.streamNote(operand.kind, help: operand.help)))
            }
            for option in command.options { out += Roff.option(option) }
            let renamed = command.options.flatMap { option in option.formerly.map { ($0, option) } }
            if !renamed.isEmpty {
                out += Roff.paragraph("Old spellings still accepted (with a note): "
                                      + renamed.map { "\($0.0) for \($0.1.name)" }.joined(separator: ", ") + ".")
            }
        }
        out.append(".SH OPTIONS")
        out += Roff.paragraph("Every command takes -h or --help (its usage and options). "
                              + "'--' ends the options: every word after it is an argument. "
                              + "The word after an option that takes a value is always that value; "
                              + "write --name=VALUE for a value that starts with a dash.")
        for option in options { out += Roff.option(option) }
        for section in sections {
            out.append(".SH \(Roff.escape(section.title.uppercased()))")
            if section.isList {
                for paragraph in section.paragraphs {
                    let (term, definition) = Self.term(paragraph)
                    out.append(".TP")
                    out.append("\\fB\(Roff.escape(term))\\fR")
                    out.append(Roff.escape(definition))
                }
            } else {
                for paragraph in section.paragraphs { out += Roff.paragraph(paragraph) }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}

/// Roff text: escapes, paragraphs, option items.
enum Roff {
    /// Text safe in a roff line: backslashes escaped, hyphens as `\-` (so options copy
    /// and paste as typed), characters beyond ASCII as `\[uXXXX]` (so the page renders the
    /// same without a UTF-8 preprocessor), a leading `.` or `'` made literal.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// Usage lines, each a line of its own, wrapped with a hanging indent.
    static func usage(_ lines: [String]) -> [String] {
        var out = [".PP", ".in +8n"]
        for line in lines { out += [".ti -8n", escape(line), ".br"] }
        return out + [".in -8n"]
    }

    static func paragraph(_ text: String) -> [String] {
        if TextLayout.isVerbatim(text) {
            return [".PP", ".nf"] + text.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) } + [".fi"]
        }
        return [".PP", escape(text.split(whereSeparator: { $0 == "\n" }).joined(separator: " "))]
    }

    static func option(_ option: Option) -> [String] {
        var term = option.short.map { "\\fB\\-\(escape(String($0)))\\fR, " } ?? ""
        term += "\\fB\(escape(option.name))\\fR"
        if let placeholder = option.placeholder { term += " \\fI\(escape(placeholder))\\fR" }
        if option.repeatable { term += " \\&..." }
        return [".TP", term, escape(option.help + Program.streamNote(option.kind, help: option.help))]
    }
}
