"""dmlfill: DirectML's DML_OPERATOR_FILL_VALUE_SEQUENCE on the CPU, exact,
for NumPy and PyTorch.

fill() returns the operator's output (element i is start + i*delta, floats
the exact value rounded once to nearest even) as a NumPy array; check()
judges an array another implementation wrote (a GPU's, a framework's
arange) against it, and names the computation that explains it. Both run
libdmlfill, the C library of github.com/dmlgo/dml (its capi folder), which
the install builds with Go and puts in this package.

Values (start, delta) are read as the command dmlfill reads -start and
-delta: a Python int exactly, a float as repr() writes it (the shortest
text that reads back to it), a str as written ("0.1" as FLOAT16 is the
FLOAT16 nearest 0.1, never rounded through FLOAT32 first).
"""
import ctypes
import decimal
import json
import numbers

import numpy as np

from . import _capi

__all__ = ["fill", "check", "Report", "Error", "InvalidArgError", "__version__"]

_lib = _capi.load()

__version__ = _lib.DmlFillVersion().decode()

# NumPy's dtype of each DML type with values of whole bytes.
_NUMPY_TYPES = {
    "FLOAT32": np.float32, "FLOAT16": np.float16, "FLOAT64": np.float64, "UINT8": np.uint8,
    "UINT16": np.uint16, "UINT32": np.uint32, "UINT64": np.uint64, "INT8": np.int8,
    "INT16": np.int16, "INT32": np.int32, "INT64": np.int64,
}
_DML_NAMES = {np.dtype(t): name for name, t in _NUMPY_TYPES.items()}

_UINT_MAX = 2**32 - 1


class Error(Exception):
    """A call the library failed: the library's message, its HRESULT in
    .hresult (a negative int, as C's HRESULT)."""

    def __init__(self, message, hresult=_capi.E_FAIL):
        super().__init__(message)
        self.hresult = hresult


class InvalidArgError(Error, ValueError):
    """An invalid descriptor, value or buffer (E_INVALIDARG): the message
    names the field and value at fault."""

    def __init__(self, message, hresult=_capi.E_INVALIDARG):
        super().__init__(message, hresult)


def _raise(hr):
    """Raises the error of the call that returned hr (DmlFillLastError is
    per thread: a ctypes call and the reading of its error run on one)."""
    msg = _lib.DmlFillLastError().decode("utf-8", "replace")
    if hr == _capi.E_INVALIDARG:
        raise InvalidArgError(msg)
    raise Error(msg or "HRESULT %#010x" % (hr & 0xFFFFFFFF), hr)


def _dml_type(dtype):
    """The DML name of dtype: a DML name in any case ("float16",
    "DML_TENSOR_DATA_TYPE_FLOAT16"), or anything np.dtype takes."""
    if isinstance(dtype, str):
        name = dtype.strip().upper()
        if name.startswith("DML_TENSOR_DATA_TYPE_"):
            name = name[len("DML_TENSOR_DATA_TYPE_"):]
        if name in _capi.DATA_TYPES:
            return name
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise InvalidArgError("dmlfill: data type %r is neither a DML name (%s) nor a NumPy dtype"
                              % (dtype, ", ".join(_capi.DATA_TYPES))) from None
    if dt.byteorder == ">" or dt not in _DML_NAMES and dt.newbyteorder("=") in _DML_NAMES:
        raise InvalidArgError("dmlfill: data type %s is big-endian; DirectML's elements are little-endian" % dt)
    if dt not in _DML_NAMES:
        raise InvalidArgError("dmlfill: NumPy dtype %s has no DML type; want one of %s"
                              % (dt, ", ".join(str(np.dtype(t)) for t in _NUMPY_TYPES.values())))
    return _DML_NAMES[dt]


