//===--- WorkerChannel.h - the driver and a worker take turns --*- C++ -*-===//
//
// A worker stays alive while the driver has units for it: in a whole-project
// run a unit is ready only once the units it calls are read, so the next
// unit is often known only after the last one is done. Each worker has a
// socket pair with the driver. The driver writes a unit's record to the
// worker's commands file and then sends one byte; the worker sends one byte
// back when the unit's results are written. Closing the driver's side means
// no more units; the worker's side closes when it ends, however it ends.
// The payloads stay in the unnamed files, so the socket never fills.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_WORKERCHANNEL_H
#define LOCKLINT_DRIVER_WORKERCHANNEL_H

#include "llvm/Support/Error.h"
#include <cstddef>
#include <string>

namespace locklint {

/// The driver's side of one worker's socket pair. Neither end is inherited
/// by a program this process starts unless shareWorkerEnd says so.
class WorkerChannel {
public:
  /// Makes one; on failure the result is not valid() and error() says why.
  static WorkerChannel make();
  WorkerChannel() = default;
  WorkerChannel(WorkerChannel &&Other) noexcept;
  WorkerChannel &operator=(WorkerChannel &&Other) noexcept;
  WorkerChannel(const WorkerChannel &) = delete;
  WorkerChannel &operator=(const WorkerChannel &) = delete;
  ~WorkerChannel();

  bool valid() const { return DriverEnd >= 0; }
  const std::string &error() const { return Error; }
  /// The descriptor the worker is told of.
  int workerEnd() const { return WorkerEnd; }
  /// The descriptor the driver sleeps on: readable when the worker is done
  /// with a unit or has ended.
  int driverEnd() const { return DriverEnd; }
  /// Whether the next program this process starts inherits the worker's end.
  void shareWorkerEnd(bool Shared);
  /// Once the worker has started: only the worker holds its end, so the
  /// driver sees it close when the worker ends.
  void closeWorkerEnd();

  /// Tells the worker its next unit is written. False when it has ended.
  bool announceUnit();
  /// Tells the worker no unit follows.
  void closeForUnits();
  /// What the worker said since last asked.
  struct News {
    /// How many units it said it is done with.
    size_t UnitsDone = 0;
    /// Its end has closed: it ended, or will not be heard again.
    bool Ended = false;
  };
  /// Reads, without waiting, a bounded amount of what the worker said: a
  /// worker that talks without end cannot hold the driver here.
  News hear();

private:
  int DriverEnd = -1, WorkerEnd = -1;
  std::string Error;
};

/// In a worker: waits for the driver's word on \p FD. True when a unit is
/// ready, false when none follows.
llvm::Expected<bool> awaitUnit(int FD);

/// In a worker: tells the driver on \p FD that a unit's results are written.
llvm::Error sayUnitDone(int FD);

} // namespace locklint

#endif
