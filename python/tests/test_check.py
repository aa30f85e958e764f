"""dmlfill.check against real PyTorch and NumPy output, the fill's own
output, and buffers changed by hand."""
import json
import os
import shutil
import subprocess

import numpy as np
import pytest

import dmlfill
from conftest import root_file


def test_torch_arange_names_torch():
    """PyTorch's own arange (its threads as it runs them), judged with the
    values as written: a torch model explains every element."""
    torch = pytest.importorskip("torch")
    t = torch.arange(0.1, 299999.95, 0.3)
    r = dmlfill.check(t, 0.1, 0.3)
    assert r.elements == 1000000 == t.numel()
    torch_fits = [n for n in r.explained_by if n.startswith("torch-")]
    assert torch_fits, r.explained_by
    assert r.models[torch_fits[0]] == 1000000
    assert not r.ok and r.exact < r.elements  # (PyTorch's arange is not the exact result)
    model = torch_fits[0].split(" ")[0]  # (a split fit names its model first)
    named = r.frameworks[model]
    assert any(f.startswith("PyTorch ") for f in named["frameworks"]), named
    assert named["emulation"] is False


def test_torch_one_thread_readme():
    """The README's PyTorch example, one thread: its explained-by line and
    exact count, as dmlfill -check printed them."""
    torch = pytest.importorskip("torch")
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        t = torch.arange(0.1, 299999.95, 0.3)
    finally:
        torch.set_num_threads(threads)
    r = dmlfill.check(t, "0.1", "0.3")
    with open(root_file("README.md"), encoding="utf-8") as f:
        readme = f.read()
    shown = readme.split("-check t.npy | tail -4\n", 1)[1].splitlines()[:4]
    explained = shown[1].strip().removeprefix("explained by: ").split(", ")
    if r.explained_by != explained:
        pytest.skip("this machine's PyTorch runs %s, the README's %s" % (r.explained_by, explained))
    assert str(r).splitlines()[-4:] == [line[4:] for line in shown]


def test_exact_fill_passes():
    a = dmlfill.fill("FLOAT16", [5], 3.2, 0.1)
    r = dmlfill.check(a, 3.2, 0.1)
    assert r.ok and r.exact == r.within == r.elements == 5
    assert r.worst is None and "exact" in r.explained_by
    assert r.to_dict()["type"] == "FLOAT16"


def test_one_ulp_off():
    """An element 1 ULP off: not exact; within a tolerance of 1 ULP."""
    a = dmlfill.fill("FLOAT32", [2, 3], 0.1, 0.3)
    a.view(np.uint32)[1, 1] += 1
    r = dmlfill.check(a, 0.1, 0.3)
    assert not r.ok and r.exact == 5 and r.within == 5
    assert r.worst["index"] == 4 and r.worst["coords"] == [1, 1] and r.worst["ulp"] == 1
    assert "exact" not in r.explained_by
    r1 = dmlfill.check(a, 0.1, 0.3, ulp=1)
    assert r1.ok and r1.within == 6 and r1.exact == 5


def test_bytes_and_whole_buffer():
    """bytes of a dtype given; a strided fill's whole buffer with its
    strides, its padding held to a value."""
    r = dmlfill.check(np.array([3, 5, 7], np.float32).tobytes(), 3, 2, dtype="FLOAT32")
    assert r.ok and r.elements == 3
    a = dmlfill.fill("FLOAT32", [2, 3], 0.1, 0.3, strides=[4, 1])
    buf = bytearray(a.base.tobytes())
    r = dmlfill.check(buf, 0.1, 0.3, dtype="FLOAT32", sizes=[2, 3], strides=[4, 1], padding=0)
    assert r.ok and r.elements == 6
    buf[13] = 1
    r = dmlfill.check(buf, 0.1, 0.3, dtype="FLOAT32", sizes=[2, 3], strides=[4, 1], padding=0)
    assert not r.ok and r.exact == 6


def test_strided_view_checked_in_order():
    """A strided view (fill's, with strides) is read in row-major order."""
    a = dmlfill.fill("UINT8", [2, 3], 0, 1, strides=[1, 2])
    r = dmlfill.check(a, 0, 1)
    assert r.ok and r.elements == 6 and r.to_dict()["type"] == "UINT8"


def test_numpy_arange():
    """NumPy's own float32 arange: the numpy model explains it."""
    a = np.arange(0.1, 3000.0, 0.3, dtype=np.float32)
    r = dmlfill.check(a, 0.1, 0.3)
    assert "numpy" in r.explained_by and r.models["numpy"] == a.size


