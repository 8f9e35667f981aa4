"""List pages: ``{"object": "list", "data": [...], "has_more": bool}``, with automatic paging."""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional


class Page(Dict[str, Any]):
    """One page of a list: the JSON answer itself (a ``dict``), plus

    - ``page.data`` (the objects of this page) and ``page.has_more``;
    - ``page.auto_paging_iter()``: every object from this page on, fetching the next pages
      (``starting_after`` the last id) while ``has_more``.
    """

    def __init__(
        self,
        body: Mapping[str, Any],
        fetch: Optional[Callable[[Dict[str, Any]], "Page"]] = None,
        params: Optional[Mapping[str, Any]] = None,
    ) -> None:
        super().__init__(body)
        self._fetch = fetch
        self._params: Dict[str, Any] = dict(params or {})

    @property
    def data(self) -> List[Dict[str, Any]]:
        value = self.get("data")
        return value if isinstance(value, list) else []

    @property
    def has_more(self) -> bool:
        return bool(self.get("has_more"))

    def next_page(self) -> Optional["Page"]:
        """The page that follows (in the direction this one was fetched), or None at the end."""
        if not self.has_more or not self.data or self._fetch is None:
            return None
        params = dict(self._params)
        if params.get("ending_before") is not None and params.get("starting_after") is None:
            # Paging backwards (towards newer objects): before the first of this page.
            params["ending_before"] = self.data[0]["id"]
        else:
            params.pop("ending_before", None)
            params["starting_after"] = self.data[-1]["id"]
        return self._fetch(params)

    def auto_paging_iter(self) -> Iterator[Dict[str, Any]]:
        """Every object of this page and the ones after it, fetching pages lazily as the loop needs them."""
        page: Optional[Page] = self
        while page is not None:
            for item in page.data:
                yield item
            page = page.next_page()

    def __repr__(self) -> str:
        return f"Page(data=<{len(self.data)} objects>, has_more={self.has_more})"
