// simdjson's On-Demand traversal of a whole document, for the benchmarks' "practical limit" row:
// a C interface to a small C++ file, so the Swift benchmark can call it in the same process.
// Built only where Debian's libsimdjson-dev (or another simdjson with /usr/include/simdjson.h and
// libsimdjson) is installed; see Benchmarks/Package.swift.
#ifndef SIMDJSON_TRAVERSAL_H
#define SIMDJSON_TRAVERSAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What one traversal saw: counts to check it against another parser, and a sum that depends on
/// every number, so that no value can be skipped unread.
typedef struct {
    int64_t objects;
    int64_t arrays;
    /// Member names, found but not unescaped (a decoder compares them raw).
    int64_t keys;
    /// String values (unescaped).
    int64_t strings;
    /// UTF-8 bytes of the unescaped string values (member names not included).
    int64_t stringBytes;
    int64_t numbers;
    int64_t booleans;
    int64_t nulls;
    /// Sum of the integers; doubles are added truncated (wrapping).
    int64_t numberSum;
    /// 0, or simdjson's error code.
    int32_t error;
} simdjson_traversal_counts;

/// A document's bytes, padded as simdjson requires, and a parser reused from call to call (as
/// simdjson's documentation recommends).
typedef struct simdjson_traversal simdjson_traversal;

/// Copies `length` bytes. NULL when out of memory.
simdjson_traversal *simdjson_traversal_create(const uint8_t *bytes, size_t length);
void simdjson_traversal_destroy(simdjson_traversal *traversal);

/// Parses the whole document with the On-Demand API and visits every value: strings unescaped
/// into simdjson's string buffer (materialised), numbers parsed, booleans and nulls read.
simdjson_traversal_counts simdjson_traversal_run(simdjson_traversal *traversal);

/// The simdjson kernels in use ("traversal haswell, index haswell"), for the report.
const char *simdjson_traversal_implementation(void);

#ifdef __cplusplus
}
#endif

#endif
