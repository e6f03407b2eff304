# The git hash and dirty state go into every run's fingerprint, so results can
# be traced to the build that produced them. They are read at every build, not
# at configure time: a hash taken once would go stale after the next commit.
# The generated file is rewritten only when the facts change, so a build with
# nothing new recompiles nothing.
set(BURSTLAB_BUILD_FACTS ${CMAKE_BINARY_DIR}/generated/BuildFacts.cpp)
add_custom_target(build_facts
                  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR}
                          -DOUTPUT=${BURSTLAB_BUILD_FACTS}
                          -P ${CMAKE_SOURCE_DIR}/cmake/WriteBuildFacts.cmake
                  BYPRODUCTS ${BURSTLAB_BUILD_FACTS}
                  COMMENT "Reading the git hash and dirty state"
                  VERBATIM)
