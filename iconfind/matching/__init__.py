"""How a query is compared with what a screen says: labels (tier 1), resource ids (tier 2), and
the ranking that picks the element a person means among several matches.

- :mod:`iconfind.matching.labels` grades a label against a query (:class:`LabelMatch`).
- :mod:`iconfind.matching.ids` reads resource ids as words, abbreviations expanded.
- :mod:`iconfind.matching.rank` orders matching elements (clickable targets before paragraphs,
  containers last) and keeps the best group.
"""

from __future__ import annotations

from iconfind.matching.ids import IdMatch, id_match, id_terms, query_terms
from iconfind.matching.labels import LabelMatch, best_label_match, match_label
from iconfind.matching.rank import CONTAINER_SHARE, is_container, rank_matches

__all__ = [
    "CONTAINER_SHARE",
    "IdMatch",
    "LabelMatch",
    "best_label_match",
    "id_match",
    "id_terms",
    "is_container",
    "match_label",
    "query_terms",
    "rank_matches",
]
