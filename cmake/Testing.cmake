# Every CTest test of the project is added through burstlab_add_test, so CTest
# reads all outcomes the same way and its summary counts the skipped tests
# (listed as "Skipped" under "The following tests did not run"):
#  - a script exits 77 when it cannot run here (the automake convention);
#  - a QTest program always counts initTestCase and cleanupTestCase among the
#    passes, so "0 passed" (initTestCase skipped) or "2 passed" (those two
#    only) with none failed and some skipped means that every test function
#    skipped. A program where some functions pass and others skip has passed.
#
#   burstlab_add_test(NAME COMMAND cmd args... [TIMEOUT s] [LABEL l]
#                     [ENVIRONMENT VAR=value...] [PROPERTIES prop value...])
function(burstlab_add_test name)
  cmake_parse_arguments(T "" "TIMEOUT;LABEL" "COMMAND;ENVIRONMENT;PROPERTIES" ${ARGN})
  if(NOT T_COMMAND)
    message(FATAL_ERROR "burstlab_add_test(${name}): no COMMAND")
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 120)
  endif()
  add_test(NAME ${name} COMMAND ${T_COMMAND})
  set_tests_properties(${name} PROPERTIES TIMEOUT ${T_TIMEOUT}
    SKIP_RETURN_CODE 77
    SKIP_REGULAR_EXPRESSION "Totals: [02] passed, 0 failed, [1-9][0-9]* skipped"
    ${T_PROPERTIES})
  if(T_LABEL)
    set_tests_properties(${name} PROPERTIES LABELS ${T_LABEL})
  endif()
  if(T_ENVIRONMENT)
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "${T_ENVIRONMENT}")
  endif()
endfunction()