def _level(level):
    """DML_FEATURE_LEVEL of level: None (6_4, the latest), "6.4", "6_4",
    "DML_FEATURE_LEVEL_6_4", or the enum's number (0x6400)."""
    if level is None:
        return _capi.FEATURE_LEVELS["6_4"]
    if isinstance(level, numbers.Integral) and not isinstance(level, bool):
        if not 0 <= level <= _UINT_MAX:
            raise InvalidArgError("dmlfill: feature level %d is not a DML_FEATURE_LEVEL" % level)
        return int(level)
    if isinstance(level, str):
        name = level.strip().upper().replace(".", "_")
        if name.startswith("DML_FEATURE_LEVEL_"):
            name = name[len("DML_FEATURE_LEVEL_"):]
        if name in _capi.FEATURE_LEVELS:
            return _capi.FEATURE_LEVELS[name]
    raise InvalidArgError("dmlfill: feature level %r; want one of %s" % (level, ", ".join(
        k.replace("_", ".") for k in _capi.FEATURE_LEVELS)))


def _uints(name, values):
    """values (an int, or a sequence of ints) as a tuple of UINTs."""
    if isinstance(values, numbers.Integral):
        values = (values,)
    try:
        out = tuple(values)
    except TypeError:
        raise InvalidArgError("dmlfill: %s is %r; want a sequence of integers" % (name, values)) from None
    for i, v in enumerate(out):
        if not isinstance(v, numbers.Integral) or isinstance(v, bool) or not 0 <= v <= _UINT_MAX:
            raise InvalidArgError("dmlfill: %s[%d] is %r; want an integer from 0 to %d" % (name, i, v, _UINT_MAX))
    return tuple(int(v) for v in out)


