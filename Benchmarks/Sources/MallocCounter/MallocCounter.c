// Counts heap allocations for the `ratios` tool without any dependency or LD_PRELOAD.
//
// On Linux with glibc, symbols defined in the executable take precedence over libc's for every
// library in the process, so these definitions receive all malloc-family calls (the Swift runtime's
// included) and forward them to glibc's allocator through its exported __libc_* entry points.
// Only a counter is added; allocation behaviour is unchanged.
#include "MallocCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_bool counting = false;
static atomic_llong allocations = 0;

static inline void count_one(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) count_one();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

bool malloc_counter_is_supported(void) { return true; }

void malloc_counter_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&counting, true);
}

int64_t malloc_counter_stop(void) {
    atomic_store(&counting, false);
    return atomic_load(&allocations);
}

#else

bool malloc_counter_is_supported(void) { return false; }
void malloc_counter_start(void) {}
int64_t malloc_counter_stop(void) { return 0; }

#endif
