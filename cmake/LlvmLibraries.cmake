# The LLVM and Clang libraries locklint's executables link, in
# LOCKLINT_LLVM_LIBRARIES.
#
# Every unit is read by a worker process of its own. Linked with Debian's
# shared libLLVM and libclang-cpp, a process spends about 30 ms binding
# half a million relocations before it reads a line, more than the compiler
# spends on a small C file; linked with the static archives of the same
# release it starts in a few. The plugin links neither: it resolves them in
# the clang-tidy process that loads it. An executable must not link both
# kinds, or LLVM's command-line options are registered twice.
#
# Sanitized builds link the shared libraries whatever the option says. LLVM's
# allocator poisons and unpoisons memory for ASan in inline code; in one
# static binary, instrumented and uninstrumented copies of it meet, and ASan
# reports the allocator's own memory.
option(LOCKLINT_STATIC_LLVM "Link locklint with LLVM's and Clang's static libraries" ON)

set(LOCKLINT_LINKS_STATIC_LLVM OFF)
if(LOCKLINT_STATIC_LLVM AND NOT (LOCKLINT_SANITIZE OR LOCKLINT_FUZZ))
  set(LOCKLINT_LINKS_STATIC_LLVM ON)
  if(CMAKE_VERSION VERSION_LESS 3.24)
    message(FATAL_ERROR "LOCKLINT_STATIC_LLVM needs CMake 3.24 or later (link groups); "
                        "or configure with -DLOCKLINT_STATIC_LLVM=OFF")
  endif()
  file(GLOB clang_archives ${LLVM_LIBRARY_DIR}/libclang[A-Z]*.a)
  file(GLOB llvm_archives ${LLVM_LIBRARY_DIR}/libLLVM[A-Z]*.a)
  if(NOT clang_archives OR NOT llvm_archives)
    message(FATAL_ERROR "LOCKLINT_STATIC_LLVM: no static libraries in ${LLVM_LIBRARY_DIR} "
                        "(libclang-19-dev and llvm-19-dev hold them); or configure with "
                        "-DLOCKLINT_STATIC_LLVM=OFF")
  endif()
  # What LLVMSupport itself links, as Debian built it.
  find_package(ZLIB REQUIRED)
  find_library(LOCKLINT_ZSTD NAMES zstd libzstd.so.1 REQUIRED)
  find_library(LOCKLINT_Z3 NAMES z3 libz3.so.4 REQUIRED)
  # The archives refer to each other in cycles: the linker reads them again
  # until nothing is left unresolved, and takes only what is used.
  set(archives ${clang_archives} ${llvm_archives})
  set(LOCKLINT_LLVM_LIBRARIES
      "$<LINK_GROUP:RESCAN,${archives}>"
      ZLIB::ZLIB ${LOCKLINT_ZSTD} ${LOCKLINT_Z3} pthread dl rt m)
else()
  set(LOCKLINT_LLVM_LIBRARIES clangTidy clang-cpp LLVM)
endif()