def _text(name, value):
    """value as the text DmlParseScalar reads: an int in decimal, a float
    as repr() writes it, a str as it is."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        raise InvalidArgError("dmlfill: %s is %r; want a number or its text" % (name, value))
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return repr(float(value))  # (a NumPy float's value exactly, as a float holds every float16 and float32)
    if isinstance(value, decimal.Decimal):
        return str(value)
    raise InvalidArgError("dmlfill: %s is %r (%s); want an int, a float or a decimal string"
                          % (name, value, type(value).__name__))


def _scalar(dml_type, name, value):
    """DmlParseScalar of value: the DML_SCALAR_UNION and the text read."""
    text = _text(name, value)
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidArgError("dmlfill: %s %r is not a value" % (name, text)) from None
    if b"\0" in raw:  # (C reads a text to its first NUL: "1\x005" would read as 1)
        raise InvalidArgError("dmlfill: %s %r holds a NUL character; it is not a value" % (name, text))
    scalar = _capi.DML_SCALAR_UNION()
    hr = _lib.DmlParseScalar(_capi.DATA_TYPES[dml_type], raw, ctypes.byref(scalar))
    if hr != _capi.S_OK:
        _raise(hr)
    return scalar, text


class _Desc:
    """A FILL_VALUE_SEQUENCE operator descriptor and the ctypes objects it
    points to (kept alive with it)."""

    def __init__(self, dml_type, sizes, strides, start, delta):
        n = len(sizes)
        self.type = dml_type
        self.sizes = (_capi.UINT * max(n, 1))(*sizes)
        self.strides = None if strides is None else (_capi.UINT * max(n, 1))(*strides)
        self.total = _lib.DmlCalcBufferTensorSize(_capi.DATA_TYPES[dml_type], n, self.sizes, self.strides)
        self.buffer = _capi.DML_BUFFER_TENSOR_DESC(
            _capi.DATA_TYPES[dml_type], 0, n, self.sizes, self.strides, self.total, 0)
        self.tensor = _capi.DML_TENSOR_DESC(_capi.DML_TENSOR_TYPE_BUFFER, ctypes.addressof(self.buffer))
        self.fill = _capi.DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC(
            ctypes.pointer(self.tensor), _capi.DATA_TYPES[dml_type], start, delta)
        self.op = _capi.DML_OPERATOR_DESC(_capi.DML_OPERATOR_FILL_VALUE_SEQUENCE, ctypes.addressof(self.fill))


def _descriptor(dtype, sizes, strides, start, delta):
    dml_type = _dml_type(dtype)
    sizes = _uints("sizes", sizes)
    if strides is not None:
        strides = _uints("strides", strides)
    start, start_text = _scalar(dml_type, "start", start)
    delta, delta_text = _scalar(dml_type, "delta", delta)
    return _Desc(dml_type, sizes, strides, start, delta), start_text, delta_text


def _writable(out):
    """The bytes of out, a writable buffer (bytearray, memoryview, a NumPy
    array, mmap ...) or an object whose NumPy array is a view of its memory
    (a PyTorch CPU tensor), as a flat uint8 NumPy array over them."""
    try:
        view = memoryview(out)
    except TypeError:
        try:
            arr = np.asarray(out)
        except (TypeError, ValueError, RuntimeError, BufferError) as e:  # (PyTorch: requires grad, bfloat16)
            raise InvalidArgError("dmlfill: out (%s) gives no NumPy view of its memory: %s"
                                  % (type(out).__name__, e)) from None
        if arr.flags.owndata or not arr.flags.writeable:
            raise InvalidArgError("dmlfill: out (%s) is not a writable buffer and gives no writable view "
                                  "of its memory" % type(out).__name__) from None
        view = memoryview(arr)
    if view.readonly:
        raise InvalidArgError("dmlfill: out (%s) is read-only" % type(out).__name__)
    if not view.c_contiguous:
        raise InvalidArgError("dmlfill: out (%s) is not contiguous: the tensor's buffer is one block of memory"
                              % type(out).__name__)
    return np.frombuffer(view.cast("B") if view.ndim != 1 or view.format != "B" else view, dtype=np.uint8)


def _shaped(buf, desc):
    """The tensor's elements in buf (the whole buffer) as an array of its
    shape: a view, strided where desc has strides."""
    dt = np.dtype(_NUMPY_TYPES[desc.type])
    sizes = tuple(desc.sizes)[:desc.buffer.DimensionCount]
    if desc.strides is None:
        n = int(np.prod(sizes, dtype=np.uint64))
        return buf[:n * dt.itemsize].view(dt).reshape(sizes)
    strides = tuple(s * dt.itemsize for s in tuple(desc.strides)[:len(sizes)])
    return np.ndarray(sizes, dtype=dt, buffer=buf, strides=strides)


def fill(dtype, sizes, start, delta, strides=None, level=None, out=None):
    """Returns the operator's output for this descriptor as a NumPy array of
    shape sizes: element i (the flat row-major index) is start + i*delta,
    floats the exact value rounded once to nearest even, integers modulo
    2**bits.

    dtype: a DML name ("FLOAT16", any case) or a NumPy dtype (np.float16).
    sizes: the tensor's sizes (an int for one dimension). start, delta: a
    number or its text, read as dmlfill -start reads it (see the package's
    doc). strides: DirectML's strides, in elements; the array is then a
    strided view of the whole buffer (its .base), the padding zero.
    level: the feature level the descriptor is validated at ("6.4", the
    latest, where None). out: a writable buffer (a NumPy array, bytearray,
    memoryview, a PyTorch CPU tensor) of at least the tensor's
    TotalTensorSizeInBytes (the bytes its elements span, rounded up to a
    multiple of 4), contiguous, filled in place, the bytes no element
    addresses left as they were; the array returned is a view of it.

    Raises InvalidArgError (a ValueError) with the library's message for a
    descriptor DirectML's CreateOperator refuses, or a short buffer."""
    desc, _, _ = _descriptor(dtype, sizes, strides, start, delta)
    if out is None:
        try:
            buf = np.zeros(desc.total, dtype=np.uint8)
        except (MemoryError, ValueError):
            _probe(desc, level)  # an invalid descriptor says so before memory runs out
            raise
    else:
        buf = _writable(out)
    hr = _lib.DmlFillValueSequence(ctypes.byref(desc.op), _level(level), buf.ctypes.data, buf.nbytes)
    if hr != _capi.S_OK:
        _raise(hr)
    return _shaped(buf, desc)


def _probe(desc, level):
    """Raises the library's error where desc is invalid (a fill of no
    buffer: the descriptor is validated first); returns where only the
    missing buffer is at fault."""
    hr = _lib.DmlFillValueSequence(ctypes.byref(desc.op), _level(level), None, 0)
    msg = _lib.DmlFillLastError().decode("utf-8", "replace")
    if hr != _capi.S_OK and not msg.startswith("dml: buffer is NULL"):
        _raise(hr)


