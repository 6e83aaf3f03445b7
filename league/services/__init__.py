"""Every write of the league app, by area: a module an area (`rounds.py`, `seasons.py`...),
each write named `<entity>_<action>`, keyword-only, in one transaction, refusing with
ValidationError messages kept as module constants; callers import it from its area's module
(docs/architecture.md, "Where a change goes")."""
