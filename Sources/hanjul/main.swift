import Glibc

// The command line: thin commands over the engine. Each command parses its arguments,
// builds rules, drives the engine and formats output.
HangGuard.readTestSwitches()
let arguments = Array(CommandLine.arguments.dropFirst())
exit(StandardOutput.finish(CommandLineTool.run(arguments)).code)
