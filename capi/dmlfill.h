/* SPDX-License-Identifier: MIT */
/*
 * dmlfill.h: DirectML's DML_OPERATOR_FILL_VALUE_SEQUENCE on the CPU, from C
 * and C++, with directml.h's own descriptor structs (libdmlfill, built from
 * github.com/dmlgo/dml's capi folder:
 *
 *     go build -buildmode=c-shared -o libdmlfill.so ./capi
 *     go build -buildmode=c-archive -o libdmlfill.a ./capi
 *
 * ). Plain C99, usable from C++.
 *
 * Where directml.h was included first (its include guard DIRECTML_H is
 * defined), this header declares none of its types again and takes them
 * from it, with the Windows types it brings (UINT, UINT64, HRESULT ...).
 * Elsewhere it declares the subset the operator needs, with directml.h's
 * names, enum values and layout: DML_TENSOR_DATA_TYPE, DML_TENSOR_TYPE,
 * DML_TENSOR_FLAGS, DML_BUFFER_TENSOR_DESC, DML_TENSOR_DESC,
 * DML_SCALAR_UNION, DML_FEATURE_LEVEL, DML_OPERATOR_TYPE (its
 * FILL_VALUE_SEQUENCE), DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC and
 * DML_OPERATOR_DESC, and the Windows types and HRESULT values they use.
 *
 * Every function may be called from many threads at once. None keeps a
 * pointer it was given past its return. A NULL pointer where one is
 * needed, or a buffer shorter than the tensor, is an error (E_INVALIDARG),
 * never a crash; on any error nothing is written.
 *
 * In a process forked from the one that loaded the library (fork() without
 * exec; Python's multiprocessing with its "fork" start method, the default
 * on Linux before Python 3.14), every function fails at once: E_FAIL
 * (DmlCalcBufferTensorSize: 0), DmlFillLastError saying why. The library's
 * Go runtime cannot run there (fork keeps the calling thread alone). Load
 * the library after the fork, or start processes by spawn.
 */
#ifndef DMLFILL_H
#define DMLFILL_H

#include <stddef.h>

#ifndef DIRECTML_H

#ifdef _WIN32
#include <windows.h>
#else
#include <stdint.h>
typedef uint8_t BYTE;
typedef int8_t INT8;
typedef uint8_t UINT8;
typedef int16_t INT16;
typedef uint16_t UINT16;
typedef int32_t INT32;
typedef uint32_t UINT32;
typedef int64_t INT64;
typedef uint64_t UINT64;
typedef uint32_t UINT;
typedef int32_t BOOL;
typedef float FLOAT;
typedef double DOUBLE;
typedef int32_t HRESULT; /* 32 bits, as Windows' LONG */
#endif

#ifndef S_OK
#define S_OK ((HRESULT)0)
#endif
#ifndef E_FAIL
#define E_FAIL ((HRESULT)0x80004005L)
#endif
#ifndef E_INVALIDARG
#define E_INVALIDARG ((HRESULT)0x80070057L)
#endif
#ifndef E_OUTOFMEMORY
#define E_OUTOFMEMORY ((HRESULT)0x8007000EL)
#endif
#ifndef SUCCEEDED
#define SUCCEEDED(hr) (((HRESULT)(hr)) >= 0)
#endif
#ifndef FAILED
#define FAILED(hr) (((HRESULT)(hr)) < 0)
#endif

typedef enum DML_TENSOR_DATA_TYPE {
    DML_TENSOR_DATA_TYPE_UNKNOWN,
    DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_UINT32,
    DML_TENSOR_DATA_TYPE_UINT16,
    DML_TENSOR_DATA_TYPE_UINT8,
    DML_TENSOR_DATA_TYPE_INT32,
    DML_TENSOR_DATA_TYPE_INT16,
    DML_TENSOR_DATA_TYPE_INT8,
    DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_UINT64,
    DML_TENSOR_DATA_TYPE_INT64,
    DML_TENSOR_DATA_TYPE_UINT4,
    DML_TENSOR_DATA_TYPE_INT4
} DML_TENSOR_DATA_TYPE;

typedef enum DML_TENSOR_TYPE {
    DML_TENSOR_TYPE_INVALID,
    DML_TENSOR_TYPE_BUFFER
} DML_TENSOR_TYPE;

