"""dmlfill.fill against the README's and the documentation's examples,
NumPy's own rounding, an exact reference (exact.py) and PyTorch."""
import numpy as np
import pytest

import dmlfill
from exact import FLOAT16, FLOAT32, round_to


def bits(a):
    """The elements' bits, to compare floats bit for bit (NaN, -0)."""
    a = np.asarray(a)
    return a.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize])


def test_readme_float16():
    """The README's first FLOAT16 example: 3.2, +0.1, five elements."""
    a = dmlfill.fill("FLOAT16", [5], 3.2, 0.1)
    assert a.dtype == np.float16 and a.shape == (5,)
    np.testing.assert_array_equal(bits(a), bits(np.array([3.2, 3.299, 3.398, 3.5, 3.6], dtype=np.float16)))
    assert str(a.tolist()) == "[3.19921875, 3.298828125, 3.3984375, 3.5, 3.599609375]"


def test_documentation_examples():
    """The documentation's two examples: FLOAT32 3, +2 over {1,1,1,3};
    UINT8 10, -2 over {1,1,2,2}; and the Python example's FLOAT32 0.1,
    +0.3 over {2,3}, as the README prints it."""
    a = dmlfill.fill("FLOAT32", [1, 1, 1, 3], 3, 2)
    assert a.dtype == np.float32 and a.tolist() == [[[[3.0, 5.0, 7.0]]]]
    b = dmlfill.fill(np.uint8, (1, 1, 2, 2), 10, -2)
    assert b.dtype == np.uint8 and b.tolist() == [[[[10, 8], [6, 4]]]]
    c = dmlfill.fill("float32", (2, 3), 0.1, 0.3)
    assert str(c) == "[[0.1        0.4        0.70000005]\n [1.         1.3000001  1.6       ]]"


def test_float16_as_numpy_rounds():
    """FLOAT16 0, +1: every integer to 4096 rounded once, ties to even
    above 2048, as NumPy rounds float64 to float16."""
    a = dmlfill.fill("FLOAT16", [4096], 0, 1)
    np.testing.assert_array_equal(bits(a), bits(np.arange(4096, dtype=np.float64).astype(np.float16)))
    assert a[2049] == 2048 and a[2051] == 2052


@pytest.mark.parametrize("dtype,fmt,start,delta,n", [
    ("FLOAT32", FLOAT32, "0.1", "0.3", 3000),
    ("FLOAT32", FLOAT32, "-7.77", "0.0123", 3000),
    ("FLOAT16", FLOAT16, "0.1", "0.3", 2000),
    ("FLOAT16", FLOAT16, "3.2", "0.1", 600),
])
def test_exact_values(dtype, fmt, start, delta, n):
    """Element i is start + i*delta (the values the texts round to) rounded
    once: the exact reference's value."""
    s, d = round_to(start, fmt), round_to(delta, fmt)
    from fractions import Fraction
    want = [round_to(Fraction(s) + i * Fraction(d), fmt) for i in range(n)]
    got = dmlfill.fill(dtype, [n], start, delta)
    assert got.astype(np.float64).tolist() == want


def test_value_text_rounds_once():
    """A decimal goes straight to FLOAT16: 1.00048828125001 lies just above
    the tie 1 + 2^-11, so it rounds up (NumPy agrees, through float64),
    where rounding through FLOAT32 first (to the tie, then to even) gives 1."""
    text = "1.00048828125001"
    a = dmlfill.fill("FLOAT16", [1], text, 0)
    assert bits(a)[0] == 0x3C01 == bits(np.array([np.float16(text)]))[0]
    assert bits(np.array([np.float16(np.float32(text))]))[0] == 0x3C00  # (the test tells the two apart)


def test_value_forms():
    """A float goes as repr() (the shortest text that reads back), a NumPy
    float as its value, an int exactly, a str as written."""
    assert bits(dmlfill.fill("FLOAT32", [1], np.float32(0.1), 0))[0] == 0x3DCCCCCD
    assert bits(dmlfill.fill("FLOAT16", [1], 0.1, 0))[0] == 0x2E66
    assert dmlfill.fill("UINT64", [2], 2**64 - 1, 1).tolist() == [2**64 - 1, 0]
    assert dmlfill.fill("INT64", [2], -2**63, -1).tolist() == [-2**63, 2**63 - 1]
    assert dmlfill.fill("INT8", [3], 120, 5).tolist() == [120, 125, -126]  # modulo 2^8
    assert dmlfill.fill("UINT8", [2], "0xFE", np.int64(1)).tolist() == [254, 255]
    assert np.isnan(dmlfill.fill("FLOAT32", [2], float("nan"), 1)).all()
    assert dmlfill.fill("FLOAT16", [2], "-inf", 1).tolist() == [-np.inf, -np.inf]


