"""DirectML's FILL_VALUE_SEQUENCE from Python, with the package dmlfill:
NumPy arrays of the operator's exact output (each element the exact value
start + i*delta rounded once), NumPy's own arange judged against it (the
computation that explains it named), and the error for a descriptor
DirectML refuses. Install the package, then run this from the repository's
root:

    pip install ./python
    python3 examples/python/arange.py
"""
import numpy as np

import dmlfill

print(dmlfill.fill("FLOAT32", (2, 3), 0.1, 0.3))
print(dmlfill.fill("FLOAT16", 5, 3.2, 0.1))

report = dmlfill.check(np.arange(0.1, 3.0, 0.3, dtype=np.float32), 0.1, 0.3)
print(report.ok, report.exact, "of", report.elements, "exact; explained by", report.explained_by)

try:
    dmlfill.fill("FLOAT32", 0, 0.0, 1.0)  # a size of 0: DirectML refuses it
except dmlfill.InvalidArgError as e:
    print("InvalidArgError:", e)
