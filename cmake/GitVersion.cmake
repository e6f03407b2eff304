# The git hash goes into every run's fingerprint, so results can be traced
# to the build that produced them.
execute_process(COMMAND git rev-parse --short=12 HEAD
                WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                OUTPUT_VARIABLE BURSTLAB_GIT_HASH
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT BURSTLAB_GIT_HASH)
  set(BURSTLAB_GIT_HASH "unknown")
endif()
