//===--- EmbeddedFile.h - data files compiled into the binary --*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_MODEL_EMBEDDEDFILE_H
#define LOCKLINT_CHECKS_MODEL_EMBEDDEDFILE_H

namespace locklint {

/// A file embedded at build time by cmake/EmbedFiles.cmake.
struct EmbeddedFile {
  const char *Name;
  const char *Text;
};

} // namespace locklint

#endif
