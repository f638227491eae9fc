// The heap in use, as the C allocator counts it: glibc's mallinfo2 (its small and large blocks in
// use), Darwin's malloc zones (size in use). Nothing is added to the allocator.
#include "HeapInUse.h"

#if defined(__linux__)
#include <malloc.h>   // defines __GLIBC__ with glibc
#elif defined(__APPLE__)
#include <malloc/malloc.h>
#endif

#if defined(__GLIBC__)
size_t heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#elif defined(__APPLE__)
size_t heap_in_use(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}
#else
size_t heap_in_use(void) { return 0; }
#endif
