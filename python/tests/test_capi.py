"""The ctypes mirror (dmlfill/_capi.py) against capi/dmlfill.h, and the
version in its places."""
import ctypes
import importlib.metadata
import os
import re
import subprocess

import pytest

import dmlfill
from dmlfill import _capi

from conftest import root_file


def c_program(structs, constants):
    """A C program that prints, for each struct of the mirror, its size and
    alignment and each field's offset and size, then each constant, as
    lines "name value"."""
    lines = ["#include <stdio.h>", "#include <stddef.h>", '#include "dmlfill.h"', "int main(void) {"]
    for s in structs:
        name = s.__name__
        lines.append('    printf("%s %%zu %%zu\\n", sizeof(%s), _Alignof(%s));' % (name, name, name))
        for field, _ in s._fields_:
            lines.append('    printf("%s.%s %%zu %%zu\\n", offsetof(%s, %s), sizeof(((%s*)0)->%s));'
                         % (name, field, name, field, name, field))
    for c in constants:
        lines.append('    printf("%s %%lld\\n", (long long)(%s));' % (c, c))
    lines += ["    return 0;", "}"]
    return "\n".join(lines) + "\n"


def mirror_lines(structs, constants):
    """The lines c_program prints where the mirror is right."""
    out = []
    for s in structs:
        out.append("%s %d %d" % (s.__name__, ctypes.sizeof(s), ctypes.alignment(s)))
        for field, _ in s._fields_:
            d = getattr(s, field)
            out.append("%s.%s %d %d" % (s.__name__, field, d.offset, d.size))
    for name, value in constants.items():
        out.append("%s %d" % (name, value))
    return out


def mirror_constants():
    c = {"S_OK": _capi.S_OK, "E_FAIL": _capi.E_FAIL, "E_INVALIDARG": _capi.E_INVALIDARG,
         "DML_TENSOR_TYPE_BUFFER": _capi.DML_TENSOR_TYPE_BUFFER,
         "DML_OPERATOR_FILL_VALUE_SEQUENCE": _capi.DML_OPERATOR_FILL_VALUE_SEQUENCE,
         "DMLFILL_MAX_MODELS": _capi.DMLFILL_MAX_MODELS}
    for name, v in _capi.DATA_TYPES.items():
        c["DML_TENSOR_DATA_TYPE_" + name] = v
    for name, v in _capi.FEATURE_LEVELS.items():
        c["DML_FEATURE_LEVEL_" + name] = v
    return c


def header_layout(cc, tmp_path, structs, constants):
    src = tmp_path / "layout.c"
    src.write_text(c_program(structs, constants))
    exe = tmp_path / "layout"
    subprocess.run([cc, "-std=c11", "-Wall", "-Werror", "-I", root_file("capi"), "-o", str(exe), str(src)],
                   check=True, capture_output=True, text=True)
    return subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.splitlines()


def test_mirror_matches_header(cc, tmp_path):
    """Every struct's size and alignment, every field's offset and size, and
    every constant of the mirror are dmlfill.h's, as gcc compiles it."""
    constants = mirror_constants()
    got = header_layout(cc, tmp_path, _capi.STRUCTS, constants)
    assert got == mirror_lines(_capi.STRUCTS, constants)


def test_mirror_check_can_fail(cc, tmp_path):
    """A mirror with a field left out, or a constant wrong, differs from
    the header's layout (the check above can fail)."""

    class DMLFILL_CHECK_OPTIONS(ctypes.Structure):  # UlpTolerance as a UINT: 4 bytes where the header has 8
        _fields_ = [("UlpTolerance", ctypes.c_uint32), ("BitExact", _capi.BOOL)]

    got = header_layout(cc, tmp_path, [DMLFILL_CHECK_OPTIONS], {"DMLFILL_MAX_MODELS": 15})
    assert got != mirror_lines([DMLFILL_CHECK_OPTIONS], {"DMLFILL_MAX_MODELS": 15})


# The ctypes type each C type of dmlfill.h's prototypes is declared as.
C_TYPES = {
    "HRESULT": _capi.HRESULT,
    "UINT": _capi.UINT,
    "UINT64": _capi.UINT64,
    "DML_FEATURE_LEVEL": _capi.UINT,
    "DML_TENSOR_DATA_TYPE": _capi.UINT,
    "void*": ctypes.c_void_p,
    "const void*": ctypes.c_void_p,
    "const char*": ctypes.c_char_p,
    "char**": ctypes.POINTER(ctypes.c_void_p),  # (a string the library allocated: freed by address)
    "void": None,
}


def c_type(decl):
    """The C type of a parameter declaration ("const UINT* sizes")."""
    decl = re.sub(r"\s+", " ", decl.strip())
    m = re.match(r"^(.*?)\s*\b(\w+)$", decl)
    if decl == "void" or not m:
        return decl
    return m.group(1).replace(" *", "*").strip()


def ctypes_of(t):
    if t in C_TYPES:
        return C_TYPES[t]
    m = re.match(r"^(?:const )?(\w+)\*$", t)
    if m and hasattr(_capi, m.group(1)):
        return ctypes.POINTER(getattr(_capi, m.group(1)))
    if m and m.group(1) == "UINT":
        return ctypes.POINTER(_capi.UINT)
    raise AssertionError("dmlfill.h's type %r has no ctypes type in this test" % t)


def header_functions():
    """dmlfill.h's DMLFILL_API functions: name -> (return type, [parameter types])."""
    with open(root_file("capi", "dmlfill.h"), encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    out = {}
    for m in re.finditer(r"DMLFILL_API\s+([\w\s\*]+?)\s*\b(\w+)\s*\(([^)]*)\)\s*;", text):
        ret = re.sub(r"\s+", " ", m.group(1)).replace(" *", "*").strip()
        params = [] if m.group(3).strip() == "void" else [c_type(p) for p in m.group(3).split(",")]
        out[m.group(2)] = (ret, params)
    return out


def test_functions_match_header():
    """Every function dmlfill.h declares is declared in the mirror, with the
    ctypes types of its return and parameter types, and no other."""
    functions = header_functions()
    assert "DmlFillValueSequence" in functions and "DmlParseScalar" in functions
    assert sorted(functions) == sorted(_capi.FUNCTIONS)
    for name, (ret, params) in functions.items():
        restype, argtypes = _capi.FUNCTIONS[name]
        assert restype == ctypes_of(ret), name
        assert argtypes == [ctypes_of(p) for p in params], name


def module_version():
    with open(root_file("version.go"), encoding="utf-8") as f:
        return re.search(r'^const Version = "([^"]+)"$', f.read(), re.M).group(1)


def test_version():
    """__version__ is the library's DmlFillVersion, the package's metadata
    and dml.Version in version.go: one version, semantic."""
    assert re.fullmatch(r"\d+\.\d+\.\d+", dmlfill.__version__)
    assert dmlfill.__version__ == module_version()
    assert dmlfill.__version__ == importlib.metadata.version("dmlfill")


def test_library_inside_package():
    """The installed package holds the library the install built."""
    if os.environ.get("DMLFILL_LIBRARY"):
        pytest.skip("DMLFILL_LIBRARY names the library")
    path = os.path.join(os.path.dirname(dmlfill.__file__), _capi.library_name())
    assert os.path.isfile(path)
