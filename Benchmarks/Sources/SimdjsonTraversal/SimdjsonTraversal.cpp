// On-Demand traversal of every value of a document; see include/SimdjsonTraversal.h.
#include "SimdjsonTraversal.h"

#include <new>
#include <string>
#include <string_view>

#include <simdjson.h>

using namespace simdjson;

struct simdjson_traversal {
    padded_string json;
    ondemand::parser parser;

    simdjson_traversal(const uint8_t *bytes, size_t length)
        : json(reinterpret_cast<const char *>(bytes), length) {}
};

namespace {

// Recursion depth is bounded by simdjson's maximum depth (1,024 by default): deeper documents
// fail with DEPTH_ERROR before this is reached.
error_code visit(ondemand::value value, simdjson_traversal_counts &counts) {
    ondemand::json_type type;
    SIMDJSON_TRY(value.type().get(type));
    switch (type) {
    case ondemand::json_type::object: {
        counts.objects += 1;
        ondemand::object object;
        SIMDJSON_TRY(value.get_object().get(object));
        for (auto field : object) {
            // The key as it is in the document, escapes not processed: a decoder compares it with
            // the member names it knows (as DTOKit does), it does not copy it.
            ondemand::raw_json_string key;
            SIMDJSON_TRY(field.key().get(key));
            counts.keys += 1;
            ondemand::value member;
            SIMDJSON_TRY(field.value().get(member));
            SIMDJSON_TRY(visit(member, counts));
        }
        return SUCCESS;
    }
    case ondemand::json_type::array: {
        counts.arrays += 1;
        ondemand::array array;
        SIMDJSON_TRY(value.get_array().get(array));
        for (auto element : array) {
            ondemand::value item;
            SIMDJSON_TRY(element.get(item));
            SIMDJSON_TRY(visit(item, counts));
        }
        return SUCCESS;
    }
    case ondemand::json_type::string: {
        std::string_view text;
        SIMDJSON_TRY(value.get_string().get(text));
        counts.strings += 1;
        counts.stringBytes += static_cast<int64_t>(text.size());
        return SUCCESS;
    }
    case ondemand::json_type::number: {
        ondemand::number number;
        SIMDJSON_TRY(value.get_number().get(number));
        counts.numbers += 1;
        if (number.is_int64()) {
            counts.numberSum += number.get_int64();
        } else if (number.is_uint64()) {
            counts.numberSum += static_cast<int64_t>(number.get_uint64());
        } else {
            counts.numberSum += static_cast<int64_t>(number.get_double());
        }
        return SUCCESS;
    }
    case ondemand::json_type::boolean: {
        bool flag;
        SIMDJSON_TRY(value.get_bool().get(flag));
        counts.booleans += 1;
        counts.numberSum += flag ? 1 : 0;
        return SUCCESS;
    }
    case ondemand::json_type::null:
        if (!value.is_null()) { return INCORRECT_TYPE; }
        counts.nulls += 1;
        return SUCCESS;
    }
    return INCORRECT_TYPE;
}

} // namespace

extern "C" simdjson_traversal *simdjson_traversal_create(const uint8_t *bytes, size_t length) {
    return new (std::nothrow) simdjson_traversal(bytes, length);
}

extern "C" void simdjson_traversal_destroy(simdjson_traversal *traversal) {
    delete traversal;
}

extern "C" simdjson_traversal_counts simdjson_traversal_run(simdjson_traversal *traversal) {
    simdjson_traversal_counts counts{};
    ondemand::document document;
    error_code error = traversal->parser.iterate(traversal->json).get(document);
    if (!error) {
        ondemand::value root;
        error = document.get_value().get(root);
        if (!error) { error = visit(root, counts); }
    }
    counts.error = static_cast<int32_t>(error);
    return counts;
}

#define SIMDJSON_TRAVERSAL_STRING(name) #name
#define SIMDJSON_TRAVERSAL_NAME(name) SIMDJSON_TRAVERSAL_STRING(name)

extern "C" const char *simdjson_traversal_implementation(void) {
    // On-Demand's traversal is compiled into this file for the kernel the compiler flags allow
    // (SIMDJSON_BUILTIN_IMPLEMENTATION); the structural index (stage 1) comes from the library,
    // which picks the best kernel for the processor at run time.
    static const std::string names = std::string("traversal ") + SIMDJSON_TRAVERSAL_NAME(SIMDJSON_BUILTIN_IMPLEMENTATION)
        + ", index " + std::string(simdjson::get_active_implementation()->name());
    return names.c_str();
}
