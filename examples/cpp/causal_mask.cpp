// The causal mask ONNX Runtime's DirectML attention fills, computed on the CPU
// by libdmlfill from directml.h's own structs. Build and run it from the
// repository's root, with Go, g++ and bash:
//
//     bash examples/cpp/build.sh
//
// It prints "10 11 12 13 14 15".
#include <cstdio>
#include <vector>
#include "dmlfill.h"

int main() {
    UINT sizes[2] = {1, 6}; // {1, batchSize}
    DML_BUFFER_TENSOR_DESC buffer = {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_FLAG_NONE, 2, sizes, nullptr,
                                     DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_INT32, 2, sizes, nullptr), 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC fill = {&tensor, DML_TENSOR_DATA_TYPE_INT32, {}, {}};
    fill.ValueStart.Int32 = 10; // pastSequenceLength
    fill.ValueDelta.Int32 = 1;
    DML_OPERATOR_DESC op = {DML_OPERATOR_FILL_VALUE_SEQUENCE, &fill};

    std::vector<int32_t> mask(6);
    HRESULT hr = DmlFillValueSequence(&op, DML_FEATURE_LEVEL_4_0, mask.data(), mask.size() * sizeof mask[0]);
    if (FAILED(hr)) {
        std::printf("error %#x: %s\n", (unsigned)hr, DmlFillLastError());
        return 1;
    }
    for (size_t i = 0; i < mask.size(); i++) std::printf(i ? " %d" : "%d", mask[i]);
    std::printf("\n");
}
