import Glibc
import HanJulTerminal

// The command line: thin commands over the engine. Each command parses its arguments,
// builds rules, drives the engine and formats output.
HangGuard.readTestSwitches()
// The locale is read once, before any thread starts (setlocale is not thread-safe).
_ = LocaleCharset.isUTF8
let arguments = Array(CommandLine.arguments.dropFirst())
exit(StandardOutput.finish(CommandLineTool.run(arguments)).code)
