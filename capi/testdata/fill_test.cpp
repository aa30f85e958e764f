// The C++ test of libdmlfill, run by capi_test.go: every type at every
// feature level (accepted where DirectML accepts it: 2_1 and up, 4-D only
// before 4_0, 64-bit integers from 5_0; FLOAT64 never), packed, strided and
// padded layouts, the elements computed here (integers wrap; the float
// sequences are exact: 3 + 2i), the bytes no element addresses untouched.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "dmlfill.h"

static int failures;

#define CHECK(cond, ...)                                  \
    do {                                                  \
        if (!(cond)) {                                    \
            std::fprintf(stderr, "%s:%d: ", __FILE__, __LINE__); \
            std::fprintf(stderr, __VA_ARGS__);            \
            std::fprintf(stderr, "\n");                   \
            failures++;                                   \
        }                                                 \
    } while (0)

struct Type {
    DML_TENSOR_DATA_TYPE type;
    const char* name;
    unsigned size;
    bool isFloat;
    DML_FEATURE_LEVEL least; // the least level that takes it (0: none)
};

static const Type types[] = {
    {DML_TENSOR_DATA_TYPE_FLOAT32, "FLOAT32", 4, true, DML_FEATURE_LEVEL_2_1},
    {DML_TENSOR_DATA_TYPE_FLOAT16, "FLOAT16", 2, true, DML_FEATURE_LEVEL_2_1},
    {DML_TENSOR_DATA_TYPE_UINT32, "UINT32", 4, false, DML_FEATURE_LEVEL_2_1},
    {DML_TENSOR_DATA_TYPE_UINT16, "UINT16", 2, false, DML_FEATURE_LEVEL_2_1},
    {DML_TENSOR_DATA_TYPE_UINT8, "UINT8", 1, false, DML_FEATURE_LEVEL_2_1},
    {DML_TENSOR_DATA_TYPE_INT32, "INT32", 4, false, DML_FEATURE_LEVEL_2_1},
    {DML_TENSOR_DATA_TYPE_INT16, "INT16", 2, false, DML_FEATURE_LEVEL_2_1},
    {DML_TENSOR_DATA_TYPE_INT8, "INT8", 1, false, DML_FEATURE_LEVEL_2_1},
    {DML_TENSOR_DATA_TYPE_UINT64, "UINT64", 8, false, DML_FEATURE_LEVEL_5_0},
    {DML_TENSOR_DATA_TYPE_INT64, "INT64", 8, false, DML_FEATURE_LEVEL_5_0},
    {DML_TENSOR_DATA_TYPE_FLOAT64, "FLOAT64", 8, true, (DML_FEATURE_LEVEL)0},
};

static const DML_FEATURE_LEVEL levels[] = {
    DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0, DML_FEATURE_LEVEL_3_1,
    DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0, DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2,
    DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1, DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4,
};

// The bits of element i: 3 + 2i for floats (exact in float16 below 2048),
// start + i*delta modulo 2^bits for integers (start 250, delta 7).
static uint64_t expected(const Type& t, uint64_t i) {
    if (t.isFloat) {
        float v = 3.0f + 2.0f * (float)i;
        if (t.size == 4) {
            uint32_t b;
            std::memcpy(&b, &v, 4);
            return b;
        }
        // float16 of an integer below 2048: exponent and 10-bit mantissa.
        uint32_t n = (uint32_t)v, e = 0;
        while ((n >> e) > 1) {
            e++;
        }
        return (uint64_t)((e + 15) << 10 | ((n << 10 >> e) & 0x3FF));
    }
    uint64_t v = 250 + 7 * i;
    return t.size == 8 ? v : v & ((uint64_t(1) << (8 * t.size)) - 1);
}

static DML_SCALAR_UNION scalar(const Type& t, double f, uint64_t u) {
    DML_SCALAR_UNION s;
    std::memset(&s, 0, sizeof s);
    if (t.isFloat && t.size == 4) {
        s.Float32 = (float)f;
    } else if (t.isFloat && t.size == 2) {
        s.UInt16 = (uint16_t)expected(t, 0); // placeholder, set by the caller
    } else if (t.isFloat) {
        s.Float64 = f;
    } else {
        s.UInt64 = u;
    }
    return s;
}

// One layout: sizes and strides (empty: packed) of dims dimensions.
struct Layout {
    const char* name;
    std::vector<UINT> sizes, strides;
};

