/* Compiled by capi_test.go: a translation unit that declared directml.h's
 * types itself, its include guard DIRECTML_H defined as directml.h defines
 * it, then includes dmlfill.h. Were dmlfill.h to declare any of them again,
 * this would not compile (redefinition of a typedef, an enum or a struct). */
#define DIRECTML_H
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
typedef int32_t HRESULT;
#define S_OK ((HRESULT)0)
#define E_INVALIDARG ((HRESULT)0x80070057L)
typedef enum DML_TENSOR_DATA_TYPE { DML_TENSOR_DATA_TYPE_UNKNOWN, DML_TENSOR_DATA_TYPE_FLOAT32 } DML_TENSOR_DATA_TYPE;
typedef enum DML_TENSOR_TYPE { DML_TENSOR_TYPE_INVALID, DML_TENSOR_TYPE_BUFFER } DML_TENSOR_TYPE;
typedef enum DML_TENSOR_FLAGS { DML_TENSOR_FLAG_NONE } DML_TENSOR_FLAGS;
typedef struct DML_BUFFER_TENSOR_DESC { DML_TENSOR_DATA_TYPE DataType; DML_TENSOR_FLAGS Flags; UINT DimensionCount;
    const UINT* Sizes; const UINT* Strides; UINT64 TotalTensorSizeInBytes; UINT GuaranteedBaseOffsetAlignment; } DML_BUFFER_TENSOR_DESC;
typedef struct DML_TENSOR_DESC { DML_TENSOR_TYPE Type; const void* Desc; } DML_TENSOR_DESC;
typedef union DML_SCALAR_UNION { BYTE Bytes[8]; UINT64 UInt64; FLOAT Float32; } DML_SCALAR_UNION;
typedef enum DML_FEATURE_LEVEL { DML_FEATURE_LEVEL_6_4 = 0x6400 } DML_FEATURE_LEVEL;
typedef enum DML_OPERATOR_TYPE { DML_OPERATOR_FILL_VALUE_SEQUENCE = 104 } DML_OPERATOR_TYPE;
typedef struct DML_OPERATOR_DESC { DML_OPERATOR_TYPE Type; const void* Desc; } DML_OPERATOR_DESC;
typedef struct DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC { const DML_TENSOR_DESC* OutputTensor; DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION ValueStart; DML_SCALAR_UNION ValueDelta; } DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC;

#include "dmlfill.h"

int main(void) {
    DML_OPERATOR_DESC op = {DML_OPERATOR_FILL_VALUE_SEQUENCE, 0};
    return DmlFillValueSequence(&op, DML_FEATURE_LEVEL_6_4, 0, 0) == S_OK;
}