typedef enum DML_TENSOR_FLAGS {
    DML_TENSOR_FLAG_NONE = 0x0,
    DML_TENSOR_FLAG_OWNED_BY_DML = 0x1
} DML_TENSOR_FLAGS;

typedef struct DML_BUFFER_TENSOR_DESC {
    DML_TENSOR_DATA_TYPE DataType;
    DML_TENSOR_FLAGS Flags;
    UINT DimensionCount;
    const UINT* Sizes;
    const UINT* Strides; /* NULL: packed */
    UINT64 TotalTensorSizeInBytes;
    UINT GuaranteedBaseOffsetAlignment;
} DML_BUFFER_TENSOR_DESC;

typedef struct DML_TENSOR_DESC {
    DML_TENSOR_TYPE Type;
    const void* Desc;
} DML_TENSOR_DESC;

typedef union DML_SCALAR_UNION {
    BYTE Bytes[8];
    INT8 Int8;
    UINT8 UInt8;
    INT16 Int16;
    UINT16 UInt16;
    INT32 Int32;
    UINT32 UInt32;
    INT64 Int64;
    UINT64 UInt64;
    FLOAT Float32;
    DOUBLE Float64;
} DML_SCALAR_UNION;

typedef enum DML_FEATURE_LEVEL {
    DML_FEATURE_LEVEL_1_0 = 0x1000,
    DML_FEATURE_LEVEL_2_0 = 0x2000,
    DML_FEATURE_LEVEL_2_1 = 0x2100,
    DML_FEATURE_LEVEL_3_0 = 0x3000,
    DML_FEATURE_LEVEL_3_1 = 0x3100,
    DML_FEATURE_LEVEL_4_0 = 0x4000,
    DML_FEATURE_LEVEL_4_1 = 0x4100,
    DML_FEATURE_LEVEL_5_0 = 0x5000,
    DML_FEATURE_LEVEL_5_1 = 0x5100,
    DML_FEATURE_LEVEL_5_2 = 0x5200,
    DML_FEATURE_LEVEL_6_0 = 0x6000,
    DML_FEATURE_LEVEL_6_1 = 0x6100,
    DML_FEATURE_LEVEL_6_2 = 0x6200,
    DML_FEATURE_LEVEL_6_3 = 0x6300,
    DML_FEATURE_LEVEL_6_4 = 0x6400
} DML_FEATURE_LEVEL;

/* DML_OPERATOR_TYPE: this library runs one operator of DirectML's list,
 * which keeps its number (104) here; DML_OPERATOR_FILL_VALUE_CONSTANT
 * (103) is named so that a descriptor of it is told apart in errors. */
typedef enum DML_OPERATOR_TYPE {
    DML_OPERATOR_INVALID = 0,
    DML_OPERATOR_FILL_VALUE_CONSTANT = 103,
    DML_OPERATOR_FILL_VALUE_SEQUENCE = 104
} DML_OPERATOR_TYPE;

typedef struct DML_OPERATOR_DESC {
    DML_OPERATOR_TYPE Type;
    const void* Desc;
} DML_OPERATOR_DESC;

typedef struct DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC {
    const DML_TENSOR_DESC* OutputTensor;
    DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION ValueStart;
    DML_SCALAR_UNION ValueDelta;
} DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC;

/*
 * The layout on LP64 (Linux, macOS) and LLP64 (64-bit Windows), as the
 * Windows SDK's DirectML.h declares the same members in the same order
 * (enums of 4 bytes, pointers and UINT64 of 8): sizes and offsets in bytes.
 * Source: DirectML.h, "Tensor descriptions" and "Operator descriptions"
 * (DML_BUFFER_TENSOR_DESC: DataType, Flags, DimensionCount, Sizes,
 * Strides, TotalTensorSizeInBytes, GuaranteedBaseOffsetAlignment;
 * DML_TENSOR_DESC and DML_OPERATOR_DESC: Type, Desc;
 * DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC: OutputTensor, ValueDataType,
 * ValueStart, ValueDelta; DML_SCALAR_UNION: 8 bytes, a DOUBLE and an
 * INT64 among its members).
 */