def _as_array(data):
    """data as a NumPy array of its elements: a NumPy array itself, else
    through __dlpack__ (PyTorch's CPU tensors, sharing memory), else
    __array__."""
    if isinstance(data, np.ndarray):
        return data
    errors = []
    if hasattr(data, "__dlpack__"):
        try:
            return np.from_dlpack(data)
        except (TypeError, ValueError, BufferError, RuntimeError) as e:
            errors.append(str(e))
    if hasattr(data, "__array__") or hasattr(data, "__array_interface__"):
        try:
            return np.asarray(data)
        except (TypeError, ValueError, RuntimeError) as e:
            errors.append(str(e))
    raise InvalidArgError("dmlfill: check: data (%s) gives no array in CPU memory%s" % (
        type(data).__name__, ": " + "; ".join(errors) if errors else
        "; want a NumPy array, a PyTorch CPU tensor, anything with __array__ or __dlpack__, or bytes"))


def _little_endian(arr):
    if arr.dtype.byteorder == ">":
        return arr.astype(arr.dtype.newbyteorder("<"))
    return arr


def _check_data(data, dtype, sizes, strides):
    """The DML type, sizes and bytes check() compares: from data where
    dtype and sizes are not given."""
    try:
        raw = None if hasattr(data, "__array__") or hasattr(data, "__dlpack__") else memoryview(data)
    except TypeError:
        raw = None
    if raw is not None:
        if not raw.c_contiguous:
            raise InvalidArgError("dmlfill: check: data (%s) is not contiguous" % type(data).__name__)
        buf = np.frombuffer(raw.cast("B") if raw.ndim != 1 or raw.format != "B" else raw, dtype=np.uint8)
        if dtype is None:
            raise InvalidArgError("dmlfill: check: data of %s carries no type: give dtype" % type(data).__name__)
        dml_type = _dml_type(dtype)
        shape = None
    else:
        arr = _little_endian(_as_array(data))
        dml_type = _dml_type(arr.dtype if dtype is None else dtype)
        shape = arr.shape if _NUMPY_TYPES.get(dml_type) == arr.dtype.type else None
        buf = np.ascontiguousarray(arr).reshape(-1).view(np.uint8)
    if sizes is None:
        if strides is not None:
            raise InvalidArgError("dmlfill: check: with strides, data is the whole buffer: give sizes")
        if shape is None:
            size = np.dtype(_NUMPY_TYPES[dml_type]).itemsize if dml_type in _NUMPY_TYPES else 1
            shape = (buf.nbytes // size,)
        sizes = shape if len(shape) > 0 else (1,)
    return dml_type, sizes, buf


class Report:
    """What check() found, as the command dmlfill reports it: str() is its
    text report, to_dict() its JSON document (dmlfill -report json), and the
    attributes read that document."""

    def __init__(self, doc, text):
        self._doc = doc
        self._text = text

    @property
    def ok(self):
        """Every element within the tolerance (and no bad padding)."""
        return self._doc["ok"]

    @property
    def elements(self):
        """The elements compared."""
        return self._doc["elements"]

    @property
    def exact(self):
        """The elements of the exact result's bits (or NaN against NaN)."""
        return self._doc["exact"]

    @property
    def within(self):
        """The elements within the ULP tolerance (exact included)."""
        return self._doc["within"]

    @property
    def worst(self):
        """The farthest element (a dict: index, coords, offset, got, want,
        gotBits, wantBits, ulp), or None where every element is exact."""
        return self._doc["worst"]

    @property
    def models(self):
        """FLOAT32 and FLOAT16: each computation's name -> the elements it
        computes to the same bits (None where it could not be followed);
        PyTorch's fills split among threads under their full name ("torch-avx2
        in 5 parts of 30001"). Empty for the other types."""
        return dict(self._doc.get("models") or {})

    @property
    def explained_by(self):
        """The names of the computations that give every element's bits."""
        return list(self._doc.get("explainedBy") or [])

    @property
    def frameworks(self):
        """For each computation in explained_by that stands for frameworks:
        its name -> a dict of "frameworks" (their names, versions and
        modes), "emulation" (True where no real output of theirs holds the
        model, only an emulation of their source) and "computesAs" (the
        computations that give the same elements on every fill)."""
        return json.loads(json.dumps(self._doc.get("frameworks") or {}))

    @property
    def nearest(self):
        """Where none explains the data, the one nearest (a dict: name,
        matches, firstMiss), else None."""
        return self._doc.get("nearest")

    def to_dict(self):
        """The command's JSON report (dmlfill -report json), as a dict."""
        return json.loads(json.dumps(self._doc))

    def __str__(self):
        return self._text

    def __repr__(self):
        return "<dmlfill.Report ok=%s exact=%d/%d explained_by=%s>" % (
            self.ok, self.exact, self.elements, self.explained_by)


def check(data, start, delta, dtype=None, sizes=None, strides=None, ulp=0, level=None,
          bit_exact=False, padding=None, name=None):
    """Judges data, another implementation's output for this descriptor (a
    GPU's, a framework's arange), against the exact result, as dmlfill
    -check does, and returns its Report.

    data: a NumPy array, anything with __array__ or __dlpack__ (a PyTorch
    CPU tensor), or bytes (any buffer). Without strides it holds the
    elements in row-major order (an array of any layout is read in its
    row-major order); with strides it is the tensor's whole buffer, sizes
    given, and padding (a byte value) asks that every byte no element
    addresses hold it. dtype and sizes come from the data where not given
    (a dtype other than the data's reads its bytes as that type).
    start, delta: the values as written (a float, an int or a decimal
    string), as the command takes them: the descriptor holds them rounded
    to dtype, and the models of other projects (numpy, torch) compute from
    them as written. ulp: the distance in ULP within which a float element
    passes. bit_exact: a NaN matches only a NaN of the same bits. level:
    the feature level the descriptor is validated at. name: the data's name
    in the reports ("the buffer" where None).

    Raises InvalidArgError with the library's message for an invalid
    descriptor, or data of another size than the tensor's."""
    dml_type, sizes, buf = _check_data(data, dtype, sizes, strides)
    desc, start_text, delta_text = _descriptor(dml_type, sizes, strides, start, delta)
    if not isinstance(ulp, numbers.Integral) or isinstance(ulp, bool) or not 0 <= ulp < 2**64:
        raise InvalidArgError("dmlfill: check: ulp is %r; want an integer from 0" % (ulp,))
    if padding is not None and (not isinstance(padding, numbers.Integral) or not 0 <= padding <= 255):
        raise InvalidArgError("dmlfill: check: padding is %r; want a byte value, 0 to 255" % (padding,))
    if padding is not None and strides is None:
        raise InvalidArgError("dmlfill: check: padding is %d without strides: data holds the elements alone, "
                              "with no padding (give strides to check a whole buffer)" % padding)
    if name is not None and "\0" in str(name):
        raise InvalidArgError("dmlfill: check: name %r holds a NUL character, where C's text ends" % (str(name),))
    options = _capi.DMLFILL_CHECK_OPTIONS(
        UlpTolerance=int(ulp), BitExact=bool(bit_exact), CheckPadding=padding is not None,
        PaddingValue=0 if padding is None else int(padding), Packed=strides is None,
        WrittenStart=start_text.encode("utf-8"), WrittenDelta=delta_text.encode("utf-8"),
        Name=None if name is None else str(name).encode("utf-8"))
    text, doc = ctypes.c_void_p(), ctypes.c_void_p()
    hr = _lib.DmlCheckFillValueSequenceReport(ctypes.byref(desc.op), _level(level), buf.ctypes.data, buf.nbytes,
                                              ctypes.byref(options), None, ctypes.byref(text), ctypes.byref(doc))
    try:
        if hr != _capi.S_OK:
            _raise(hr)
        return Report(json.loads(ctypes.string_at(doc).decode("utf-8")), ctypes.string_at(text).decode("utf-8"))
    finally:
        _lib.DmlFillFree(text)
        _lib.DmlFillFree(doc)
