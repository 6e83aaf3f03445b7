"""A whole four-car race at Imola, as the referee enters it: (kind, car, data) per event.

Red, Blue, Green and Yellow are four rookies in sunshine. Blue ends beside Red and the collision
chain wrecks Blue (a Red-column injury check: 13, severity 1); Red skids out of a corner in
round 2, rolls a 20 in 5th in round 5 and fails one engine check; all three survivors cross the
line in round 6 and the Photo Finish ranks them Red (5/16), Green (6/16), Yellow (5/12).
`None` for an order means "confirm the proposed order". Round 1's gears are not entered:
from the grid only 1st is legal, so Paddock enters each itself (an automatic event).
"""

from __future__ import annotations

from typing import Any

Step = tuple[str, str | None, dict[str, Any] | None]

NO_CARS = [""]  # "none of the cars", as the page posts it (a missing key means the default)

STEPS: list[Step] = [
    # Qualifying (black, Pole +1 for every rookie) and the weather: sun.
    ("qualifying_roll", "red", {"value": 3}),
    ("qualifying_roll", "blue", {"value": 8}),
    ("qualifying_roll", "green", {"value": 12}),
    ("qualifying_roll", "yellow", {"value": 15}),
    ("weather_roll", None, {"value": 1}),
    # Round 1: Blue ends beside Red; the chain wrecks Blue.
    ("move", "red", {"roll": 2}),
    ("move", "blue", {"roll": 2, "adjacent": ["red"]}),
    ("collision_roll", "blue", {"black": 1, "green": 7}),
    ("collision_roll", "red", {"black": 20, "green": 12}),
    ("neighbours", "blue", {"adjacent": ["red"]}),
    ("chain_roll", "red", {"value": 2}),
    ("neighbours", "red", {"adjacent": ["blue"]}),
    ("chain_roll", "blue", {"value": 3}),
    ("neighbours", "blue", {"adjacent": NO_CARS}),
    ("injury_roll", "blue", {"value": 13}),
    ("move", "green", {"roll": 1}),
    ("move", "yellow", {"roll": 1, "adjacent": ["green"]}),
    ("collision_roll", "yellow", {"black": 20, "green": 12}),
    ("collision_roll", "green", {"black": 20, "green": 12}),
    # Round 2: Red leaves a difficulty-1 corner with no stop and skids one space.
    ("order", None, None),
    ("gear", "red", {"gear": 2}),
    ("move", "red", {"roll": 4, "corner": 1, "corner_stops": 0, "skid": 1}),
    ("gear", "green", {"gear": 2}),
    ("move", "green", {"roll": 3}),
    ("gear", "yellow", {"gear": 2}),
    ("move", "yellow", {"roll": 3}),
    # Rounds 3 and 4: up through the gears.
    ("order", None, None),
    ("gear", "red", {"gear": 3}),
    ("move", "red", {"roll": 8}),
    ("gear", "green", {"gear": 3}),
    ("move", "green", {"roll": 7}),
    ("gear", "yellow", {"gear": 3}),
    ("move", "yellow", {"roll": 6}),
    ("order", None, None),
    ("gear", "red", {"gear": 4}),
    ("move", "red", {"roll": 12}),
    ("gear", "green", {"gear": 4}),
    ("move", "green", {"roll": 11}),
    ("gear", "yellow", {"gear": 4}),
    ("move", "yellow", {"roll": 10}),
    # Round 5: Red rolls a 20 in 5th: an engine check (3: damage), and another (15: fine).
    ("order", None, None),
    ("gear", "red", {"gear": 5}),
    ("move", "red", {"roll": 20}),
    ("engine_check", "red", {"value": 3}),
    ("engine_check", "red", {"value": 15}),
    ("gear", "green", {"gear": 5}),
    ("move", "green", {"roll": 15}),
    ("gear", "yellow", {"gear": 5}),
    ("move", "yellow", {"roll": 14}),
    # Round 6: all three cross the line: a Photo Finish.
    ("order", None, None),
    ("gear", "red", {"gear": 5}),
    ("move", "red", {"roll": 16, "finish": 5}),
    ("gear", "green", {"gear": 5}),
    ("move", "green", {"roll": 16, "finish": 6}),
    ("gear", "yellow", {"gear": 5}),
    ("move", "yellow", {"roll": 12, "finish": 5}),
]

# Round 1 at Imola scores double: 4 cars score 100, 60, 30, 5.
EXPECTED_PLACES = {"red": 1, "green": 2, "yellow": 3, "blue": 4}
EXPECTED_POINTS = {"red": 200, "green": 120, "yellow": 60, "blue": 10}