#if defined(__LP64__) || defined(_WIN64)
#define DMLFILL_ASSERT(name, cond) typedef char dmlfill_assert_##name[(cond) ? 1 : -1]
DMLFILL_ASSERT(data_type_size, sizeof(DML_TENSOR_DATA_TYPE) == 4);
DMLFILL_ASSERT(buffer_desc_size, sizeof(DML_BUFFER_TENSOR_DESC) == 48);
DMLFILL_ASSERT(buffer_desc_flags, offsetof(DML_BUFFER_TENSOR_DESC, Flags) == 4);
DMLFILL_ASSERT(buffer_desc_count, offsetof(DML_BUFFER_TENSOR_DESC, DimensionCount) == 8);
DMLFILL_ASSERT(buffer_desc_sizes, offsetof(DML_BUFFER_TENSOR_DESC, Sizes) == 16);
DMLFILL_ASSERT(buffer_desc_strides, offsetof(DML_BUFFER_TENSOR_DESC, Strides) == 24);
DMLFILL_ASSERT(buffer_desc_total, offsetof(DML_BUFFER_TENSOR_DESC, TotalTensorSizeInBytes) == 32);
DMLFILL_ASSERT(buffer_desc_align, offsetof(DML_BUFFER_TENSOR_DESC, GuaranteedBaseOffsetAlignment) == 40);
DMLFILL_ASSERT(tensor_desc_size, sizeof(DML_TENSOR_DESC) == 16);
DMLFILL_ASSERT(tensor_desc_desc, offsetof(DML_TENSOR_DESC, Desc) == 8);
DMLFILL_ASSERT(scalar_size, sizeof(DML_SCALAR_UNION) == 8);
DMLFILL_ASSERT(operator_desc_size, sizeof(DML_OPERATOR_DESC) == 16);
DMLFILL_ASSERT(operator_desc_desc, offsetof(DML_OPERATOR_DESC, Desc) == 8);
DMLFILL_ASSERT(fill_desc_size, sizeof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC) == 32);
DMLFILL_ASSERT(fill_desc_type, offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueDataType) == 8);
DMLFILL_ASSERT(fill_desc_start, offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueStart) == 16);
DMLFILL_ASSERT(fill_desc_delta, offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueDelta) == 24);
#undef DMLFILL_ASSERT
#endif

#endif /* !DIRECTML_H */

/* The most fits a DMLFILL_CHECK_REPORT holds: 32, twice FLOAT16's 16 models,
 * so that the models added as frameworks are read (each a model of its own)
 * and the thread splits a check finds (a fit of their own, after the
 * models) fit with room to spare; the struct stays small (under 2 KiB). A
 * check with more fits than this lists the explained ones first and says
 * how many it left out (ModelsLeftOut). */
#define DMLFILL_MAX_MODELS 32

/* DMLFILL_CHECK_OPTIONS says how DmlCheckFillValueSequence compares. Set
 * every member (a struct cleared to zeros is a check bit for bit of the
 * whole output buffer, padding unchecked). */
typedef struct DMLFILL_CHECK_OPTIONS {
    /* The distance in ULP within which a FLOAT32 or FLOAT16 element
     * passes; integer elements pass only when equal. */
    UINT64 UlpTolerance;
    /* Nonzero: a NaN matches only a NaN of the same bits. */
    BOOL BitExact;
    /* Nonzero: every byte of the buffer that no element addresses must
     * be PaddingValue (a buffer cleared to it before the fill). */
    BOOL CheckPadding;
    BYTE PaddingValue;
    /* Nonzero: buffer holds the elements alone, packed in row-major order
     * (bufferSize bytes of them: the packed size), not the whole output
     * buffer. A packed buffer has no padding: CheckPadding must be 0. */
    BOOL Packed;
    /* The start and delta as the user wrote them (text, read exactly as
     * dmlfill -start reads it: decimal or hexadecimal (0x1.8p+1), inf, nan,
     * spaces around it ignored), for the models of other
     * projects; NULL: ValueStart's and ValueDelta's values. The text must
     * read as ValueStart (ValueDelta) does: E_INVALIDARG where it reads as
     * another value of the type. */
    const char* WrittenStart;
    const char* WrittenDelta;
    /* The data's name in the text and JSON reports (NULL: "the buffer"),
     * its bytes that are not UTF-8 written as U+FFFD. */
    const char* Name;
} DMLFILL_CHECK_OPTIONS;

