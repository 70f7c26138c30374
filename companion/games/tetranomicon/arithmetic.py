"""The arithmetic of Tetranomicon (RULES-EXPANSIONS.md §2; seeds/004, lines ``Lnnn``).

Pure functions: initiative, peace or war, every action's cost, the per-castle limit,
income and the final scoring. The engine calls them; the tests check each against the
rulebook's worked examples (TN-X1..X7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

FARM = "farm"  # ферма, plains, level I
SAWMILL = "sawmill"  # лесопилка, forest, level II
QUARRY = "quarry"  # каменоломня, mountains, level III
MINE = "mine"  # шахта, mountains, level IV
BUILDINGS = (FARM, SAWMILL, QUARRY, MINE)  # by level, I to IV (L215-223)

# Building income per building by peace/war (L340-346, TN-R20).
INCOME = {FARM: (1, 2), SAWMILL: (2, 1), QUARRY: (3, 2), MINE: (2, 3)}

EPOCHS = 4
BUILDING_TOKENS = 12  # «12 жетонов зданий» (L113)
ROUTE_TOKENS = 4  # «4 жетона маршрутов» (L113), +1 with Mechanicus, +1 with Fidea (L115)
BUILD_BASE = 3  # L235
ROUTE_BASE = 4  # L250
WEALTH = {"scarce": 10, "moderate": 15, "abundant": 20}  # L117
# Castles to lay out by players and resources (L104-107, TN-R2).
CASTLES = {
    2: {"scarce": 5, "moderate": 6, "abundant": 7},
    3: {"scarce": 8, "moderate": 9, "abundant": 10},
    4: {"scarce": 11, "moderate": 12, "abundant": 13},
}
LOWEST_COST = 1  # «не может быть меньше 1 монеты» (L205), artifacts free


def initiative(coins: Sequence[int], holder: int) -> int:
    """The seat (1-based) with the fewest coins takes the first-player token; on a tie it
    stays with its holder if he is among them, else goes to the nearest of them clockwise
    from the holder (L148-150, TN-A1)."""
    fewest = min(coins)
    tied = [seat for seat, held in enumerate(coins, 1) if held == fewest]
    if holder in tied:
        return holder
    count = len(coins)
    return next(
        seat
        for seat in ((holder - 1 + step) % count + 1 for step in range(1, count + 1))
        if seat in tied
    )


def peace_or_war(peace: int, war: int) -> bool | None:
    """True for war, False for peace: the armies' creatures of peace against war (L166-168);
    None on a tie, when the relations stay as they were unless a Carnifex decides (the
    engine asks)."""
    if peace > war:
        return False
    if war > peace:
        return True
    return None


def build_limit(epoch: int, war: bool, architectus: bool) -> int | None:
    """Own buildings one castle may hold: the epoch's number in peace, at most two in war;
    none with Architectus (L232, TN-X6)."""
    if architectus:
        return None
    return min(epoch, 2) if war else epoch


def build_cost(foreign_routes: int, discount: int = 0) -> int:
    """«равна 3 монетам и увеличивается на 1 монету за каждый не принадлежащий игроку
    маршрут до зданий нижестоящих уровней» (L235); never below 1 (L205)."""
    return max(LOWEST_COST, BUILD_BASE + foreign_routes - discount)


def route_cost(developed: int, discount: int = 0) -> int:
    """«равна 4 монетам и уменьшается на 1 монету за каждый замок с двумя и более
    зданиями, который он соединяет» (L250); never below 1."""
    return max(LOWEST_COST, ROUTE_BASE - developed - discount)


def summon_cost(ordinal: int, goetius: bool, discount: int = 0) -> int:
    """«Стоимость призыва равна порядковому номеру призываемого в армию игрока существа.
    Может быть уменьшена умением Гоэция» (L286); Goetius does not lower his own (L288-290)."""
    return max(LOWEST_COST, ordinal - (1 if goetius else 0) - discount)


def expedition_cost(epoch: int, foreign_routes: int, discount: int = 0) -> int:
    """«цене трофея и стоимости пути … Цена трофея равна порядковому номеру текущей эпохи …
    1 монеты за каждый не принадлежащий игроку маршрут (в том числе нейтральный)» (L309)."""
    return max(LOWEST_COST, epoch + foreign_routes - discount)


def expedition_won(strength: int, neutral: int) -> bool:
    """«Если сила армии игрока больше, чем сила армии нейтральных существ» (L300): strictly."""
    return strength > neutral


def building_income(buildings: Sequence[str], war: bool) -> int:
    """Each building's income in peace or war (L340-346, TN-X1)."""
    return sum(INCOME[kind][1 if war else 0] for kind in buildings)


def standings_points(values: Sequence[int]) -> list[int]:
    """«столько победных очков, сколько соперников обгоняете» (L378): one point per rival
    strictly behind (TN-X2: 15, 14, 14, 10 → 3, 1, 1, 0)."""
    return [sum(1 for other in values if other < mine) for mine in values]


def winners(points: Sequence[int], totals: Sequence[int]) -> list[int]:
    """The winning seats (1-based): most points; among tied leaders the greatest sum of the
    four standings' values (L383); still tied, they share the win (TN-A5)."""
    best = max(points)
    leaders = [seat for seat, p in enumerate(points, 1) if p == best]
    top = max(totals[seat - 1] for seat in leaders)
    return [seat for seat in leaders if totals[seat - 1] == top]


def majority_war(relations: Mapping[tuple[int, int], bool]) -> bool | None:
    """Diplomacy: the epoch follows the majority of war against peace relations; None on a
    tie, which keeps the last state (the first epoch's: the first player decides)
    (L395-410, TN-R23)."""
    wars = sum(1 for war in relations.values() if war)
    return peace_or_war(len(relations) - wars, wars)
