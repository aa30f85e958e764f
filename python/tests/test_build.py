"""The package's build backend (python/_build/dmlfill_build.py): the wheel it
writes is one pip and other installers accept as written (PEP 427): every
file's RECORD line holds its SHA-256 and size, the tag is this platform's,
and the library and the Python files are in it."""
import base64
import hashlib
import importlib.util
import sysconfig
import zipfile

from conftest import root_file


def backend():
    spec = importlib.util.spec_from_file_location("dmlfill_build", root_file("python", "_build", "dmlfill_build.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_wheel_as_recorded(tmp_path):
    b = backend()
    assert b.get_requires_for_build_wheel() == []  # (nothing to fetch from an index)
    name = b.build_wheel(str(tmp_path))
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    with open(root_file("version.go"), encoding="utf-8") as f:
        assert '"%s"' % name.split("-")[1] in f.read()
    assert name.endswith("-py3-none-%s.whl" % platform), name
    with zipfile.ZipFile(tmp_path / name) as z:
        names = set(z.namelist())
        dist = [n for n in names if n.endswith(".dist-info/RECORD")]
        assert len(dist) == 1, names
        rows = z.read(dist[0]).decode().splitlines()
        recorded = {}
        for row in rows:
            path, digest, size = row.rsplit(",", 2)
            recorded[path] = (digest, size)
        assert set(recorded) == names
        for path, (digest, size) in recorded.items():
            if path == dist[0]:
                assert (digest, size) == ("", "")
                continue
            data = z.read(path)
            want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, size) == (want, str(len(data))), path
        assert {"dmlfill/__init__.py", "dmlfill/_capi.py"} <= names
        assert any(n.startswith("dmlfill/libdmlfill.") for n in names), names
        meta = z.read(dist[0].replace("RECORD", "METADATA")).decode()
        assert "Name: dmlfill\n" in meta and "Requires-Dist: numpy\n" in meta
