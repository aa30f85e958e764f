"""Fills a NumPy array in place with libdmlfill, through ctypes: FLOAT32
0.1, 0.4, 0.7, ... as DirectML's FILL_VALUE_SEQUENCE defines it (each
element the exact value rounded once), then an error for a descriptor
DirectML would refuse. Build the library and run it from the repository's
root (Go and NumPy needed):

    go build -buildmode=c-shared -o examples/python/libdmlfill.so ./capi
    python3 examples/python/arange.py examples/python/libdmlfill.so

On Windows, build libdmlfill.dll (see the README) and pass its path.
"""
import ctypes
import sys

import numpy as np

lib = ctypes.CDLL(sys.argv[1])
UINT, UINT64 = ctypes.c_uint32, ctypes.c_uint64
FLOAT32 = 1  # DML_TENSOR_DATA_TYPE_FLOAT32
BUFFER, FILL_VALUE_SEQUENCE, LEVEL_6_4 = 1, 104, 0x6400


class BufferTensorDesc(ctypes.Structure):  # DML_BUFFER_TENSOR_DESC
    _fields_ = [("DataType", UINT), ("Flags", UINT), ("DimensionCount", UINT),
                ("Sizes", ctypes.POINTER(UINT)), ("Strides", ctypes.POINTER(UINT)),
                ("TotalTensorSizeInBytes", UINT64), ("GuaranteedBaseOffsetAlignment", UINT)]


class TensorDesc(ctypes.Structure):  # DML_TENSOR_DESC
    _fields_ = [("Type", UINT), ("Desc", ctypes.c_void_p)]


class Scalar(ctypes.Union):  # DML_SCALAR_UNION (its 64-bit members align it to 8)
    _fields_ = [("Bytes", ctypes.c_uint8 * 8), ("Float32", ctypes.c_float), ("UInt64", ctypes.c_uint64)]


class FillDesc(ctypes.Structure):  # DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC
    _fields_ = [("OutputTensor", ctypes.POINTER(TensorDesc)), ("ValueDataType", UINT),
                ("ValueStart", Scalar), ("ValueDelta", Scalar)]


assert ctypes.sizeof(BufferTensorDesc) == 48 and ctypes.sizeof(FillDesc) == 32  # directml.h's layout

lib.DmlFillValueSequenceDesc.argtypes = [ctypes.POINTER(FillDesc), UINT, ctypes.c_void_p, UINT64]
lib.DmlFillValueSequenceDesc.restype = ctypes.c_int32
lib.DmlFillLastError.restype = ctypes.c_char_p


def fill_float32(array, start, delta):
    """Fills array (float32, C order) with start + i*delta; returns the HRESULT."""
    sizes = (UINT * array.ndim)(*array.shape)
    buf = BufferTensorDesc(FLOAT32, 0, array.ndim, sizes, None, array.nbytes, 0)
    tensor = TensorDesc(BUFFER, ctypes.cast(ctypes.pointer(buf), ctypes.c_void_p))
    desc = FillDesc(ctypes.pointer(tensor), FLOAT32)
    desc.ValueStart.Float32, desc.ValueDelta.Float32 = start, delta
    return lib.DmlFillValueSequenceDesc(ctypes.byref(desc), LEVEL_6_4, array.ctypes.data, array.nbytes)


a = np.empty((2, 3), dtype=np.float32)
if fill_float32(a, 0.1, 0.3) != 0:
    sys.exit("fill: " + lib.DmlFillLastError().decode())
print(a)

empty = np.empty((0,), dtype=np.float32)  # a size of 0: DirectML refuses it
hr = fill_float32(empty, 0.0, 1.0)
print("HRESULT %#010x: %s" % (hr & 0xFFFFFFFF, lib.DmlFillLastError().decode()))