def test_errors():
    with pytest.raises(dmlfill.InvalidArgError, match="dtype"):
        dmlfill.check(b"\0\0\0\0", 0, 1)
    with pytest.raises(ValueError, match='"x" is not a valid FLOAT32 value'):
        dmlfill.check(np.zeros(3, np.float32), "x", 1)
    with pytest.raises(dmlfill.InvalidArgError, match="sizes"):
        dmlfill.check(b"\0" * 16, 0, 1, dtype="FLOAT32", strides=[1])
    with pytest.raises(dmlfill.InvalidArgError, match="bufferSize is 20; the tensor's elements, packed, are 24 bytes"):
        dmlfill.check(np.zeros(5, np.float32), 0, 1, sizes=[6])
    with pytest.raises(dmlfill.InvalidArgError, match="padding is 0 without strides"):
        dmlfill.check(np.zeros(5, np.float32), 0, 1, padding=0)
    with pytest.raises(dmlfill.InvalidArgError, match="ulp"):
        dmlfill.check(np.zeros(5, np.float32), 0, 1, ulp=-1)


def go_command():
    """Go, to build the command dmlfill from this checkout, or None."""
    return shutil.which("go") or ("/usr/local/go/bin/go" if os.path.exists("/usr/local/go/bin/go") else None)


def test_report_is_the_commands(tmp_path):
    """str(report) and to_dict() are what dmlfill -check prints, text and
    -report json, for the same data."""
    go = go_command()
    if go is None:
        pytest.skip("no Go to build the command dmlfill")
    exe = tmp_path / "dmlfill"
    subprocess.run([go, "build", "-o", str(exe), "./cmd/dmlfill"], cwd=root_file(), check=True)
    a = np.arange(0.1, 30.0, 0.3, dtype=np.float32)
    path = tmp_path / "a.npy"
    np.save(path, a)
    args = [str(exe), "-type", "FLOAT32", "-sizes", str(a.size), "-start", "0.1", "-delta", "0.3", "-check", str(path)]
    text = subprocess.run(args, capture_output=True, text=True).stdout
    doc = json.loads(subprocess.run(args + ["-report", "json"], capture_output=True, text=True).stdout)
    r = dmlfill.check(a, "0.1", "0.3", name=str(path))
    assert str(r) == text
    assert r.to_dict() == doc


def test_torch_thread_split_explains():
    """PyTorch's FLOAT16 arange on 5 threads: the fit of its model split in
    5 parts of 30001 explains every element, where the model run as one
    part does not; explained_by and models name the split."""
    torch = pytest.importorskip("torch")
    threads = torch.get_num_threads()
    torch.set_num_threads(5)
    try:
        t = torch.arange(0.1, 0.1 + 150001 * 0.3 - 0.15, 0.3, dtype=torch.float16)
    finally:
        torch.set_num_threads(threads)
    assert t.numel() == 150001
    r = dmlfill.check(t, 0.1, 0.3)
    splits = [n for n in r.explained_by if n.startswith("torch-") and n.endswith(" in 5 parts of 30001")]
    assert splits, r.explained_by
    assert r.models[splits[0]] == 150001
    one_part = splits[0].split(" in ")[0]
    assert r.models[one_part] < 150001 and one_part not in r.explained_by


def test_nothing_explains_nearest():
    """An element no computation gives: nothing explains the data, the
    exact model is nearest (all but that element, the first miss there),
    and the worst element is it: 7 where 0.1 + 50*0.3 is 15.1."""
    a = dmlfill.fill("FLOAT32", [100], 0.1, 0.3)
    a[50] = 7
    r = dmlfill.check(a, 0.1, 0.3)
    assert r.explained_by == [] and not r.ok
    assert r.nearest == {"name": "exact", "matches": 99, "firstMiss": 50}
    assert r.worst["index"] == 50 and r.worst["got"] == "7" and r.worst["want"] == "15.1"
    assert r.worst["gotBits"] == "0x40E00000"


def test_torch_tensor_without_array():
    """A tensor that gives no array (it requires grad) is refused with
    PyTorch's reason; detached, it is judged."""
    torch = pytest.importorskip("torch")
    t = torch.arange(0.0, 4.0, 1.0, requires_grad=True)
    with pytest.raises(dmlfill.InvalidArgError, match="gives no array in CPU memory: .*detach"):
        dmlfill.check(t, 0, 1)
    assert dmlfill.check(t.detach(), 0, 1).ok


def test_name_with_nul_refused():
    """A name holding a NUL is refused, rather than cut at the NUL (C's end
    of text) in the reports."""
    with pytest.raises(dmlfill.InvalidArgError, match="name"):
        dmlfill.check(np.arange(3, dtype=np.int32), 0, 1, name="ab\x00cd")
