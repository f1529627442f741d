// Counts heap allocations by interposing the allocator entry points. The executable's
// definitions win over glibc's for every shared library (Foundation, the Swift runtime), and each
// forwards to glibc's own implementation (__libc_malloc and friends), so behaviour is unchanged:
// the only cost is one relaxed atomic increment per allocation.
#include "AllocationCounter.h"  // through <stdint.h>, defines __GLIBC__ on glibc

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocations;

static inline void count_allocation(void) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
}

uint64_t allocation_counter_total(void) {
    return __atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    count_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

#else

// Elsewhere (macOS) the allocator is not interposed and nothing is counted.
uint64_t allocation_counter_total(void) {
    return 0;
}

#endif
