"""Slipstreaming: from 4th gear, 3 more spaces at once."""

import pytest

from rules.rbb import SLIPSTREAM_MIN_GEAR, SLIPSTREAM_SPACES, check_slipstream
from rules.rbb.slipstream import NoSlipstream


@pytest.mark.parametrize("gear", [4, 5, 6])
def test_a_racer_in_4th_or_higher_slipstreams_3_spaces(gear):
    assert (SLIPSTREAM_MIN_GEAR, SLIPSTREAM_SPACES) == (4, 3)
    assert check_slipstream(gear) == 3


def test_a_racer_below_4th_or_blocked_may_not_slipstream():
    with pytest.raises(NoSlipstream, match="4th gear or higher"):
        check_slipstream(3)
    with pytest.raises(NoSlipstream, match="blocked"):
        check_slipstream(5, blocked=True)
