"""The tests' exact reference against values IEEE 754 and NumPy fix."""
import numpy as np

from exact import FLOAT16, FLOAT32, round_to


def test_round_to():
    assert round_to("0.1", FLOAT32) == float(np.float32(0.1))
    assert round_to("3.2", FLOAT16) == 3.19921875  # 0x4266
    assert round_to(2049, FLOAT16) == 2048.0  # a tie: to even
    assert round_to(2051, FLOAT16) == 2052.0
    assert round_to(65520, FLOAT16) == float("inf")  # halfway past the largest: overflows
    assert round_to(65519, FLOAT16) == 65504.0
    assert round_to("-1e-8", FLOAT16) == -0.0 and round_to("3e-8", FLOAT16) == 2.0 ** -24  # subnormals
    for i in range(-3000, 3000, 7):
        assert round_to(i, FLOAT16) == float(np.float16(i))
