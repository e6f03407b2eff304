# Warnings as errors on our own code only (never on DPDK or Qt headers,
# which come in as system includes).
function(burstlab_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror)
endfunction()
