/// The shells ``Program/completion(for:)`` writes a completion script for.
public enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}

extension Program {
    /// A completion script for `shell`, made from the declarations: commands, each command's
    /// options, and values by kind (mod ids from `NAME mods --ids`, honouring any
    /// `--mods-dir` on the line; files; folders; fixed words).
    public func completion(for shell: Shell) -> String {
        switch shell {
        case .bash: bashCompletion
        case .zsh: zshCompletion
        case .fish: fishCompletion
        }
    }

    /// The command a completion is for when the first word is an option (`hanjul --mod zen`).
    private var playOptions: [Option] { (command(defaultCommand)?.allOptions ?? []) + options }

    private var function: String { "_" + name.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined() }

    // MARK: bash

    private var bashCompletion: String {
        let f = function
        var out = """
            # bash completion for \(name), made by '\(name) completions bash' from its command
            # declarations; do not edit. Completes commands, options, mod ids, files and folders.

            \(f)_mods() {
                local dirs=() i
                for ((i = 1; i < ${#COMP_WORDS[@]}; i++)); do
                    case ${COMP_WORDS[i]} in
                        --mods-dir) dirs+=(--mods-dir "${COMP_WORDS[i+1]}") ;;
                        --mods-dir=*) dirs+=("${COMP_WORDS[i]}") ;;
                    esac
                done
                "${COMP_WORDS[0]}" mods --ids "${dirs[@]}" 2>/dev/null
            }

            # \(f)_value KIND: completes the current word as a value of that kind.
            \(f)_value() {
                case $1 in
                    mod) COMPREPLY=($(compgen -W "$(\(f)_mods)" -- "$cur")) ;;
                    file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
                    folder) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
                    command) COMPREPLY=($(compgen -W "\(commandNames.joined(separator: " "))" -- "$cur")) ;;
                    none) COMPREPLY=() ;;
                    *) COMPREPLY=($(compgen -W "$1" -- "$cur")) ;;
                esac
            }

            \(f)() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cword=$COMP_CWORD
                if [[ $cur == = ]]; then cur=; prev=${COMP_WORDS[COMP_CWORD-1]}
                elif [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi
                local cmd=\(defaultCommand) i ended=
                if [[ ${COMP_WORDS[1]} != -* ]] && ((cword > 1)); then cmd=${COMP_WORDS[1]}; fi
                if ((cword == 1)) && [[ $cur != -* ]]; then \(f)_value command; return; fi
                for ((i = 1; i < cword; i++)); do [[ ${COMP_WORDS[i]} == -- ]] && ended=1; done
                local opts kind operand
                case $cmd in

            """
        for command in commands {
            let all = command.allOptions + (command.name == defaultCommand ? options : [])
            let spellings = all.flatMap { [$0.name] + ($0.short.map { ["-\($0)"] } ?? []) }
            out += "        \(command.name))\n"
            out += "            opts=\"\(spellings.joined(separator: " "))\"\n"
            out += "            operand=\(Self.bashKind(command.operands.first?.kind))\n"
            let valued = all.filter(\.takesValue)
            if !valued.isEmpty {
                out += "            case $prev in\n"
                for option in valued {
                    let names = ([option.name] + option.formerly + (option.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
                    out += "                \(names)) kind=\(Self.bashKind(option.kind)) ;;\n"
                }
                out += "            esac\n"
            }
            out += "            ;;\n"
        }
        out += """
                    *) return ;;
                esac
                if [[ -z $ended && -n $kind ]]; then \(f)_value "$kind"; return; fi
                if [[ -z $ended && $cur == -* ]]; then COMPREPLY=($(compgen -W "$opts" -- "$cur")); return; fi
                if [[ -n $operand ]]; then \(f)_value "$operand"; fi
            }
            complete -F \(f) \(name)

            """
        return out
    }

    private static func bashKind(_ kind: ValueKind?) -> String {
        switch kind {
        case nil: "none"
        case .text?: "none"
        case .choice(let words)?: "'\(words.joined(separator: " "))'"
        case .input?, .output?, .path?: "file"
        case .folder?: "folder"
        case .mod?: "mod"
        case .command?: "command"
        }
    }

    // MARK: zsh

    private var zshCompletion: String {
        let f = function
        var out = """
            #compdef \(name)
            # zsh completion for \(name), made by '\(name) completions zsh' from its command
            # declarations; do not edit.

            \(f)_mods() {
                local -a ids dirs
                local i
                for ((i = 2; i <= $#words; i++)); do
                    [[ $words[i] == --mods-dir ]] && dirs+=(--mods-dir "$words[i+1]")
                    [[ $words[i] == --mods-dir=* ]] && dirs+=("$words[i]")
                done
                ids=(${(f)"$($\(f)_program mods --ids $dirs 2>/dev/null)"})
                _describe -t mods 'mod' ids
            }

            \(f)() {
                # The program as typed, for \(f)_mods (called by _arguments after words shift).
                local \(f)_program=$words[1]
                local -a commands
                commands=(

            """
        for command in commands where command.listed {
            out += "        \(Self.zshQuote("\(command.name):\(command.summary)"))\n"
        }
        out += """
                )
                if ((CURRENT == 2)) && [[ $words[2] != -* ]]; then
                    _describe -t commands 'command' commands
                    return
                fi
                local cmd=\(defaultCommand)
                if [[ $words[2] != -* ]]; then
                    cmd=$words[2]
                    shift words
                    ((CURRENT--))
                fi
                case $cmd in

            """
        for command in commands {
            let all = command.allOptions + (command.name == defaultCommand ? options : [])
            out += "        \(command.name))\n            _arguments -s -S \\\n"
            for option in all {
                out += "                \(Self.zshQuote(zshSpec(option))) \\\n"
                if let short = option.short {
                    out += "                \(Self.zshQuote(zshSpec(option, spelling: "-\(short)"))) \\\n"
                }
            }
            for operand in command.operands {
                let star = operand.count == .oneOrMore || operand.count == .any ? "*" : ""
                out += "                \(Self.zshQuote("\(star):\(operand.name.lowercased()):\(zshAction(operand.kind))")) \\\n"
            }
            out += "                && return 0\n            ;;\n"
        }
        out += """
                esac
            }

            \(f) "$@"

            """
        return out
    }

    private func zshSpec(_ option: Option, spelling: String? = nil) -> String {
        let name = spelling ?? option.name
        let help = Self.firstSentence(option.help).replacingAll(["[": "(", "]": ")", ":": ","])
        let star = option.repeatable ? "*" : ""
        guard let placeholder = option.placeholder else { return "\(star)\(name)[\(help)]" }
        let equals = name.hasPrefix("--") ? "=" : ""
        return "\(star)\(name)\(equals)[\(help)]:\(placeholder.replacingAll([":": ","])):\(zshAction(option.kind))"
    }

    private func zshAction(_ kind: ValueKind) -> String {
        switch kind {
        case .text: " "
        case .choice(let words): "(\(words.joined(separator: " ")))"
        case .input, .output, .path: "_files"
        case .folder: "_files -/"
        case .mod: "\(function)_mods"
        case .command: "(\(commandNames.joined(separator: " ")))"
        }
    }

    private static func zshQuote(_ text: String) -> String {
        "'" + text.replacingAll(["'": "'\\''"]) + "'"
    }

    // MARK: fish

    private var fishCompletion: String {
        let f = "__" + function.dropFirst()
        var out = """
            # fish completion for \(name), made by '\(name) completions fish' from its command
            # declarations; do not edit.

            function \(f)_command
                set -l words (commandline -opc)
                if test (count $words) -ge 2; and not string match -q -- '-*' $words[2]
                    echo $words[2]
                else
                    echo \(defaultCommand)
                end
            end

            function \(f)_using
                test (\(f)_command) = $argv[1]
            end

            function \(f)_mods
                set -l words (commandline -opc)
                set -l dirs
                for i in (seq 2 (count $words))
                    if test $words[$i] = --mods-dir; and test $i -lt (count $words)
                        set dirs $dirs --mods-dir $words[(math $i + 1)]
                    end
                end
                $words[1] mods --ids $dirs 2>/dev/null
            end

            complete -c \(name) -f

            """
        for command in commands where command.listed {
            out += "complete -c \(name) -n 'test (count (commandline -opc)) -eq 1' -a \(command.name) -d \(Self.fishQuote(command.summary))\n"
        }
        for command in commands {
            let all = command.allOptions + (command.name == defaultCommand ? options : [])
            let condition = Self.fishQuote("\(f)_using \(command.name)")
            for option in all {
                var line = "complete -c \(name) -n \(condition) -l \(option.name.dropFirst(2))"
                if let short = option.short { line += " -s \(short)" }
                if option.takesValue {
                    switch option.kind {
                    case .input, .output, .path, .folder: line += " -r -F"
                    case .text: line += " -x"
                    case .choice(let words): line += " -x -a \(Self.fishQuote(words.joined(separator: " ")))"
                    case .mod: line += " -x -a '(\(f)_mods)'"
                    case .command: line += " -x -a \(Self.fishQuote(commandNames.joined(separator: " ")))"
                    }
                }
                out += line + " -d \(Self.fishQuote(Self.firstSentence(option.help)))\n"
            }
            if let operand = command.operands.first {
                let operandCondition = Self.fishQuote("\(f)_using \(command.name); and test (count (commandline -opc)) -ge 2")
                switch operand.kind {
                case .input, .output, .path, .folder: out += "complete -c \(name) -n \(operandCondition) -F\n"
                case .mod: out += "complete -c \(name) -n \(operandCondition) -a '(\(f)_mods)'\n"
                case .choice(let words): out += "complete -c \(name) -n \(operandCondition) -a \(Self.fishQuote(words.joined(separator: " ")))\n"
                case .command: out += "complete -c \(name) -n \(operandCondition) -a \(Self.fishQuote(commandNames.joined(separator: " ")))\n"
                case .text: break
                }
            }
        }
        return out
    }

    private static func fishQuote(_ text: String) -> String {
        "'" + text.replacingAll(["\\": "\\\\", "'": "\\'"]) + "'"
    }

    /// The help's first sentence (up to `. ` or `; ` outside parentheses), for one-line
    /// descriptions.
    static func firstSentence(_ text: String) -> String {
        var out = ""
        var previous: Character = " "
        var depth = 0
        for character in text {
            if depth == 0 && (previous == "." || previous == ";") && character == " " {
                out.removeLast()
                break
            }
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
            out.append(character)
            previous = character
        }
        return out.split(separator: "\n").joined(separator: " ")
    }
}

extension String {
    /// Each character that is a key of `table` replaced by its value.
    func replacingAll(_ table: [Character: String]) -> String {
        var out = ""
        for character in self {
            if let replacement = table[character] { out += replacement } else { out.append(character) }
        }
        return out
    }
}
