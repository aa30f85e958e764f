/* The C test of libdmlfill, run by capi_test.go:
 *
 *   fill_test examples          the documentation's two examples, errors, a check,
 *                               DmlParseScalar
 *   fill_test version V         DmlFillVersion returns V, the same pointer twice
 *   fill_test cases IN OUT      each descriptor of IN filled (see capi_test.go)
 *   fill_test threads           eight threads at once, and per-thread errors
 *   fill_test fork used|unused  forked children (after a fill, or before any
 *                               call) get E_FAIL at once, never a hang (not on
 *                               Windows, which has no fork), and the version
 *                               where the parent had asked for it, else ""
 *   fill_test report TYPE N START DELTA WSTART WDELTA FILE
 *                               the check of FILE, N packed elements of TYPE
 *                               (a number) that claim to be START + i*DELTA
 *                               (the scalars' bits), written WSTART and
 *                               WDELTA, named FILE: the text and JSON
 *                               reports and the report struct, printed
 *
 * It exits 0 when every check holds, else prints what failed and exits 1.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <malloc.h>
#include <windows.h> /* (no fork: the fork mode is Unix's alone) */
static void* alignedAlloc(size_t align, size_t n) { return _aligned_malloc(n, align); }
static void alignedFree(void* p) { _aligned_free(p); }
static void yieldBriefly(void) { Sleep(0); }
#else
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
static void* alignedAlloc(size_t align, size_t n) { return aligned_alloc(align, n); }
static void alignedFree(void* p) { free(p); }
static void yieldBriefly(void) { usleep(100); }
#endif

#include "dmlfill.h"

static int failures;

#define CHECK(cond, ...)                                      \
    do {                                                      \
        if (!(cond)) {                                        \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);   \
            fprintf(stderr, __VA_ARGS__);                     \
            fprintf(stderr, "\n");                            \
            failures++;                                       \
        }                                                     \
    } while (0)

static void parseScalars(void);
static void checkReport(const DML_OPERATOR_DESC* o1, const float* out1);

/* The documentation's examples: FLOAT32 3, +2 over {1,1,1,3} gives 3 5 7;
 * UINT8 10, -2 over {1,1,2,2} gives 10 8 6 4. */
