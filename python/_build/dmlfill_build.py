"""The build backend of the package dmlfill (PEP 517, PEP 660), with Python's
standard library alone: pip install ./python needs no setuptools, no wheel
and no package index, only Go (1.26 or later; $GO, else go on the PATH, else
/usr/local/go/bin/go) and a C compiler for cgo.

A wheel holds the package's Python files and the C library libdmlfill,
built with go build -buildmode=c-shared from the module's capi folder (the
folder above python/), so its tag is this platform's (py3-none-PLATFORM).
The version is dml.Version, read from the module's version.go, its one
place. An editable install (pip install -e) builds the library into
python/dmlfill and puts python/ on the path.
"""
import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
ROOT = os.path.dirname(HERE)  # the Go module: go.mod, version.go, capi/
NAME = "dmlfill"
SUMMARY = ("DirectML's FILL_VALUE_SEQUENCE on the CPU, exact: fill NumPy arrays "
           "and judge a GPU's or a framework's arange")


def module_version():
    """dml.Version, from version.go."""
    path = os.path.join(ROOT, "version.go")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise RuntimeError("dmlfill: build from a checkout of github.com/dmlgo/dml "
                           "(python/ inside it): %s" % e) from e
    m = re.search(r'^const Version = "([^"]+)"$', text, re.M)
    if not m:
        raise RuntimeError('dmlfill: %s has no line const Version = "..."' % path)
    return m.group(1)


def library_name():
    if sys.platform == "win32":
        return "libdmlfill.dll"
    if sys.platform == "darwin":
        return "libdmlfill.dylib"
    return "libdmlfill.so"


def go_command():
    for go in (os.environ.get("GO"), shutil.which("go"), "/usr/local/go/bin/go"):
        if go and os.path.isfile(go) and os.access(go, os.X_OK):
            return go
    raise RuntimeError("dmlfill: Go is needed to build the C library (go.dev/dl, 1.26 or "
                       "later): put go on the PATH or name it in $GO")


def build_library(out_path):
    """go build -buildmode=c-shared ./capi, the library written to out_path."""
    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, library_name())  # (go build writes a header beside it: left here)
        cmd = [go_command(), "build", "-trimpath", "-buildmode=c-shared", "-o", lib, "./capi"]
        print("dmlfill: " + " ".join(cmd) + "  (in %s)" % ROOT, file=sys.stderr)
        try:
            subprocess.run(cmd, cwd=ROOT, env=dict(os.environ, CGO_ENABLED="1"), check=True)
        except subprocess.CalledProcessError as e:
            raise RuntimeError("dmlfill: building the C library failed (%s): cgo needs a "
                               "C compiler (gcc)" % e) from e
        shutil.copy(lib, out_path)


def metadata():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "Home-page: https://github.com/dmlgo/dml\nLicense: MIT\n"
            "Requires-Python: >=3.8\nRequires-Dist: numpy\n"
            "Description-Content-Type: text/markdown\n\n%s") % (NAME, module_version(), SUMMARY, readme)


def dist_info():
    return "%s-%s.dist-info" % (NAME, module_version())


def platform_tag():
    return re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())


def wheel_file():
    return ("Wheel-Version: 1.0\nGenerator: dmlfill_build\nRoot-Is-Purelib: false\n"
            "Tag: py3-none-%s\n") % platform_tag()


class Wheel:
    """A wheel being written: its files, then its RECORD of their hashes."""

    def __init__(self, path):
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self.records = []

    def add(self, name, data):
        self.zip.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.records.append("%s,sha256=%s,%d" % (name, digest, len(data)))

    def close(self):
        self.add("%s/METADATA" % dist_info(), metadata().encode())
        self.add("%s/WHEEL" % dist_info(), wheel_file().encode())
        record = "%s/RECORD" % dist_info()
        lines = self.records + ["%s,," % record]
        self.zip.writestr(zipfile.ZipInfo(record, (2026, 1, 1, 0, 0, 0)), "\n".join(lines) + "\n")
        self.zip.close()


def wheel_name():
    return "%s-%s-py3-none-%s.whl" % (NAME, module_version(), platform_tag())


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    d = os.path.join(metadata_directory, dist_info())
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "METADATA"), "w", encoding="utf-8") as f:
        f.write(metadata())
    with open(os.path.join(d, "WHEEL"), "w", encoding="utf-8") as f:
        f.write(wheel_file())
    return dist_info()


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """The package's .py files and the C library, built now."""
    name = wheel_name()
    w = Wheel(os.path.join(wheel_directory, name))
    pkg = os.path.join(HERE, NAME)
    for f in sorted(os.listdir(pkg)):
        if f.endswith(".py"):
            with open(os.path.join(pkg, f), "rb") as src:
                w.add("%s/%s" % (NAME, f), src.read())
    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, library_name())
        build_library(lib)
        with open(lib, "rb") as src:
            w.add("%s/%s" % (NAME, library_name()), src.read())
    w.close()
    return name


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """The C library built into python/dmlfill, and python/ on the path."""
    build_library(os.path.join(HERE, NAME, library_name()))
    name = wheel_name()
    w = Wheel(os.path.join(wheel_directory, name))
    w.add("%s.pth" % NAME, (HERE + "\n").encode())
    w.close()
    return name


def build_sdist(sdist_directory, config_settings=None):
    """The folder python/ as it is (an sdist builds only inside a checkout
    of the module: the library comes from its capi folder)."""
    base = "%s-%s" % (NAME, module_version())
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as tar:
        info = tarfile.TarInfo("%s/PKG-INFO" % base)
        data = metadata().encode()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
        for top in ("pyproject.toml", "README.md", "_build", NAME):
            tar.add(os.path.join(HERE, top), "%s/%s" % (base, top),
                    filter=lambda t: None if "__pycache__" in t.name or t.name.endswith((".so", ".dll", ".dylib")) else t)
    return name
