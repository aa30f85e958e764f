"""Builds the package dmlfill: the C library libdmlfill is built with Go
(go build -buildmode=c-shared of the module's capi folder, the folder above
this one) into the package. Needs Go (1.26 or later; $GO, else go on the
PATH, else /usr/local/go/bin/go) and a C compiler for cgo. The version is
dml.Version, read from the module's version.go."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)  # the Go module: go.mod, version.go, capi/


def module_version():
    """dml.Version, from version.go (its one place)."""
    path = os.path.join(ROOT, "version.go")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        sys.exit("dmlfill: build from a checkout of github.com/dmlgo/dml (python/ inside it): %s" % e)
    m = re.search(r'^const Version = "([^"]+)"$', text, re.M)
    if not m:
        sys.exit("dmlfill: %s has no line const Version = \"...\"" % path)
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
    sys.exit("dmlfill: Go is needed to build the C library (go.dev/dl, 1.26 or later): "
             "put go on the PATH or name it in $GO")


class BuildPyWithLibrary(build_py):
    """build_py, then the C library into the built package."""

    def run(self):
        super().run()
        out_dir = os.path.join(self.build_lib, "dmlfill")
        if getattr(self, "editable_mode", False):
            out_dir = os.path.join(HERE, "dmlfill")  # (pip install -e: the package is this folder)
        os.makedirs(out_dir, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            lib = os.path.join(tmp, library_name())  # (go build writes a header beside it: left here)
            cmd = [go_command(), "build", "-trimpath", "-buildmode=c-shared", "-o", lib, "./capi"]
            env = dict(os.environ, CGO_ENABLED="1")
            print("dmlfill: " + " ".join(cmd) + "  (in %s)" % ROOT)
            try:
                subprocess.run(cmd, cwd=ROOT, env=env, check=True)
            except subprocess.CalledProcessError as e:
                sys.exit("dmlfill: building the C library failed (%s): cgo needs a C compiler (gcc)" % e)
            shutil.copy(lib, os.path.join(out_dir, library_name()))


class BinaryDistribution(Distribution):
    """The package holds a native library: its wheel is for this platform."""

    def has_ext_modules(self):
        return True


setup(version=module_version(), cmdclass={"build_py": BuildPyWithLibrary}, distclass=BinaryDistribution)