static void examples(void) {
    UINT sizes1[4] = {1, 1, 1, 3};
    DML_BUFFER_TENSOR_DESC b1 = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes1, NULL, 12, 0};
    DML_TENSOR_DESC t1 = {DML_TENSOR_TYPE_BUFFER, &b1};
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC f1;
    DML_OPERATOR_DESC o1 = {DML_OPERATOR_FILL_VALUE_SEQUENCE, &f1};
    float out1[3] = {0, 0, 0};
    memset(&f1, 0, sizeof f1);
    f1.OutputTensor = &t1;
    f1.ValueDataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    f1.ValueStart.Float32 = 3;
    f1.ValueDelta.Float32 = 2;
    CHECK(DmlFillValueSequence(&o1, DML_FEATURE_LEVEL_2_1, out1, sizeof out1) == S_OK, "example 1: %s", DmlFillLastError());
    CHECK(out1[0] == 3 && out1[1] == 5 && out1[2] == 7, "example 1: %g %g %g", out1[0], out1[1], out1[2]);
    CHECK(strcmp(DmlFillLastError(), "") == 0, "example 1: error text after success: %s", DmlFillLastError());

    UINT sizes2[4] = {1, 1, 2, 2};
    DML_BUFFER_TENSOR_DESC b2 = {DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 4, sizes2, NULL, 4, 0};
    DML_TENSOR_DESC t2 = {DML_TENSOR_TYPE_BUFFER, &b2};
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC f2;
    UINT8 out2[4] = {0, 0, 0, 0};
    memset(&f2, 0, sizeof f2);
    f2.OutputTensor = &t2;
    f2.ValueDataType = DML_TENSOR_DATA_TYPE_UINT8;
    f2.ValueStart.UInt8 = 10;
    f2.ValueDelta.Int8 = -2;
    CHECK(DmlFillValueSequenceDesc(&f2, DML_FEATURE_LEVEL_2_1, out2, sizeof out2) == S_OK, "example 2: %s", DmlFillLastError());
    CHECK(out2[0] == 10 && out2[1] == 8 && out2[2] == 6 && out2[3] == 4, "example 2: %d %d %d %d", out2[0], out2[1], out2[2], out2[3]);

    /* DMLCalcBufferTensorSize: packed, strided, rounded up to 4. */
    UINT st[4] = {12, 6, 3, 1};
    CHECK(DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT8, 4, sizes2, NULL) == 4, "calc packed");
    CHECK(DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT8, 4, sizes2, st) == 8, "calc strided: %llu",
          (unsigned long long)DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT8, 4, sizes2, st));
    CHECK(DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT8, 4, NULL, NULL) == 0, "calc NULL sizes");

    /* Errors: E_INVALIDARG, nothing written, the text names the field. */
    UINT8 keep[4] = {0xA5, 0xA5, 0xA5, 0xA5};
    CHECK(DmlFillValueSequence(NULL, DML_FEATURE_LEVEL_6_4, keep, 4) == E_INVALIDARG, "NULL desc");
    CHECK(strstr(DmlFillLastError(), "NULL") != NULL, "NULL desc: %s", DmlFillLastError());
    CHECK(DmlFillValueSequenceDesc(&f2, DML_FEATURE_LEVEL_6_4, NULL, 4) == E_INVALIDARG, "NULL buffer");
    /* A buffer whose end would pass 2^64: refused before any use. */
    CHECK(DmlFillValueSequenceDesc(&f2, DML_FEATURE_LEVEL_6_4, (void*)(~(uintptr_t)0 - 7), 64) == E_INVALIDARG, "a buffer past 2^64: %s", DmlFillLastError());
    CHECK(strstr(DmlFillLastError(), "2^64") != NULL, "a buffer past 2^64: %s", DmlFillLastError());
    CHECK(DmlFillValueSequenceDesc(&f2, DML_FEATURE_LEVEL_6_4, keep, 3) == E_INVALIDARG, "short buffer");
    CHECK(keep[0] == 0xA5 && keep[1] == 0xA5 && keep[2] == 0xA5, "short buffer: written");
    f2.ValueDataType = DML_TENSOR_DATA_TYPE_INT8;
    CHECK(DmlFillValueSequenceDesc(&f2, DML_FEATURE_LEVEL_6_4, keep, 4) == E_INVALIDARG, "type mismatch");
    CHECK(strstr(DmlFillLastError(), "ValueDataType") != NULL, "type mismatch: %s", DmlFillLastError());
    f2.ValueDataType = DML_TENSOR_DATA_TYPE_UINT8;
    b2.DimensionCount = 4000000000u; /* never read: refused by its count */
    CHECK(DmlFillValueSequenceDesc(&f2, DML_FEATURE_LEVEL_6_4, keep, 4) == E_INVALIDARG, "huge DimensionCount");
    CHECK(strstr(DmlFillLastError(), "DimensionCount is 4000000000") != NULL, "huge DimensionCount: %s", DmlFillLastError());
    b2.DimensionCount = 4;
    b2.Sizes = NULL;
    CHECK(DmlFillValueSequenceDesc(&f2, DML_FEATURE_LEVEL_6_4, keep, 4) == E_INVALIDARG, "NULL sizes");
    b2.Sizes = sizes2;
    t2.Type = DML_TENSOR_TYPE_INVALID;
    CHECK(DmlFillValueSequenceDesc(&f2, DML_FEATURE_LEVEL_6_4, keep, 4) == E_INVALIDARG, "tensor type");
    t2.Type = DML_TENSOR_TYPE_BUFFER;
    DML_OPERATOR_DESC other = {DML_OPERATOR_FILL_VALUE_CONSTANT, &f2};
    CHECK(DmlFillValueSequence(&other, DML_FEATURE_LEVEL_6_4, keep, 4) == E_INVALIDARG, "operator type");
    CHECK(keep[0] == 0xA5 && keep[1] == 0xA5 && keep[2] == 0xA5 && keep[3] == 0xA5, "an error wrote");

    /* The check: example 1's output passes; one element off by 1 ULP fails
     * bit for bit and passes within 1 ULP; the models that explain it. */
    DMLFILL_CHECK_REPORT rep;
    DMLFILL_CHECK_OPTIONS opt = {0, 0, 0, 0, 0, NULL, NULL, NULL};
    CHECK(DmlCheckFillValueSequence(&o1, DML_FEATURE_LEVEL_6_4, out1, sizeof out1, NULL, &rep) == S_OK, "check: %s", DmlFillLastError());
    CHECK(rep.Passed && rep.Elements == 3 && rep.Exact == 3 && !rep.HasWorst, "check of the exact output");
    int explained = 0;
    for (UINT i = 0; i < rep.ModelCount; i++) {
        if (strcmp(rep.Models[i].Name, "exact") == 0 && rep.Models[i].Explains) {
            explained = 1;
        }
    }
    CHECK(explained, "check: the exact model does not explain the exact output");
    UINT32 bits;
    memcpy(&bits, &out1[2], 4);
    bits++;
    memcpy(&out1[2], &bits, 4);
    CHECK(DmlCheckFillValueSequence(&o1, DML_FEATURE_LEVEL_6_4, out1, sizeof out1, &opt, &rep) == S_OK, "check 2");
    CHECK(!rep.Passed && rep.Exact == 2 && rep.HasWorst && rep.WorstIndex == 2 && rep.WorstUlp == 1 && rep.WorstWant == 0x40E00000u,
          "check of an element 1 ULP off: passed %d exact %llu index %llu ulp %llu", rep.Passed, (unsigned long long)rep.Exact,
          (unsigned long long)rep.WorstIndex, (unsigned long long)rep.WorstUlp);
    opt.UlpTolerance = 1;
    CHECK(DmlCheckFillValueSequence(&o1, DML_FEATURE_LEVEL_6_4, out1, sizeof out1, &opt, &rep) == S_OK && rep.Passed, "check within 1 ULP");
    CHECK(DmlCheckFillValueSequence(&o1, DML_FEATURE_LEVEL_6_4, out1, sizeof out1, &opt, NULL) == E_INVALIDARG, "check: NULL report");
    CHECK(DmlCheckFillValueSequence(&o1, DML_FEATURE_LEVEL_6_4, out1, 8, &opt, &rep) == E_INVALIDARG, "check: short buffer");
    checkReport(&o1, out1);
    parseScalars();
}

