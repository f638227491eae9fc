#ifndef HEAP_IN_USE_H
#define HEAP_IN_USE_H
#include <stddef.h>

/// Bytes of heap memory in use (allocated and not freed), or 0 where the allocator does not say.
size_t heap_in_use(void);

#endif