def test_value_text_with_nul_refused():
    """A str value holding a NUL is refused, naming it, rather than read up
    to the NUL (C's end of text): "1\\x005" is no number, never 1."""
    with pytest.raises(dmlfill.InvalidArgError, match="start"):
        dmlfill.fill("INT32", [3], "1\x005", 1)
    with pytest.raises(dmlfill.InvalidArgError, match="delta"):
        dmlfill.fill("INT32", [3], 0, "2\x00x")
    with pytest.raises(dmlfill.InvalidArgError, match="start"):
        dmlfill.check(np.arange(3, dtype=np.int32), "0\x009", 1)


def test_strides_view_of_buffer():
    """With strides the array is a strided view of the whole buffer: rows
    of 4 FLOAT32 holding 3 elements, the padding zero; and transposed
    strides place element (i, j) at i + 2j."""
    a = dmlfill.fill(np.float32, [2, 3], 0.1, 0.3, strides=[4, 1])
    packed = dmlfill.fill(np.float32, [2, 3], 0.1, 0.3)
    assert a.shape == (2, 3) and a.strides == (16, 4)
    np.testing.assert_array_equal(bits(a), bits(packed))
    whole = a.base.view(np.float32)
    assert whole.size == 7 and bits(whole)[3] == 0
    t = dmlfill.fill("UINT8", [2, 3], 0, 1, strides=[1, 2])
    assert t.tolist() == [[0, 1, 2], [3, 4, 5]]
    assert t.base.tolist()[:6] == [0, 3, 1, 4, 2, 5]


def test_out_in_place_padding_untouched():
    """out: a bytearray filled in place, the padding's bytes as they were;
    a NumPy array; a PyTorch CPU tensor."""
    buf = bytearray(b"\xAA" * 32)  # (the tensor's buffer is 28 bytes: 4 more)
    a = dmlfill.fill("FLOAT32", [2, 3], 0.1, 0.3, strides=[4, 1], out=buf)
    assert buf[12:16] == b"\xAA" * 4 and buf[28:] == b"\xAA" * 4
    np.testing.assert_array_equal(np.frombuffer(bytes(buf[:12]), np.float32), a[0])
    a[0, 0] = 9
    assert np.frombuffer(bytes(buf[:4]), np.float32)[0] == 9  # a view of out
    arr = np.full(6, -1, dtype=np.float16)
    dmlfill.fill("FLOAT16", [5], 3.2, 0.1, out=arr)
    np.testing.assert_array_equal(bits(arr[:5]), bits(np.array([3.2, 3.299, 3.398, 3.5, 3.6], np.float16)))
    assert arr[5] == -1


def test_out_torch_tensor():
    torch = pytest.importorskip("torch")
    t = torch.full((6,), -1.0, dtype=torch.float16)
    dmlfill.fill("FLOAT16", [5], 3.2, 0.1, out=t)
    assert t.tolist() == [3.19921875, 3.298828125, 3.3984375, 3.5, 3.599609375, -1.0]


def test_out_torch_without_numpy_view_refused():
    """A PyTorch tensor NumPy cannot view (one that requires grad, a
    bfloat16 one) is refused as out with InvalidArgError saying why, not
    PyTorch's RuntimeError or TypeError, and left as it was."""
    torch = pytest.importorskip("torch")
    grad = torch.zeros(4).requires_grad_()
    with pytest.raises(dmlfill.InvalidArgError, match="out \\(Tensor\\).*grad"):
        dmlfill.fill("FLOAT32", [4], 0, 1, out=grad)
    assert grad.tolist() == [0.0] * 4
    bf = torch.zeros(4, dtype=torch.bfloat16)
    with pytest.raises(dmlfill.InvalidArgError, match="out \\(Tensor\\).*BFloat16"):
        dmlfill.fill("UINT8", [8], 0, 1, out=bf)
    assert bf.tolist() == [0.0] * 4


