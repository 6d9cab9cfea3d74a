import HanJulSystem
import HanJulCommandLine
import HanJulCommands
import HanJulFiles
import HanJulTerminal

// The executable only starts the process: the commands are the HanJulCommands library.
HangGuard.readTestSwitches()
// The locale is read once, before any thread starts (setlocale is not thread-safe).
_ = LocaleCharset.isUTF8
// argv's bytes, not `CommandLine.arguments`, which decodes them lossily (H-5).
let arguments = (0..<Int(CommandLine.argc)).dropFirst().compactMap { CommandLine.unsafeArgv[$0].map { PathBytes(cString: $0) } }
SystemProcess.exit(StandardOutput.finish(CommandLineTool.run(argv: arguments)).code)