/* checkReport: DmlCheckFillValueSequenceReport of example 1's output (its
 * element 2 one ULP up) gives the text and JSON reports, named as asked, to
 * free with DmlFillFree, with or without a report struct; the packed
 * elements are checked with Packed (no padding: CheckPadding refused), and
 * the written start and delta must be ValueStart's and ValueDelta's text. */
static void checkReport(const DML_OPERATOR_DESC* o1, const float* out1) {
    DMLFILL_CHECK_REPORT rep;
    DMLFILL_CHECK_OPTIONS opt;
    char* text = (char*)1;
    char* json = (char*)1;
    memset(&opt, 0, sizeof opt);
    opt.Name = "out1";
    opt.WrittenStart = " 3";
    opt.WrittenDelta = "0x1p+1";
    CHECK(DmlCheckFillValueSequenceReport(o1, DML_FEATURE_LEVEL_6_4, out1, 12, &opt, NULL, &text, &json) == S_OK, "report: %s", DmlFillLastError());
    CHECK(text && strstr(text, "out1: 3 FLOAT32 elements against the exact result\n") == text, "report: the text begins %.60s", text ? text : "(NULL)");
    CHECK(text && strstr(text, "\nwithin 0 ULP: 2 of 3 (66.67%): FAIL (elements)\n") != NULL, "report: the text: %s", text ? text : "(NULL)");
    CHECK(json && strstr(json, "\"file\": \"out1\"") != NULL && strstr(json, "\"ok\": false") != NULL, "report: the JSON: %s", json ? json : "(NULL)");
    DmlFillFree(text);
    DmlFillFree(json);
    DmlFillFree(NULL);
    /* The same with the struct, and the text alone. */
    text = (char*)1;
    CHECK(DmlCheckFillValueSequenceReport(o1, DML_FEATURE_LEVEL_6_4, out1, 12, &opt, &rep, &text, NULL) == S_OK && text != NULL, "report with a struct");
    CHECK(!rep.Passed && rep.Exact == 2 && rep.ModelCount > 0 && rep.ModelsLeftOut == 0, "report with a struct: passed %d exact %llu models %u",
          rep.Passed, (unsigned long long)rep.Exact, rep.ModelCount);
    DmlFillFree(text);
    /* A name that is not UTF-8 (a Latin-1 file name: \xE9) is named with
     * U+FFFD (EF BF BD in UTF-8) in the text and the JSON alike: both
     * texts are UTF-8 (the text had the byte E9 as given). */
    opt.Name = "caf\xE9";
    CHECK(DmlCheckFillValueSequenceReport(o1, DML_FEATURE_LEVEL_6_4, out1, 12, &opt, NULL, &text, &json) == S_OK, "a Latin-1 name: %s", DmlFillLastError());
    CHECK(text && strstr(text, "caf\xEF\xBF\xBD: 3 FLOAT32 elements") == text, "a Latin-1 name: the text begins %.60s", text ? text : "(NULL)");
    CHECK(json && strstr(json, "\"file\": \"caf\xEF\xBF\xBD\"") != NULL, "a Latin-1 name: the JSON: %s", json ? json : "(NULL)");
    DmlFillFree(text);
    DmlFillFree(json);
    opt.Name = "out1";
    /* Errors: the texts NULL, the last error says why. */
    text = json = (char*)1;
    opt.WrittenStart = "3.5";
    CHECK(DmlCheckFillValueSequenceReport(o1, DML_FEATURE_LEVEL_6_4, out1, 12, &opt, &rep, &text, &json) == E_INVALIDARG && text == NULL && json == NULL,
          "a written start that is not ValueStart's");
    CHECK(strstr(DmlFillLastError(), "WrittenStart") != NULL && strstr(DmlFillLastError(), "not ValueStart's 3") != NULL, "written start: %s", DmlFillLastError());
    opt.WrittenStart = "three";
    CHECK(DmlCheckFillValueSequence(o1, DML_FEATURE_LEVEL_6_4, out1, 12, &opt, &rep) == E_INVALIDARG && strstr(DmlFillLastError(), "WrittenStart") != NULL,
          "a written start that is no number: %s", DmlFillLastError());
    opt.WrittenStart = NULL;
    /* Packed: the elements alone (example 1 has no padding, so its 12 bytes
     * are both); padding is refused, a short buffer too. */
    opt.Packed = 1;
    CHECK(DmlCheckFillValueSequence(o1, DML_FEATURE_LEVEL_6_4, out1, 12, &opt, &rep) == S_OK && rep.Exact == 2 && rep.WorstOffset == 8, "packed: %s",
          DmlFillLastError());
    CHECK(DmlCheckFillValueSequence(o1, DML_FEATURE_LEVEL_6_4, out1, 11, &opt, &rep) == E_INVALIDARG && strstr(DmlFillLastError(), "packed, are 12 bytes"),
          "packed, short: %s", DmlFillLastError());
    opt.CheckPadding = 1;
    CHECK(DmlCheckFillValueSequence(o1, DML_FEATURE_LEVEL_6_4, out1, 12, &opt, &rep) == E_INVALIDARG && strstr(DmlFillLastError(), "no padding"),
          "packed with padding: %s", DmlFillLastError());
}