/* A fit: how many elements a compute model, or a thread split of one,
 * computes to the same bits. */
typedef struct DMLFILL_MODEL_FIT {
    /* The fit's name, as dmlfill prints it: a model's ("exact", "f32-fma",
     * "numpy", ...), or a torch model's split among threads, "torch-avx2 in
     * 5 parts of 30001". The library's, never freed (a name is kept once for
     * the process's life). The models of other projects (numpy,
     * torch-avx2, torch-avx512, dxdispatch, torch-cuda, cupy, jax, jax-jit,
     * onnxruntime, tensorflow, and for FLOAT32 tfjs and jax-jit-cpu) take
     * the start and delta as DMLFILL_CHECK_OPTIONS' WrittenStart and
     * WrittenDelta give them, else ValueStart's and ValueDelta's values. */
    const char* Name;
    UINT64 Matches;
    BOOL Evaluated; /* zero where the model could not be followed */
    BOOL Explains;  /* nonzero where it explains every element */
    /* A split: the parts the fill was split in and their length (the last
     * may be shorter); 0 and 0 for a model run as one part. */
    UINT64 Parts, PartLen;
} DMLFILL_MODEL_FIT;

/* DMLFILL_CHECK_REPORT is what DmlCheckFillValueSequence found: the same
 * verdict as the text and JSON reports (DmlCheckFillValueSequenceReport). */
typedef struct DMLFILL_CHECK_REPORT {
    BOOL Passed;        /* every element within tolerance, no bad padding */
    UINT64 Elements;    /* elements compared */
    UINT64 Exact;       /* the same bits (or NaN against NaN) */
    UINT64 Within;      /* within the tolerance (Exact included) */
    UINT64 Histogram[6]; /* by distance: 0, 1, 2, 3-16, more ULP, NaN against a number */
    BOOL HasWorst;      /* nonzero where an element is not exact */
    UINT64 WorstIndex;  /* the farthest element's flat row-major index */
    UINT64 WorstOffset; /* its byte offset in the buffer (Packed: in the packed elements) */
    UINT64 WorstGot;    /* its bits in the buffer */
    UINT64 WorstWant;   /* the exact result's bits */
    UINT64 WorstUlp;    /* the distance (UINT64 max: NaN against a number) */
    UINT64 PaddingBytes, BadPadding, FirstBadPadding; /* with CheckPadding; FirstBadPadding a byte offset in the buffer */
    /* FLOAT32 and FLOAT16: the fits in Models, those that explain every
     * element first, then the others in the order dmlfill prints them; and
     * how many fits did not find a slot (0 unless a check has more than
     * DMLFILL_MAX_MODELS; the text and JSON reports list them all). */
    UINT ModelCount;
    UINT ModelsLeftOut;
    DMLFILL_MODEL_FIT Models[DMLFILL_MAX_MODELS];
} DMLFILL_CHECK_REPORT;

/* DMLFILL_API: on Windows, the functions are the DLL's exports (the
 * library's own entry.c defines DMLFILL_BUILD) and a program's imports;
 * a program linked with the static library (c-archive) defines
 * DMLFILL_STATIC before this header. */
#if defined(_WIN32) && defined(DMLFILL_BUILD)
#define DMLFILL_API __declspec(dllexport)
#elif defined(_WIN32) && !defined(DMLFILL_STATIC)
#define DMLFILL_API __declspec(dllimport)
#else
#define DMLFILL_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * DmlFillValueSequence validates desc (a DML_OPERATOR_FILL_VALUE_SEQUENCE
 * descriptor) at the feature level as IDMLDevice::CreateOperator does, then
 * fills buffer, bufferSize bytes, with its elements: ValueStart +
 * i * ValueDelta, floats rounded once to nearest even, only the bytes of
 * the elements written. It returns S_OK, or E_INVALIDARG (nothing written;
 * DmlFillLastError says which field and value) for an invalid descriptor, a
 * NULL, a buffer shorter than TotalTensorSizeInBytes or not aligned to
 * GuaranteedBaseOffsetAlignment.
 */
