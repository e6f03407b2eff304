# Run by the build_facts target (cmake -P): writes OUTPUT with the git hash and
# whether tracked files differ from it, outside git "unknown".
execute_process(COMMAND git rev-parse --short=12 HEAD
                WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE hash OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE rc ERROR_QUIET)
set(dirty false)
if(NOT rc EQUAL 0 OR NOT hash)
  set(hash "unknown")
else()
  execute_process(COMMAND git status --porcelain --untracked-files=no
                  WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE changes ERROR_QUIET)
  if(changes)
    set(dirty true)
  endif()
endif()
set(text "// Generated at build time by cmake/WriteBuildFacts.cmake.
#include \"util/BuildFacts.h\"
namespace burstlab::build {
const char *gitHash() { return \"${hash}\"; }
bool gitDirty() { return ${dirty}; }
} // namespace burstlab::build
")
# Only a change touches the file, so an unchanged tree rebuilds nothing.
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
