"""The tests of the installed package dmlfill (pip install ./python), run
from a checkout: they read the module's files (capi/dmlfill.h, version.go,
README.md) beside them."""
import os
import shutil

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def root_file(*parts):
    return os.path.join(ROOT, *parts)


@pytest.fixture
def cc():
    """A C compiler, or the test skips saying what to install."""
    for name in ("cc", "gcc"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("no C compiler: install gcc to hold the ctypes mirror to dmlfill.h")
