//===--- WorkerChannel.cpp - the driver and a worker take turns ----------===//

#include "workers/WorkerChannel.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

namespace locklint {
namespace {

void closeIfOpen(int &FD) {
  if (FD >= 0)
    ::close(FD);
  FD = -1;
}

llvm::Error systemError(const char *What) {
  return llvm::createStringError(std::error_code(errno, std::generic_category()), "%s: %s", What,
                                 std::strerror(errno));
}

/// One byte, the whole vocabulary: a unit is ready, or a unit is done.
constexpr char Word = '.';

} // namespace

WorkerChannel WorkerChannel::make() {
  WorkerChannel Channel;
  int Ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Ends) != 0) {
    Channel.Error = std::strerror(errno);
    return Channel;
  }
  Channel.DriverEnd = Ends[0];
  Channel.WorkerEnd = Ends[1];
  return Channel;
}

WorkerChannel::WorkerChannel(WorkerChannel &&Other) noexcept
    : DriverEnd(std::exchange(Other.DriverEnd, -1)), WorkerEnd(std::exchange(Other.WorkerEnd, -1)),
      Error(std::move(Other.Error)) {}

WorkerChannel &WorkerChannel::operator=(WorkerChannel &&Other) noexcept {
  if (this != &Other) {
    closeIfOpen(DriverEnd);
    closeIfOpen(WorkerEnd);
    DriverEnd = std::exchange(Other.DriverEnd, -1);
    WorkerEnd = std::exchange(Other.WorkerEnd, -1);
    Error = std::move(Other.Error);
  }
  return *this;
}

WorkerChannel::~WorkerChannel() {
  closeIfOpen(DriverEnd);
  closeIfOpen(WorkerEnd);
}

void WorkerChannel::shareWorkerEnd(bool Shared) {
  if (WorkerEnd >= 0)
    ::fcntl(WorkerEnd, F_SETFD, Shared ? 0 : FD_CLOEXEC);
}

void WorkerChannel::closeWorkerEnd() { closeIfOpen(WorkerEnd); }

bool WorkerChannel::announceUnit() {
  for (;;) {
    // No SIGPIPE: a worker that ended is news for the loop, not the driver's end.
    ssize_t Sent = ::send(DriverEnd, &Word, 1, MSG_NOSIGNAL);
    if (Sent == 1)
      return true;
    if (Sent < 0 && errno == EINTR)
      continue;
    return false;
  }
}

void WorkerChannel::closeForUnits() {
  if (DriverEnd >= 0)
    ::shutdown(DriverEnd, SHUT_WR);
}

WorkerChannel::News WorkerChannel::hear() {
  News Heard;
  char Bytes[64];
  for (int Reads = 0; Reads < 16; ++Reads) {
    ssize_t Read = ::recv(DriverEnd, Bytes, sizeof Bytes, MSG_DONTWAIT);
    if (Read > 0) {
      Heard.UnitsDone += static_cast<size_t>(Read);
      continue;
    }
    if (Read < 0 && errno == EINTR)
      continue;
    // Nothing more for now, or the worker's end is closed (or broken).
    Heard.Ended = Read == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
    break;
  }
  return Heard;
}

llvm::Expected<bool> awaitUnit(int FD) {
  for (;;) {
    char Byte;
    ssize_t Read = ::recv(FD, &Byte, 1, 0);
    if (Read == 1)
      return true;
    if (Read == 0)
      return false;
    if (errno != EINTR)
      return systemError("cannot hear from the driver");
  }
}

llvm::Error sayUnitDone(int FD) {
  for (;;) {
    if (::send(FD, &Word, 1, MSG_NOSIGNAL) == 1)
      return llvm::Error::success();
    if (errno != EINTR)
      return systemError("cannot answer the driver");
  }
}

} // namespace locklint
