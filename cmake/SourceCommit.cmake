# Writes the commit the sources were built from into OUTPUT as a C string
# literal, rewriting the file only when the commit changed, so a build
# after a new commit relinks the driver and nothing else. Outside a git
# checkout (a source tarball) the commit is empty.
execute_process(
  COMMAND git -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
  OUTPUT_VARIABLE Commit
  OUTPUT_STRIP_TRAILING_WHITESPACE
  ERROR_QUIET
  RESULT_VARIABLE Failed)
if(Failed OR NOT Commit MATCHES "^[0-9a-f]+$")
  set(Commit "")
endif()
set(Text "#define LOCKLINT_COMMIT \"${Commit}\"\n")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" Old)
endif()
if(NOT "${Old}" STREQUAL "${Text}")
  file(WRITE "${OUTPUT}" "${Text}")
endif()