/* report: see the usage at the top; prints "text", the text report,
 * "json", the JSON report, "fits", then a line a fit of the struct (name,
 * matches, evaluated, explains, parts, part length, by tabs), and
 * "counts" with the struct's counts. */
static void report(char** argv) {
    UINT64 type = strtoull(argv[2], NULL, 10), n = strtoull(argv[3], NULL, 10);
    UINT sizes[1] = {(UINT)n};
    DML_BUFFER_TENSOR_DESC b = {(DML_TENSOR_DATA_TYPE)type, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 0, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &b};
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC f;
    DML_OPERATOR_DESC o = {DML_OPERATOR_FILL_VALUE_SEQUENCE, &f};
    b.TotalTensorSizeInBytes = DmlCalcBufferTensorSize(b.DataType, 1, sizes, NULL);
    memset(&f, 0, sizeof f);
    f.OutputTensor = &t;
    f.ValueDataType = b.DataType;
    f.ValueStart.UInt64 = strtoull(argv[4], NULL, 10);
    f.ValueDelta.UInt64 = strtoull(argv[5], NULL, 10);
    FILE* in = fopen(argv[8], "rb");
    unsigned char* data = (unsigned char*)malloc((size_t)b.TotalTensorSizeInBytes);
    size_t got = in ? fread(data, 1, (size_t)b.TotalTensorSizeInBytes, in) : 0;
    if (in) {
        fclose(in);
    }
    DMLFILL_CHECK_OPTIONS opt;
    memset(&opt, 0, sizeof opt);
    opt.Packed = 1;
    opt.WrittenStart = argv[6];
    opt.WrittenDelta = argv[7];
    opt.Name = argv[8];
    DMLFILL_CHECK_REPORT rep;
    char *text, *json;
    HRESULT hr = DmlCheckFillValueSequenceReport(&o, DML_FEATURE_LEVEL_6_4, data, got, &opt, &rep, &text, &json);
    CHECK(hr == S_OK, "report %s: %s", argv[8], DmlFillLastError());
    if (hr == S_OK) {
        printf("text\n%sjson\n%sfits\n", text, json);
        for (UINT i = 0; i < rep.ModelCount; i++) {
            DMLFILL_MODEL_FIT* m = &rep.Models[i];
            printf("%s\t%llu\t%d\t%d\t%llu\t%llu\n", m->Name, (unsigned long long)m->Matches, m->Evaluated, m->Explains, (unsigned long long)m->Parts,
                   (unsigned long long)m->PartLen);
        }
        printf("counts\t%d\t%llu\t%llu\t%llu\t%u\n", rep.Passed, (unsigned long long)rep.Elements, (unsigned long long)rep.Exact,
               (unsigned long long)rep.Within, rep.ModelsLeftOut);
        DmlFillFree(text);
        DmlFillFree(json);
    }
    free(data);
}