static void run(const Type& t, DML_FEATURE_LEVEL level, const Layout& l) {
    UINT dims = (UINT)l.sizes.size();
    const UINT* strides = l.strides.empty() ? nullptr : l.strides.data();
    UINT64 total = DmlCalcBufferTensorSize(t.type, dims, l.sizes.data(), strides);
    DML_BUFFER_TENSOR_DESC b = {t.type, DML_TENSOR_FLAG_NONE, dims, l.sizes.data(), strides, total, 0};
    DML_TENSOR_DESC td = {DML_TENSOR_TYPE_BUFFER, &b};
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC d;
    std::memset(&d, 0, sizeof d);
    d.OutputTensor = &td;
    d.ValueDataType = t.type;
    d.ValueStart = scalar(t, 3, 250);
    d.ValueDelta = scalar(t, 2, 7);
    if (t.isFloat && t.size == 2) {
        d.ValueStart.UInt16 = 0x4200; // 3
        d.ValueDelta.UInt16 = 0x4000; // 2
    }
    DML_OPERATOR_DESC op = {DML_OPERATOR_FILL_VALUE_SEQUENCE, &d};
    std::vector<unsigned char> buf(total ? total : 4, 0xA5);
    HRESULT hr = DmlFillValueSequence(&op, level, buf.data(), buf.size());
    bool valid = t.least != 0 && level >= t.least && (level >= DML_FEATURE_LEVEL_4_0 || dims == 4);
    if (!valid) {
        CHECK(hr == E_INVALIDARG, "%s at %#x, %s: HRESULT %#x, want E_INVALIDARG", t.name, (unsigned)level, l.name, (unsigned)hr);
        for (unsigned char c : buf) {
            if (c != 0xA5) {
                CHECK(false, "%s at %#x, %s: an invalid descriptor wrote", t.name, (unsigned)level, l.name);
                break;
            }
        }
        return;
    }
    CHECK(hr == S_OK, "%s at %#x, %s: HRESULT %#x: %s", t.name, (unsigned)level, l.name, (unsigned)hr, DmlFillLastError());
    // Walk the elements in row-major order; mark the bytes they own.
    std::vector<bool> owned(buf.size());
    std::vector<UINT> c(dims, 0);
    uint64_t count = 1;
    for (UINT s : l.sizes) {
        count *= s;
    }
    for (uint64_t i = 0; i < count; i++) {
        uint64_t off = 0, stride = 1;
        for (int k = (int)dims - 1; k >= 0; k--) {
            off += (uint64_t)c[k] * (strides ? strides[k] : stride);
            stride *= l.sizes[k];
        }
        off *= t.size;
        uint64_t got = 0;
        for (unsigned j = 0; j < t.size; j++) {
            got |= (uint64_t)buf[off + j] << (8 * j);
            owned[off + j] = true;
        }
        if (got != expected(t, i)) {
            CHECK(false, "%s at %#x, %s: element %llu = %#llx, want %#llx", t.name, (unsigned)level, l.name,
                  (unsigned long long)i, (unsigned long long)got, (unsigned long long)expected(t, i));
            return;
        }
        for (int k = (int)dims - 1; k >= 0 && ++c[k] == l.sizes[k]; k--) {
            c[k] = 0;
        }
    }
    for (size_t j = 0; j < buf.size(); j++) {
        if (!owned[j] && buf[j] != 0xA5) {
            CHECK(false, "%s at %#x, %s: byte %zu, no element's, written", t.name, (unsigned)level, l.name, j);
            return;
        }
    }
}

int main() {
    const Layout layouts[] = {
        {"packed 1x1x2x3", {1, 1, 2, 3}, {}},
        {"padded rows 1x2x3x5 (pitch 8)", {1, 2, 3, 5}, {48, 24, 8, 1}},
        {"NHWC 1x3x4x4", {1, 3, 4, 4}, {48, 1, 12, 3}},
        {"padded pixels 1x3x5x5 (4 a pixel)", {1, 3, 5, 5}, {100, 1, 20, 4}},
        {"every other element, 2x50", {2, 50}, {100, 2}},
        {"1-D packed 1000", {1000}, {}},
        {"8-D packed", {1, 2, 1, 2, 1, 2, 1, 3}, {}},
    };
    int runs = 0;
    for (const Type& t : types) {
        for (DML_FEATURE_LEVEL level : levels) {
            for (const Layout& l : layouts) {
                run(t, level, l);
                runs++;
            }
        }
    }
    if (failures) {
        std::fprintf(stderr, "%d of %d checks failed\n", failures, runs);
        return 1;
    }
    std::printf("ok: %d fills\n", runs);
    return 0;
}
