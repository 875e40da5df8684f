# `cpack -G DEB` (scripts/package.sh): a Debian package of what `cmake
# --install` lays out, under /usr. Its dependencies are Debian's own: the
# LLVM and Clang 19 libraries the plugin links (and the driver, unless it
# links their static archives), libpg_query,
# and clang's builtin headers, which the driver reads from clang's resource
# directory. clang-tidy 19 is only needed for the plugin.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME locklint)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "static analyzer for distributed-locking bugs in C and C++ (Redis, SQL, ZooKeeper, etcd)")
set(CPACK_PACKAGE_CONTACT "locklint maintainers <https://github.com/locklint/locklint/issues>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${LOCKLINT_HOMEPAGE})
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libllvm${LLVM_VERSION_MAJOR} (>= 1:${LLVM_VERSION_MAJOR}.1), libclang-cpp${LLVM_VERSION_MAJOR} (>= 1:${LLVM_VERSION_MAJOR}.1), libclang-common-${LLVM_VERSION_MAJOR}-dev, libpg-query1504.0, libc6, libstdc++6")
if(LOCKLINT_LINKS_STATIC_LLVM)
  # What the static LLVM archives link in their turn (cmake/LlvmLibraries.cmake).
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", zlib1g, libzstd1, libz3-4")
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clang-tidy-${LLVM_VERSION_MAJOR}, pre-commit")
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_BINARY_DIR}/packages)
include(CPack)
