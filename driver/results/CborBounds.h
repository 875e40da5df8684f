//===--- CborBounds.h - CBOR that is safe to hand to a parser ------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_CBORBOUNDS_H
#define LOCKLINT_DRIVER_CBORBOUNDS_H

#include "llvm/ADT/StringRef.h"

namespace locklint {

/// How deep index entries and worker results may nest; the deepest value
/// locklint writes is far shallower.
inline constexpr unsigned MaxCborDepth = 64;

/// True when \p Bytes hold exactly one well-formed CBOR item whose every
/// declared length fits in the bytes that are left, nested at most
/// \p MaxDepth deep. A parser handed such bytes neither reserves memory a
/// length merely claims nor recurses without bound. The scan itself keeps
/// its own stack, so hostile nesting cannot overflow the process's.
bool isBoundedCbor(llvm::StringRef Bytes, unsigned MaxDepth = MaxCborDepth);

} // namespace locklint

#endif
