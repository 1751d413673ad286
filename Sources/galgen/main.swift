import GalgenCLI
#if canImport(Glibc)
import Glibc
#endif

exit(await GalgenCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