/* parsed: DmlParseScalar of text as type gives S_OK and the 8 bytes of
 * want (little-endian), over a value that held 0xA5 bytes. */
static void parsed(DML_TENSOR_DATA_TYPE type, const char* text, UINT64 want) {
    DML_SCALAR_UNION v;
    memset(&v, 0xA5, sizeof v);
    HRESULT hr = DmlParseScalar(type, text, &v);
    CHECK(hr == S_OK && v.UInt64 == want, "DmlParseScalar(%d, \"%s\"): HRESULT %#x, bits %#llx, want %#llx (%s)", (int)type, text,
          (unsigned)hr, (unsigned long long)v.UInt64, (unsigned long long)want, DmlFillLastError());
}

/* notParsed: DmlParseScalar of text as type gives E_INVALIDARG, writes
 * nothing and says why, naming why (a piece of the text). */
static void notParsed(DML_TENSOR_DATA_TYPE type, const char* text, const char* why) {
    DML_SCALAR_UNION v;
    memset(&v, 0xA5, sizeof v);
    HRESULT hr = DmlParseScalar(type, text, &v);
    CHECK(hr == E_INVALIDARG && v.UInt64 == 0xA5A5A5A5A5A5A5A5ull && strstr(DmlFillLastError(), why) != NULL,
          "DmlParseScalar(%d, \"%s\"): HRESULT %#x, bits %#llx, error %s (want one with %s)", (int)type, text ? text : "NULL", (unsigned)hr,
          (unsigned long long)v.UInt64, DmlFillLastError(), why);
}

/* parseScalars: the values of dmlfill's examples and the documentation's
 * (FLOAT16 3.2 is 0x4266, 0.1 0x2E66; IEEE 754's FLOAT32 and FLOAT64 0.1),
 * integers in two's complement with zeros above the type's bytes, and the
 * errors. */
