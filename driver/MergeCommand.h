//===--- MergeCommand.h - `locklint merge` ----------------------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_MERGECOMMAND_H
#define LOCKLINT_DRIVER_MERGECOMMAND_H

namespace locklint {

/// `locklint merge <log.sarif>... -o <merged.sarif>`: one log from the logs
/// of shards (mergeSarifLogs); returns the exit code.
int runMerge(int Argc, const char **Argv);

} // namespace locklint

#endif
