"""The C library's interface, for ctypes: a mirror of capi/dmlfill.h's
structs, with every function's argtypes and restype declared once here.
tests/test_capi.py compiles a C program against the header to hold every
size and offset of this mirror to the header's."""
import ctypes
import os
import sys

BYTE, UINT, UINT64, BOOL, HRESULT = ctypes.c_uint8, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_int32, ctypes.c_int32

S_OK = 0
E_FAIL = -0x7FFFBFFB  # 0x80004005
E_INVALIDARG = -0x7FF8FFA9  # 0x80070057

DML_TENSOR_TYPE_BUFFER = 1
DML_OPERATOR_FILL_VALUE_SEQUENCE = 104
DMLFILL_MAX_MODELS = 32

# DML_TENSOR_DATA_TYPE: the names' numbers, as directml.h has them.
DATA_TYPES = {
    "UNKNOWN": 0, "FLOAT32": 1, "FLOAT16": 2, "UINT32": 3, "UINT16": 4, "UINT8": 5, "INT32": 6,
    "INT16": 7, "INT8": 8, "FLOAT64": 9, "UINT64": 10, "INT64": 11, "UINT4": 12, "INT4": 13,
}

# DML_FEATURE_LEVEL: "6_4" -> 0x6400.
FEATURE_LEVELS = {
    "1_0": 0x1000, "2_0": 0x2000, "2_1": 0x2100, "3_0": 0x3000, "3_1": 0x3100, "4_0": 0x4000,
    "4_1": 0x4100, "5_0": 0x5000, "5_1": 0x5100, "5_2": 0x5200, "6_0": 0x6000, "6_1": 0x6100,
    "6_2": 0x6200, "6_3": 0x6300, "6_4": 0x6400,
}


class DML_BUFFER_TENSOR_DESC(ctypes.Structure):
    _fields_ = [("DataType", UINT), ("Flags", UINT), ("DimensionCount", UINT),
                ("Sizes", ctypes.POINTER(UINT)), ("Strides", ctypes.POINTER(UINT)),
                ("TotalTensorSizeInBytes", UINT64), ("GuaranteedBaseOffsetAlignment", UINT)]


class DML_TENSOR_DESC(ctypes.Structure):
    _fields_ = [("Type", UINT), ("Desc", ctypes.c_void_p)]


class DML_SCALAR_UNION(ctypes.Union):
    _fields_ = [("Bytes", BYTE * 8), ("Int8", ctypes.c_int8), ("UInt8", ctypes.c_uint8),
                ("Int16", ctypes.c_int16), ("UInt16", ctypes.c_uint16), ("Int32", ctypes.c_int32),
                ("UInt32", ctypes.c_uint32), ("Int64", ctypes.c_int64), ("UInt64", ctypes.c_uint64),
                ("Float32", ctypes.c_float), ("Float64", ctypes.c_double)]


class DML_OPERATOR_DESC(ctypes.Structure):
    _fields_ = [("Type", UINT), ("Desc", ctypes.c_void_p)]


class DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC(ctypes.Structure):
    _fields_ = [("OutputTensor", ctypes.POINTER(DML_TENSOR_DESC)), ("ValueDataType", UINT),
                ("ValueStart", DML_SCALAR_UNION), ("ValueDelta", DML_SCALAR_UNION)]


class DMLFILL_CHECK_OPTIONS(ctypes.Structure):
    _fields_ = [("UlpTolerance", UINT64), ("BitExact", BOOL), ("CheckPadding", BOOL), ("PaddingValue", BYTE),
                ("Packed", BOOL), ("WrittenStart", ctypes.c_char_p), ("WrittenDelta", ctypes.c_char_p),
                ("Name", ctypes.c_char_p)]


class DMLFILL_MODEL_FIT(ctypes.Structure):
    _fields_ = [("Name", ctypes.c_char_p), ("Matches", UINT64), ("Evaluated", BOOL), ("Explains", BOOL),
                ("Parts", UINT64), ("PartLen", UINT64)]


class DMLFILL_CHECK_REPORT(ctypes.Structure):
    _fields_ = [("Passed", BOOL), ("Elements", UINT64), ("Exact", UINT64), ("Within", UINT64),
                ("Histogram", UINT64 * 6), ("HasWorst", BOOL), ("WorstIndex", UINT64),
                ("WorstOffset", UINT64), ("WorstGot", UINT64), ("WorstWant", UINT64),
                ("WorstUlp", UINT64), ("PaddingBytes", UINT64), ("BadPadding", UINT64),
                ("FirstBadPadding", UINT64), ("ModelCount", UINT), ("ModelsLeftOut", UINT),
                ("Models", DMLFILL_MODEL_FIT * DMLFILL_MAX_MODELS)]


STRUCTS = [DML_BUFFER_TENSOR_DESC, DML_TENSOR_DESC, DML_SCALAR_UNION, DML_OPERATOR_DESC,
           DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, DMLFILL_CHECK_OPTIONS, DMLFILL_MODEL_FIT,
           DMLFILL_CHECK_REPORT]

# The functions: name -> (restype, argtypes), as dmlfill.h declares them.
FUNCTIONS = {
    "DmlFillValueSequence": (HRESULT, [ctypes.POINTER(DML_OPERATOR_DESC), UINT, ctypes.c_void_p, UINT64]),
    "DmlFillValueSequenceDesc": (HRESULT, [ctypes.POINTER(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC), UINT,
                                           ctypes.c_void_p, UINT64]),
    "DmlCalcBufferTensorSize": (UINT64, [UINT, UINT, ctypes.POINTER(UINT), ctypes.POINTER(UINT)]),
    "DmlCheckFillValueSequence": (HRESULT, [ctypes.POINTER(DML_OPERATOR_DESC), UINT, ctypes.c_void_p, UINT64,
                                            ctypes.POINTER(DMLFILL_CHECK_OPTIONS),
                                            ctypes.POINTER(DMLFILL_CHECK_REPORT)]),
    "DmlCheckFillValueSequenceReport": (HRESULT, [ctypes.POINTER(DML_OPERATOR_DESC), UINT, ctypes.c_void_p, UINT64,
                                                  ctypes.POINTER(DMLFILL_CHECK_OPTIONS),
                                                  ctypes.POINTER(DMLFILL_CHECK_REPORT),
                                                  ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p)]),
    "DmlFillFree": (None, [ctypes.c_void_p]),
    "DmlParseScalar": (HRESULT, [UINT, ctypes.c_char_p, ctypes.POINTER(DML_SCALAR_UNION)]),
    "DmlFillVersion": (ctypes.c_char_p, []),
    "DmlFillLastError": (ctypes.c_char_p, []),
}


def library_name():
    """The file name go build -buildmode=c-shared gives the library here."""
    if sys.platform == "win32":
        return "libdmlfill.dll"
    if sys.platform == "darwin":
        return "libdmlfill.dylib"
    return "libdmlfill.so"


def load(path=None):
    """Loads the library (path; else $DMLFILL_LIBRARY; else the one built
    into the package) and declares its functions."""
    path = path or os.environ.get("DMLFILL_LIBRARY") or os.path.join(os.path.dirname(__file__), library_name())
    if not os.path.exists(path):
        raise ImportError("dmlfill: the C library %s is not there: install the package (pip install ./python, "
                          "which builds it with Go) or name a libdmlfill in $DMLFILL_LIBRARY" % path)
    lib = ctypes.CDLL(path)
    for name, (restype, argtypes) in FUNCTIONS.items():
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = argtypes
    return lib