static void parseScalars(void) {
    parsed(DML_TENSOR_DATA_TYPE_FLOAT16, "3.2", 0x4266);
    parsed(DML_TENSOR_DATA_TYPE_FLOAT16, "0.1", 0x2E66);
    parsed(DML_TENSOR_DATA_TYPE_FLOAT16, "-inf", 0xFC00);
    parsed(DML_TENSOR_DATA_TYPE_FLOAT32, "0.1", 0x3DCCCCCD);
    parsed(DML_TENSOR_DATA_TYPE_FLOAT32, "0x1.8p+1", 0x40400000);
    parsed(DML_TENSOR_DATA_TYPE_FLOAT32, " 0.30000001192092896 ", 0x3E99999A);
    parsed(DML_TENSOR_DATA_TYPE_FLOAT64, "0.1", 0x3FB999999999999Aull);
    parsed(DML_TENSOR_DATA_TYPE_UINT8, "-2", 0xFE);
    parsed(DML_TENSOR_DATA_TYPE_INT8, "-2", 0xFE);
    parsed(DML_TENSOR_DATA_TYPE_INT16, "-2", 0xFFFE);
    parsed(DML_TENSOR_DATA_TYPE_UINT32, "0xFFFFFFFF", 0xFFFFFFFFull);
    parsed(DML_TENSOR_DATA_TYPE_INT32, "-1", 0xFFFFFFFFull);
    parsed(DML_TENSOR_DATA_TYPE_INT64, "-2", 0xFFFFFFFFFFFFFFFEull);
    parsed(DML_TENSOR_DATA_TYPE_UINT64, "18446744073709551615", 0xFFFFFFFFFFFFFFFFull);
    notParsed(DML_TENSOR_DATA_TYPE_INT8, "300", "\"300\" is not a valid INT8 value");
    notParsed(DML_TENSOR_DATA_TYPE_FLOAT32, "0.1f", "\"0.1f\"");
    notParsed(DML_TENSOR_DATA_TYPE_UINT8, "", "want a number");
    notParsed(DML_TENSOR_DATA_TYPE_UINT4, "1", "UINT4");
    notParsed(DML_TENSOR_DATA_TYPE_UNKNOWN, "1", "UNKNOWN");
    notParsed((DML_TENSOR_DATA_TYPE)99, "1", "99");
    notParsed(DML_TENSOR_DATA_TYPE_UINT8, NULL, "text is NULL");
    CHECK(DmlParseScalar(DML_TENSOR_DATA_TYPE_UINT8, "1", NULL) == E_INVALIDARG && strstr(DmlFillLastError(), "value is NULL") != NULL,
          "DmlParseScalar to NULL: %s", DmlFillLastError());
    parsed(DML_TENSOR_DATA_TYPE_UINT8, "255", 0xFF);
    CHECK(strcmp(DmlFillLastError(), "") == 0, "DmlParseScalar: error text after success: %s", DmlFillLastError());
}

static int readU64(FILE* f, UINT64* v) {
    unsigned long long x;
    if (fscanf(f, "%llu", &x) != 1) {
        return 0;
    }
    *v = x;
    return 1;
}

/* cases: each line of IN is
 *   level type flags dims size... hasStrides stride... total align start delta bufsize offset
 * (numbers in decimal; start and delta the scalars' 8 bytes as one UINT64);
 * for each, a buffer of bufsize bytes (at offset from a 64-byte boundary)
 * set to 0xA5 is filled, and OUT gets the HRESULT (4 bytes, little-endian
 * host order) and the buffer's bytes. */
static void cases(const char* in, const char* out) {
    FILE* f = fopen(in, "r");
    FILE* o = fopen(out, "wb");
    if (!f || !o) {
        fprintf(stderr, "cannot open %s or %s\n", in, out);
        exit(2);
    }
    for (;;) {
        UINT64 level, type, flags, dims, v, hasStrides, total, align, start, delta, bufsize, offset;
        UINT sizes[8], strides[8];
        if (!readU64(f, &level)) {
            break;
        }
        readU64(f, &type);
        readU64(f, &flags);
        readU64(f, &dims);
        for (UINT64 i = 0; i < dims; i++) {
            readU64(f, &v);
            sizes[i] = (UINT)v;
        }
        readU64(f, &hasStrides);
        if (hasStrides) {
            for (UINT64 i = 0; i < dims; i++) {
                readU64(f, &v);
                strides[i] = (UINT)v;
            }
        }
        readU64(f, &total);
        readU64(f, &align);
        readU64(f, &start);
        readU64(f, &delta);
        readU64(f, &bufsize);
        readU64(f, &offset);
        DML_BUFFER_TENSOR_DESC b = {(DML_TENSOR_DATA_TYPE)type, (DML_TENSOR_FLAGS)flags, (UINT)dims, sizes,
                                    hasStrides ? strides : NULL, total, (UINT)align};
        DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &b};
        DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC d;
        memset(&d, 0, sizeof d);
        d.OutputTensor = &t;
        d.ValueDataType = (DML_TENSOR_DATA_TYPE)type;
        d.ValueStart.UInt64 = start;
        d.ValueDelta.UInt64 = delta;
        DML_OPERATOR_DESC op = {DML_OPERATOR_FILL_VALUE_SEQUENCE, &d};
        unsigned char* mem = (unsigned char*)alignedAlloc(64, (size_t)(bufsize + offset + 64) / 64 * 64);
        unsigned char* buf = mem + offset;
        memset(buf, 0xA5, (size_t)bufsize);
        HRESULT hr = DmlFillValueSequence(&op, (DML_FEATURE_LEVEL)level, buf, bufsize);
        fwrite(&hr, sizeof hr, 1, o);
        fwrite(buf, 1, (size_t)bufsize, o);
        alignedFree(mem);
    }
    fclose(f);
    if (fclose(o) != 0) {
        fprintf(stderr, "writing %s failed\n", out);
        exit(2);
    }
}

