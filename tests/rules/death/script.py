"""A two-car Formula... Death! race scripted through the engine, for the tests of this package:
Red and Blue, the grid, their cards, round 1 moved, then the pieces of a round that the tests
string together (the Attack Phase, a round in 1st gear, a shot)."""

from __future__ import annotations

from rules.engine import Event, Starter, apply, start
from rules.engine import setup as race_setup

RED_CARDS = {"weapon_1": "Rear MG", "weapon_2": "Acid Jets", "defence": "Light Armour",
             "utility": "Nitros"}  # fmt: skip
BLUE_CARDS = {"weapon_1": "Forward MG", "weapon_2": "Megaton Missiles", "defence": "Bravado",
              "utility": "Drop Clutch"}  # fmt: skip
GRID = (
    Event("grid_roll", {"car": "red", "value": 18}),
    Event("grid_roll", {"car": "blue", "value": 3}),
)


def race(distribution="random", damage=10):
    setup = race_setup(
        "death",
        [Starter("red", "Ann"), Starter("blue", "Bob")],
        distribution=distribution,
        damage=damage,
    )
    return setup, start(setup)


def play(state, events):
    """The state and prompts after these events."""
    prompts = None
    for event in events:
        state, prompts = apply(state, event)
    return state, prompts


def to_the_cards(state):
    return play(state, GRID)


def dealt(red=RED_CARDS, blue=BLUE_CARDS, first="red"):
    """Once the grid is set: the cards, `first`'s first, then Red's start roll: its move next."""
    cards = {"red": red, "blue": blue}
    second = "blue" if first == "red" else "red"
    return [
        Event("cards", {"car": first, **cards[first]}),
        Event("cards", {"car": second, **cards[second]}),
        Event("start_roll", {"car": "red", "value": 10}),
    ]


def blue_to_move(red=RED_CARDS, blue=BLUE_CARDS):
    """Round 1, Red moved 2 spaces and Blue's start roll made: Blue's move next."""
    _setup, (state, _prompts) = race()
    return play(
        state,
        [
            *GRID,
            *dealt(red, blue),
            Event("move", {"car": "red", "roll": 2}),
            Event("start_roll", {"car": "blue", "value": 10}),
        ],
    )


def through_round_1(distribution="random", damage=10, red=RED_CARDS, blue=BLUE_CARDS):
    """Round 1 moved (Red ahead, Blue behind), with these cards: the Attack Phase next."""
    setup, (state, _prompts) = race(distribution, damage)
    log = [
        *GRID,
        *dealt(red, blue, "blue" if distribution == "pick" else "red"),
        Event("move", {"car": "red", "roll": 2}),
        Event("start_roll", {"car": "blue", "value": 10}),
        Event("move", {"car": "blue", "roll": 1}),
    ]
    state, prompts = play(state, log)
    return setup, state, prompts, log


def between_rounds(order, behind, ahead):
    """The Attack Phase with the cars in `order` (the car behind acts first: `behind`, then the car
    ahead: `ahead`, each a reload or a pass): nothing moved, so the standing is the next round's
    order of play, its gear prompt next."""
    first, last = order
    return [
        Event("attack_order", {"order": [first, last]}),
        Event("attack", {"car": last, "action": behind}),
        Event("attack", {"car": first, "action": ahead}),
    ]


def in_1st(order):
    """Each car into 1st gear and one space on, in this order."""
    return [
        event
        for car in order
        for event in (
            Event("gear", {"car": car, "gear": 1}),
            Event("move", {"car": car, "roll": 1}),
        )
    ]


def fire(order, weapon, spaces=None):
    """The Attack Phase with the cars in `order`: the car behind fires its `weapon` (0 or 1) and,
    given `spaces`, aims it at the car ahead, that many spaces away."""
    first, last = order
    events = [
        Event("attack_order", {"order": [first, last]}),
        Event("attack", {"car": last, "action": f"fire:{weapon}"}),
    ]
    if spaces is not None:
        events.append(Event("aim", {"car": last, "target": first, "spaces": spaces}))
    return events
