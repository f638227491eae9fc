#ifndef DTOKIT_BENCHMARKS_MALLOC_COUNTER_H
#define DTOKIT_BENCHMARKS_MALLOC_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// True when this platform counts allocations (Linux with glibc: the executable's own malloc
/// family wraps glibc's __libc_* functions). Elsewhere the counters stay zero.
bool malloc_counter_is_supported(void);
/// Starts counting (on every thread) from zero.
void malloc_counter_start(void);
/// Stops counting and returns the number of allocations (malloc, calloc, realloc of NULL,
/// memalign, posix_memalign, aligned_alloc) made since `malloc_counter_start`.
int64_t malloc_counter_stop(void);

#endif