/* threads: eight threads fill the same descriptors many times and compare
 * with one thread's bytes; each also fails a call of its own and reads its
 * own error text back, not another thread's. */
enum { THREADS = 8, N = 100003 };
static float want[N];

static void threadDesc(DML_BUFFER_TENSOR_DESC* b, DML_TENSOR_DESC* t, DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC* d, UINT* sizes) {
    sizes[0] = N;
    memset(b, 0, sizeof *b);
    b->DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    b->DimensionCount = 1;
    b->Sizes = sizes;
    b->TotalTensorSizeInBytes = DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT32, 1, sizes, NULL);
    t->Type = DML_TENSOR_TYPE_BUFFER;
    t->Desc = b;
    memset(d, 0, sizeof *d);
    d->OutputTensor = t;
    d->ValueDataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    d->ValueStart.Float32 = 0.1f;
    d->ValueDelta.Float32 = 0.3f;
}

static long work(long id) {
    UINT sizes[1];
    DML_BUFFER_TENSOR_DESC b;
    DML_TENSOR_DESC t;
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC d;
    threadDesc(&b, &t, &d, sizes);
    float* got = (float*)malloc(sizeof(float) * N);
    long bad = 0;
    for (int k = 0; k < 20; k++) {
        memset(got, 0, sizeof(float) * N);
        if (DmlFillValueSequenceDesc(&d, DML_FEATURE_LEVEL_6_4, got, sizeof(float) * N) != S_OK || memcmp(got, want, sizeof(float) * N) != 0) {
            bad++;
        }
        UINT8 keep[4];
        b.GuaranteedBaseOffsetAlignment = (UINT)(3 + 2 * id); /* not a power of two: each thread its own value */
        if (DmlFillValueSequenceDesc(&d, DML_FEATURE_LEVEL_6_4, keep, 4) != E_INVALIDARG) {
            bad++;
        }
        yieldBriefly(); /* the other threads run and fail calls of their own meanwhile */
        char mine[64];
        snprintf(mine, sizeof mine, "GuaranteedBaseOffsetAlignment is %ld;", 3 + 2 * id);
        if (strstr(DmlFillLastError(), mine) == NULL) {
            fprintf(stderr, "thread %ld: error text %s\n", id, DmlFillLastError());
            bad++;
        }
        b.GuaranteedBaseOffsetAlignment = 0;
    }
    free(got);
    return bad;
}

/* The threads, in each system's own API: start starts work(id) in a new
 * thread, join waits for it and gives its count of calls gone wrong. */
#ifdef _WIN32
typedef HANDLE thread;
static long results[THREADS];
static DWORD WINAPI worker(LPVOID arg) {
    long id = (long)(intptr_t)arg;
    results[id] = work(id);
    return 0;
}
static void start(thread* th, long id) { *th = CreateThread(NULL, 0, worker, (LPVOID)(intptr_t)id, 0, NULL); }
static long join(thread th, long id) {
    WaitForSingleObject(th, INFINITE);
    CloseHandle(th);
    return results[id];
}
#else
typedef pthread_t thread;
static void* worker(void* arg) { return (void*)(intptr_t)work((long)(intptr_t)arg); }
static void start(thread* th, long id) { pthread_create(th, NULL, worker, (void*)(intptr_t)id); }
static long join(thread th, long id) {
    void* bad;
    (void)id;
    pthread_join(th, &bad);
    return (long)(intptr_t)bad;
}
#endif

static void threads(void) {
    UINT sizes[1];
    DML_BUFFER_TENSOR_DESC b;
    DML_TENSOR_DESC t;
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC d;
    threadDesc(&b, &t, &d, sizes);
    CHECK(DmlFillValueSequenceDesc(&d, DML_FEATURE_LEVEL_6_4, want, sizeof want) == S_OK, "threads: %s", DmlFillLastError());
    thread th[THREADS];
    for (long i = 0; i < THREADS; i++) {
        start(&th[i], i);
    }
    for (long i = 0; i < THREADS; i++) {
        long bad = join(th[i], i);
        CHECK(bad == 0, "thread %ld: %ld of its calls went wrong", i, bad);
    }
}