DMLFILL_API HRESULT DmlFillValueSequence(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, void* buffer, UINT64 bufferSize);

/* DmlFillValueSequenceDesc is DmlFillValueSequence for the operator's own
 * descriptor. */
DMLFILL_API HRESULT DmlFillValueSequenceDesc(const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, void* buffer, UINT64 bufferSize);

/*
 * DmlCalcBufferTensorSize is DirectMLX's DMLCalcBufferTensorSize in 64
 * bits: the least TotalTensorSizeInBytes of a tensor of these sizes and
 * strides (NULL: packed), rounded up to a multiple of 4. It returns 0 for a
 * size of 0, a NULL sizes, a dimensionCount of 0 or more than 8 (no tensor
 * has more) or a type without an element size, and UINT64's largest value
 * where the size does not fit in 64 bits.
 */
DMLFILL_API UINT64 DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE dataType, UINT dimensionCount, const UINT* sizes, const UINT* strides);

/*
 * DmlCheckFillValueSequence compares buffer, the whole output buffer another
 * implementation wrote for desc (TotalTensorSizeInBytes of it is read), or
 * with options->Packed its elements packed, with the exact result, under
 * options (NULL: bit for bit, padding unchecked), and fills report. It
 * returns S_OK when it could compare, whatever it found (report->Passed
 * says), E_INVALIDARG as DmlFillValueSequence does, or for options that
 * cannot be (a WrittenStart that is not ValueStart's text).
 */
DMLFILL_API HRESULT DmlCheckFillValueSequence(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, const void* buffer, UINT64 bufferSize,
                                  const DMLFILL_CHECK_OPTIONS* options, DMLFILL_CHECK_REPORT* report);

/* DmlCheckFillValueSequenceReport is DmlCheckFillValueSequence (report may be
 * NULL) that also returns the report as dmlfill prints it: where text is not
 * NULL, *text receives the text report, where json is not NULL, *json the
 * document of dmlfill -report json; each a NUL-terminated UTF-8 string the
 * caller frees with DmlFillFree (NULL where the call failed). */
DMLFILL_API HRESULT DmlCheckFillValueSequenceReport(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level,
    const void* buffer, UINT64 bufferSize, const DMLFILL_CHECK_OPTIONS* options,
    DMLFILL_CHECK_REPORT* report, char** text, char** json);

/* DmlFillFree frees a string the library returned (NULL: nothing). */
DMLFILL_API void DmlFillFree(void* p);

/* DmlFillVersion returns the library's version, "0.1.0" (Semantic
 * Versioning: the Go module's version, dml.Version), a string the caller
 * never frees. In a forked child (see above) it returns the version where
 * the library had returned it before the fork, else "". */
DMLFILL_API const char* DmlFillVersion(void);

/*
 * DmlParseScalar reads text as dmlfill's -start and -delta read it (Go's
 * dml.ParseScalar) into *value: integers decimal or Go-prefixed ("0xFE",
 * "-2": an n-bit type takes -2^(n-1) to 2^n-1 and keeps the n-bit two's
 * complement); floats decimal or Go hexadecimal, "inf", "-inf" or "nan",
 * the exact value rounded once to dataType, ties to even (a decimal goes
 * straight to FLOAT16, never through FLOAT32: "0.1" is the FLOAT16 nearest
 * 0.1). All 8 bytes of *value are written: the value's bytes, zeros above.
 * It returns S_OK, or E_INVALIDARG (nothing written; DmlFillLastError says
 * why) for a NULL, a type without values (UNKNOWN, UINT4, INT4, a number
 * directml.h does not define) or text that is not a value of the type.
 */
DMLFILL_API HRESULT DmlParseScalar(DML_TENSOR_DATA_TYPE dataType, const char* text, DML_SCALAR_UNION* value);

/* DmlFillLastError returns the text of this thread's last failed call, naming
 * the field and value at fault ("" after a call that succeeded). The text
 * stays valid on this thread until its next call into the library. */
DMLFILL_API const char* DmlFillLastError(void);

#ifdef __cplusplus
}
#endif

#endif /* DMLFILL_H */
