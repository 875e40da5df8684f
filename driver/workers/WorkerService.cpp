//===--- WorkerService.cpp - a worker's side of the pool ------------------===//

#include "workers/WorkerService.h"
#include "results/ResultsEncoding.h"
#include "workers/WorkerChannel.h"
#include "workers/WorkerFiles.h"
#include "workers/WorkerSandbox.h"

using namespace llvm;

namespace locklint {
namespace {

/// The unit the driver wrote at \p Offset of this worker's units, and where
/// the next one will start.
Expected<std::pair<WorkerUnit, uint64_t>> readUnitAt(int Units, uint64_t Offset) {
  auto Text = readAllFrom(Units, /*MaxBytes=*/64u << 20, Offset);
  if (!Text)
    return Text.takeError();
  std::vector<StringRef> Records = wholeRecords(*Text);
  if (Records.empty())
    return createStringError(inconvertibleErrorCode(), "the worker's unit is cut short");
  auto Unit = parseUnit(Records.front());
  if (!Unit)
    return Unit.takeError();
  return std::make_pair(std::move(*Unit),
                        Offset + static_cast<uint64_t>(Records.front().end() - Text->data()));
}

} // namespace

Error serveDriver(const WorkerEnds &Ends,
                  function_ref<AnalysisResults(const WorkerUnit &)> Analyze) {
  // From here on the worker reads the repository's code: it gives up
  // running programs and writing files first.
  confineWorker();
  uint64_t UnitsRead = 0, Written = 0;
  for (;;) {
    Expected<bool> More = awaitUnit(Ends.Channel);
    if (!More)
      return More.takeError();
    if (!*More)
      return Error::success();
    auto Unit = readUnitAt(Ends.Units, UnitsRead);
    if (!Unit)
      return Unit.takeError();
    UnitsRead = Unit->second;
    std::string Record = recordOf(encodeResults(Analyze(Unit->first)));
    if (Error Err = writeAllAt(Ends.Results, Record, Written))
      return Err;
    Written += Record.size();
    if (Error Err = sayUnitDone(Ends.Channel))
      return Err;
    if (Unit->first.Last)
      return Error::success();
  }
}

} // namespace locklint