#ifndef _WIN32
/* forkChild runs in a forked child: every call must fail at once (an alarm
 * ends a child that hangs), saying why. Returns the child's exit status. */
static int forkChild(const char* version) {
    UINT sizes[1] = {4};
    unsigned char out[4] = {0xAA, 0xAA, 0xAA, 0xAA};
    DML_BUFFER_TENSOR_DESC b = {DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 4, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &b};
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC f;
    DML_OPERATOR_DESC o = {DML_OPERATOR_FILL_VALUE_SEQUENCE, &f};
    DMLFILL_CHECK_REPORT report;
    memset(&f, 0, sizeof f);
    f.OutputTensor = &t;
    f.ValueDataType = DML_TENSOR_DATA_TYPE_UINT8;
    alarm(10);
    if (DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT8, 1, sizes, NULL) != 0) {
        return 3;
    }
    if (DmlFillValueSequence(&o, DML_FEATURE_LEVEL_4_0, out, sizeof out) != E_FAIL || out[0] != 0xAA) {
        return 4;
    }
    if (DmlFillValueSequenceDesc(&f, DML_FEATURE_LEVEL_4_0, out, sizeof out) != E_FAIL) {
        return 5;
    }
    if (DmlCheckFillValueSequence(&o, DML_FEATURE_LEVEL_4_0, out, sizeof out, NULL, &report) != E_FAIL) {
        return 6;
    }
    if (strstr(DmlFillLastError(), "forked") == NULL) {
        return 7;
    }
    DML_SCALAR_UNION v;
    v.UInt64 = 7;
    if (DmlParseScalar(DML_TENSOR_DATA_TYPE_UINT8, "1", &v) != E_FAIL || v.UInt64 != 7) {
        return 8;
    }
    if (strcmp(DmlFillVersion(), version) != 0) {
        return 9;
    }
    return 0;
}

/* forks: twenty children, after a fill in the parent (used) or before any
 * call (unused), each of which must exit 0; then the parent still fills. */
static void forks(int used) {
    UINT sizes[1] = {4};
    const char* version = "";
    if (used) {
        CHECK(DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT8, 1, sizes, NULL) == 4, "calc before the forks");
        version = DmlFillVersion();
        CHECK(strlen(version) > 0, "no version before the forks");
    }
    for (int i = 0; i < 20; i++) {
        int status = 0;
        pid_t pid = fork();
        if (pid == 0) {
            _exit(forkChild(version));
        }
        CHECK(pid > 0, "fork failed");
        CHECK(waitpid(pid, &status, 0) == pid, "waitpid");
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child %d: %s %d", i,
              WIFSIGNALED(status) ? "killed by signal (a hang: the alarm)" : "exit status", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    }
    CHECK(DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT8, 1, sizes, NULL) == 4, "calc in the parent after the forks");
}
#endif

int main(int argc, char** argv) {
    if (argc >= 2 && strcmp(argv[1], "examples") == 0) {
        examples();
    } else if (argc >= 4 && strcmp(argv[1], "cases") == 0) {
        cases(argv[2], argv[3]);
    } else if (argc >= 3 && strcmp(argv[1], "version") == 0) {
        const char* v = DmlFillVersion();
        CHECK(strcmp(v, argv[2]) == 0, "DmlFillVersion() is \"%s\", want \"%s\"", v, argv[2]);
        CHECK(DmlFillVersion() == v, "DmlFillVersion returned another pointer the second time");
    } else if (argc >= 9 && strcmp(argv[1], "report") == 0) {
        report(argv);
        return failures ? 1 : 0; /* (its output is the reports: no "ok") */
    } else if (argc >= 2 && strcmp(argv[1], "threads") == 0) {
        threads();
#ifndef _WIN32
    } else if (argc >= 3 && strcmp(argv[1], "fork") == 0) {
        forks(strcmp(argv[2], "used") == 0);
#endif
    } else {
        fprintf(stderr, "usage: fill_test examples | version V | cases IN OUT | threads | fork used|unused | report TYPE N START DELTA WSTART WDELTA FILE\n");
        return 2;
    }
    if (failures) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