def test_out_refused():
    """A read-only or short out is refused, saying why, and left as it was."""
    with pytest.raises(dmlfill.InvalidArgError, match="read-only"):
        dmlfill.fill("UINT8", [4], 0, 1, out=b"\0\0\0\0")
    short = bytearray(b"\xAA" * 10)
    with pytest.raises(dmlfill.InvalidArgError, match="10"):
        dmlfill.fill("FLOAT16", [5], 0, 1, out=short)  # (the tensor's buffer is 12 bytes)
    assert short == bytearray(b"\xAA" * 10)
    with pytest.raises(dmlfill.InvalidArgError, match="contiguous"):
        dmlfill.fill("UINT8", [2], 0, 1, out=np.zeros(8, np.uint8)[::2])


def test_invalid_descriptor_errors():
    """An invalid descriptor raises InvalidArgError, a ValueError, with the
    library's message (the README's for a size of 0)."""
    with pytest.raises(ValueError) as e:
        dmlfill.fill("FLOAT32", [0], 0, 1)
    assert isinstance(e.value, dmlfill.InvalidArgError)
    assert str(e.value) == "dml: OutputTensor.Sizes[0] is 0; sizes must be at least 1"
    with pytest.raises(dmlfill.InvalidArgError, match='"300" is not a valid INT8 value'):
        dmlfill.fill("INT8", [2], 300, 1)
    with pytest.raises(dmlfill.InvalidArgError, match="DimensionCount"):
        dmlfill.fill("UINT8", [4], 0, 1, level="2.1")  # (2_1: 4-D tensors only)
    assert dmlfill.fill("UINT8", [1, 1, 1, 4], 0, 1, level="DML_FEATURE_LEVEL_2_1").shape == (1, 1, 1, 4)
    with pytest.raises(dmlfill.InvalidArgError, match="Strides"):
        dmlfill.fill("UINT8", [2, 2], 0, 1, strides=[1, 1])  # two elements at one address
    with pytest.raises(dmlfill.InvalidArgError, match="FLOAT64; DML_OPERATOR_FILL_VALUE_SEQUENCE does not support it"):
        dmlfill.fill(np.float64, [2], 0, 1)
    with pytest.raises(dmlfill.InvalidArgError, match="UINT4"):
        dmlfill.fill("UINT4", [2], 0, 1)
    with pytest.raises(dmlfill.InvalidArgError, match="bfloat16"):
        dmlfill.fill("bfloat16", [2], 0, 1)
    with pytest.raises(dmlfill.InvalidArgError, match="big-endian"):
        dmlfill.fill(np.dtype(">f4"), [2], 0, 1)
    with pytest.raises(dmlfill.InvalidArgError, match="sizes"):
        dmlfill.fill("UINT8", [2**32], 0, 1)
    with pytest.raises(dmlfill.InvalidArgError, match="feature level"):
        dmlfill.fill("UINT8", [2], 0, 1, level="7.0")


def test_huge_invalid_descriptor_no_memory_error():
    """A descriptor of more elements than memory holds gets the library's
    verdict, not NumPy's MemoryError."""
    with pytest.raises(dmlfill.InvalidArgError, match="elements"):
        dmlfill.fill("FLOAT32", [65536] * 8, 0, 1)


def test_errors_per_thread():
    """Threads failing at once each read their own error."""
    import threading
    errors = {}

    def run(i):
        for _ in range(50):
            try:
                dmlfill.fill("INT8", [2], 1000 + i, 1)
            except dmlfill.InvalidArgError as e:
                if '"%d"' % (1000 + i) not in str(e):
                    errors[i] = str(e)
    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == {}



@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="no fork on this system")
def test_forked_child_fails_at_once():
    """In a child forked after the import, a fill fails at once with
    dmlfill.Error (E_FAIL) saying why, where the Go runtime would hang."""
    import os
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: says what it got, then leaves at once
        try:
            dmlfill.fill("UINT8", [4], 0, 1)
            msg = "filled"
        except dmlfill.InvalidArgError as e:
            msg = "InvalidArgError: %s" % e
        except dmlfill.Error as e:
            msg = "Error %#x: %s" % (e.hresult & 0xFFFFFFFF, e)
        os.write(w, msg.encode())
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        got = f.read()
    os.waitpid(pid, 0)
    assert got.startswith("Error 0x80004005: dmlfill: called in a process forked"), got
    assert dmlfill.fill("UINT8", [4], 0, 1).tolist() == [0, 1, 2, 3]  # the parent still fills
