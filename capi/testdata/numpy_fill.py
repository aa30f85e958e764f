"""The Python test of libdmlfill, run by capi_test.go: ctypes structures of
dmlfill.h, a fill of a NumPy array in place, its elements against NumPy's
own arange (integers: exact; float32 of integers: exact), layouts past
16 MiB with padding on buffers filled with a pattern first (every byte,
elements and padding, against a reference NumPy computes alone), an invalid
descriptor refused with the array untouched, and the check.

Usage: python3 numpy_fill.py path/to/libdmlfill.so
"""
import ctypes
import sys

import numpy as np

lib = ctypes.CDLL(sys.argv[1])

UINT, UINT64, HRESULT = ctypes.c_uint32, ctypes.c_uint64, ctypes.c_int32
FLOAT32, INT32, UINT8 = 1, 6, 5
TENSOR_TYPE_BUFFER, FILL_VALUE_SEQUENCE, LEVEL_6_4 = 1, 104, 0x6400
E_INVALIDARG = -2147024809  # 0x80070057


class BufferTensorDesc(ctypes.Structure):
    _fields_ = [("DataType", UINT), ("Flags", UINT), ("DimensionCount", UINT),
                ("Sizes", ctypes.POINTER(UINT)), ("Strides", ctypes.POINTER(UINT)),
                ("TotalTensorSizeInBytes", UINT64), ("GuaranteedBaseOffsetAlignment", UINT)]


class TensorDesc(ctypes.Structure):
    _fields_ = [("Type", UINT), ("Desc", ctypes.c_void_p)]


class ScalarUnion(ctypes.Union):
    _fields_ = [("Bytes", ctypes.c_uint8 * 8), ("Int32", ctypes.c_int32), ("Float32", ctypes.c_float),
                ("UInt64", ctypes.c_uint64)]


class FillDesc(ctypes.Structure):
    _fields_ = [("OutputTensor", ctypes.POINTER(TensorDesc)), ("ValueDataType", UINT),
                ("ValueStart", ScalarUnion), ("ValueDelta", ScalarUnion)]


class OperatorDesc(ctypes.Structure):
    _fields_ = [("Type", UINT), ("Desc", ctypes.c_void_p)]


lib.DmlFillValueSequence.argtypes = [ctypes.POINTER(OperatorDesc), UINT, ctypes.c_void_p, UINT64]
lib.DmlFillValueSequence.restype = HRESULT
lib.DmlFillLastError.restype = ctypes.c_char_p

assert ctypes.sizeof(BufferTensorDesc) == 48 and ctypes.sizeof(FillDesc) == 32


def fill(array, dtype_code, start, delta, sizes, strides=None):
    """Fills array in place; returns the HRESULT."""
    n = len(sizes)
    s = (UINT * n)(*sizes)
    st = (UINT * n)(*strides) if strides else None
    b = BufferTensorDesc(dtype_code, 0, n, s, st, array.nbytes, 0)
    t = TensorDesc(TENSOR_TYPE_BUFFER, ctypes.cast(ctypes.pointer(b), ctypes.c_void_p))
    d = FillDesc(ctypes.pointer(t), dtype_code)
    if dtype_code == FLOAT32:
        d.ValueStart.Float32, d.ValueDelta.Float32 = start, delta
    else:
        d.ValueStart.Int32, d.ValueDelta.Int32 = start, delta
    op = OperatorDesc(FILL_VALUE_SEQUENCE, ctypes.cast(ctypes.pointer(d), ctypes.c_void_p))
    return lib.DmlFillValueSequence(ctypes.byref(op), LEVEL_6_4, array.ctypes.data, array.nbytes)


a = np.zeros((3, 1000), dtype=np.int32)
assert fill(a, INT32, 5, -3, [3, 1000]) == 0, lib.DmlFillLastError()
assert np.array_equal(a.ravel(), np.arange(5, 5 - 3 * 3000, -3, dtype=np.int32)), a

f = np.zeros(4096, dtype=np.float32)
assert fill(f, FLOAT32, -100.0, 0.5, [4096]) == 0, lib.DmlFillLastError()
assert np.array_equal(f, np.arange(4096, dtype=np.float32) * np.float32(0.5) + np.float32(-100.0)), f

# NHWC: channels innermost, the elements' flat index channel-major.
h = np.zeros((4, 5, 3), dtype=np.int32)  # H, W, C in memory
assert fill(h, INT32, 0, 1, [1, 3, 4, 5], [60, 1, 15, 3]) == 0, lib.DmlFillLastError()
assert np.array_equal(h.transpose(2, 0, 1).ravel(), np.arange(60, dtype=np.int32)), h

# Past 16 MiB, padded, on a buffer of 0xAA bytes: the elements are
# NumPy's arange at the offsets NumPy computes, every other byte stays.
# (Rows of 120 in 123, and 2x120 blocks 305844 apart: the store verdict's
# measurement once wrote zeros over padding and over other workers' rows.)
for sizes, strides in (([40000, 120], [123, 1]), ([20, 2, 120], [305844, 123, 1])):
    span = sum((n - 1) * s for n, s in zip(sizes, strides)) + 1
    buf = np.full(span, -0x55555556, dtype=np.int32)  # 0xAAAAAAAA
    assert fill(buf, INT32, 7, 3, sizes, strides) == 0, lib.DmlFillLastError()
    idx = np.indices(sizes).reshape(len(sizes), -1)
    offs = (idx * np.array(strides).reshape(-1, 1)).sum(axis=0)
    want = np.full(span, -0x55555556, dtype=np.int32)
    want[offs] = np.arange(7, 7 + 3 * offs.size, 3, dtype=np.int64).astype(np.int32)
    bad = np.flatnonzero(buf != want)
    assert bad.size == 0, (sizes, strides, bad.size, bad[:5], buf[bad[:5]], want[bad[:5]])

u = np.full(8, 0xA5, dtype=np.uint8)
# An INT32 descriptor of 8 elements over the 8 bytes of a uint8 array: its
# TotalTensorSizeInBytes (8) is short of the 32 bytes the elements need.
assert fill(u, INT32, 1, 1, [1, 1, 2, 4]) == E_INVALIDARG
assert b"TotalTensorSizeInBytes" in lib.DmlFillLastError() or b"buffer" in lib.DmlFillLastError(), lib.DmlFillLastError()
assert (u == 0xA5).all(), u
print("ok")
