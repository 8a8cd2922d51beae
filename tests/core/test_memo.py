"""The rules' bounded memo: a dict that empties itself before it grows past its limit."""

from __future__ import annotations

import pickle

from rules.core.memo import BoundedMemo


def test_a_bounded_memo_keeps_values_and_empties_itself_when_full() -> None:
    memo = BoundedMemo(3)
    assert [memo.keep(k, k * 10) for k in (1, 2, 3)] == [10, 20, 30]
    assert memo.get(2) == 20 and len(memo) == 3
    assert memo.keep(4, None) is None  # the fourth entry empties it first
    assert dict(memo) == {4: None} and memo.limit == 3


def test_a_bounded_memo_travels_to_the_ai_worker() -> None:
    """A battle's board (and its memo) is pickled to the AI worker process."""
    memo = BoundedMemo(5)
    memo.keep("ground", (1, 2))
    copy = pickle.loads(pickle.dumps(memo))
    assert copy == memo and copy.limit == 5 and isinstance(copy, BoundedMemo)
