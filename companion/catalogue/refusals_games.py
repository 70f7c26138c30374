"""Refusals of Hand of Manus, Talisman, Tetranomicon and the shell in Russian (see
:mod:`companion.catalogue.refusals`): English template -> Russian template, grouped by the
module that raises the message."""

from __future__ import annotations

RU: dict[str, str] = {
    # companion/games/manus/engine.py
    "not yet: the first player places the test-site token first": (
        "ещё нет: сначала первый игрок ставит жетон полигона"
    ),
    "only the first player acts now: {first} (seat {seat}), not {player}": (
        "сейчас действует только первый игрок: {first} (место {seat}), а не {player}"
    ),
    "no hand {number}: hands are 1 to {count}": "нет руки {number}: руки от 1 до {count}",
    "hand {hand} is {owner}'s (seat {seat}), not {player}'s": (
        "рука {hand} — игрока {owner} (место {seat}), а не {player}"
    ),
    "it is {who}'s turn (hand {expected}), not hand {hand}": (
        "сейчас ход: {who} (рука {expected}), а не рука {hand}"
    ),
    "the test-site token is already placed; only the vote moves it": (
        "жетон полигона уже поставлен; сдвинуть его может только голосование"
    ),
    "{where}: '{word}' is neither an element type nor a condition{maybe}": (
        "{where}: «{word}» — не тип элемента и не условие{maybe}"
    ),
    "{where}: one element type ({types})": "{where}: один тип элемента ({types})",
    "{where}: an element has one condition on each axis (L256): warm or cold, and wet or dry": (
        "{where}: у элемента одно условие на каждой оси (L256): тёплый или холодный, "
        "влажный или сухой"
    ),
    "nothing to record: give a part an element card, or skip construction": (
        "записывать нечего: дайте части карту элемента или пропустите строительство"
    ),
    "'elements': a mapping of parts, e.g. {{shoulder: water cold wet}}": (
        "'elements': словарь частей, например {{shoulder: water cold wet}}"
    ),
    "a hand may replace one element card per round (L220), not {count} ({replaced})": (
        "рука может заменить одну карту элемента за раунд (L220), а не {count} ({replaced})"
    ),
    "no target is not a choice in this game: every hand moves its marker to a target (L232): "
    "{tiles} (the setup option no_target: true allows leaving it on the cross)": (
        "без цели в этой игре нельзя: каждая рука ставит маркер на цель (L232): {tiles} "
        "(настройка no_target: true разрешает оставить его на кресте)"
    ),
    "hand {number} does not play this tie round": "рука {number} не играет в этом раунде ничьей",
    "the cards turn over by themselves when the last hand votes": (
        "карты откроются сами, когда проголосует последняя рука"
    ),
    "not every hand has voted: waiting for hand {listed}": (
        "проголосовали не все руки: ждём руку {listed}"
    ),
    "hand {number}'s strength comes from its recorded elements ({computed})": (
        "сила руки {number} считается по записанным элементам ({computed})"
    ),
    "hand {number} has no target this round, so no test": (
        "у руки {number} в этом раунде нет цели, значит, нет и испытания"
    ),
    "{where}: a type and two conditions, e.g. 'steam warm dry'": (
        "{where}: тип и два условия, например 'steam warm dry'"
    ),
    "{where}: {type} elements are always {own} and {own2} (L51), not {given} and {given2}: "
    "record '{kind}' alone, or the type the card shows": (
        "{where}: элементы «{type}» всегда {own} и {own2} (L51), а не {given} и {given2}: "
        "запишите только '{kind}' или тип, который показывает карта"
    ),
    "missing field 'hand': which hand acts": "не указано поле 'hand': какая рука действует",
    "name the hand: {player} runs hands {listed}": (
        "назовите руку: у игрока {player} руки {listed}"
    ),
    # companion/games/manus/rules.py
    "hand {hand} is {owner}'s (seat {seat}), not {player}'s: a seat plays and votes for its "
    "own hands only": (
        "рука {hand} — игрока {owner} (место {seat}), а не {player}: место играет и голосует "
        "только за свои руки"
    ),
    # companion/games/manus/state.py
    "setup.{key}: {listed}, not {value}": "setup.{key}: {listed}, а не {value}",
    "setup.{key}: true or false, not {value}": "setup.{key}: true или false, а не {value}",
    "setup.edition: {listed}, not {value}": "setup.edition: {listed}, а не {value}",
    "setup: a mapping of players, first and the options in docs/manus.md": (
        "setup: словарь с players, first и настройками из docs/manus.md"
    ),
    "setup.hands_per_player: {hint}, not {hands}": ("setup.hands_per_player: {hint}, а не {hands}"),
    "setup.seating: only with two hands each (2 players, hands_per_player: 2)": (
        "setup.seating: только по две руки у каждого (2 игрока, hands_per_player: 2)"
    ),
    # companion/games/spec.py
    "seat {seat} cannot act for seat {named}": "место {seat} не может действовать за место {named}",
    "it is seat {seat}'s to decide now, not seat {other}'s": (
        "сейчас решает место {seat}, а не место {other}"
    ),
    # companion/games/talisman/battle.py
    "{hero} carries no object: only an object he carries, his armour, saves a life (L158)": (
        "у героя {hero} нет предметов: жизнь спасает только его предмет, его доспех (L158)"
    ),
    "'enemies': the Strength (or Craft) of each enemy, e.g. [3, 4]": (
        "'enemies': Сила (или Магия) каждого врага, например [3, 4]"
    ),
    "a hero attacks another hero": "герой нападает на другого героя",
    "one fate, one reroll a battle (L64)": "одна судьба — один переброс за битву (L64)",
    "{hero} has no fate to spend": "у героя {hero} не осталось судьбы",
    "in psychic combat «ни один Предмет не способен предотвратить потерю жизни» (L120)": (
        "в психической битве «ни один Предмет не способен предотвратить потерю жизни» (L120)"
    ),
    "{hero} has no gold (L140)": "у героя {hero} нет золота (L140)",
    "{hero} carries no {name}": "у героя {hero} нет: {name}",
    # companion/games/talisman/engine.py
    "{player} may not own {name}: «не может» beats «может» (L255, L305)": (
        "{player} не может владеть: {name}; «не может» сильнее «может» (L255, L305)"
    ),
    "{hero} cannot have followers: «не может» beats «может» (L255, L307)": (
        "у героя {hero} не может быть спутников: «не может» сильнее «может» (L255, L307)"
    ),
    "a toad gains no spells (L285)": "жаба не получает заклинаний (L285)",
    "{hero} holds no {name}": "у героя {hero} нет заклинания {name}",
    "a spell is not discarded while under the limit (L191)": (
        "заклинание не сбрасывают, пока их меньше предела (L191)"
    ),
    "a toad casts no spells (L285)": "жаба не творит заклинаний (L285)",
    "{hero} has cast {casts} this turn, the most: the spells held when the turn began (L199)": (
        "{hero}: заклинаний в этот ход: {casts}, это предел: сколько их было в начале хода (L199)"
    ),
    "{hero} has cast {casts} this turn, the most: one in another hero's turn (L199)": (
        "{hero}: заклинаний в этот ход: {casts}, это предел: одно в ход другого героя (L199)"
    ),
    "{hero} changed alignment this turn already (L241)": (
        "{hero}: мировоззрение в этот ход уже сменено (L241)"
    ),
    "{name} does not follow {hero}": "{name} — не спутник героя {hero}",
    "first {hero} {fixing}s: he {limit}": "сначала {hero}: {fixing}; {limit}",
    # companion/games/talisman/rules.py
    "{hero} is {owner}'s hero, not {player}'s: a hero's sheet is changed by its own player": (
        "{hero} — герой игрока {owner}, а не {player}: лист героя меняет его игрок"
    ),
    # companion/games/talisman/state.py
    "setup: a mapping of players, heroes, first, seed": (
        "setup: словарь с players, heroes, first, seed"
    ),
    "setup.heroes: a list of up to {count} heroes, in seat order": (
        "setup.heroes: список до {count} героев, по порядку мест"
    ),
    "setup.first: a seat, 1 to {count}, or a player's name": (
        "setup.first: место от 1 до {count} или имя игрока"
    ),
    "setup.seed: a whole number (the dice the companion rolls follow it)": (
        "setup.seed: целое число (по нему компаньон бросает кубики)"
    ),
    "setup.toad_from_next: true or false": "setup.toad_from_next: true или false",
    "setup.dice: table (the players' dice, entered) or box (rolled)": (
        "setup.dice: table (кубики игроков, вводятся) или box (бросает компаньон)"
    ),
    "{where}: a mapping of {keys}": "{where}: словарь с {keys}",
    "{where}.alignment: good, neutral or evil": "{where}.alignment: good, neutral или evil",
    "{where}.{key}: a whole number from 0 to 99, not {value}": (
        "{where}.{key}: целое число от 0 до 99, а не {value}"
    ),
    # companion/games/talisman/turn.py
    "'{key}': true or false, not {value}": "'{key}': true или false, а не {value}",
    "it is {player}'s to do, not {other}'s": "это делает {player}, а не {other}",
    "not now: {what} first": "не сейчас: сначала {what}",
    "not now: no battle is under way": "не сейчас: битвы нет",
    "the table's dice: enter {missing} as rolled, 1 to 6 (setup dice: table; with dice: box "
    "the companion rolls them)": (
        "кубики стола: введите {missing}, как выпало, от 1 до 6 (настройка dice: table; "
        "с dice: box их бросает компаньон)"
    ),
    "a toad does not trade trophies: what it gains vanishes when it turns back (L281)": (
        "жаба не обменивает трофеи: всё полученное пропадёт, когда она превратится обратно (L281)"
    ),
    "{points} {kind} on trophies: 7 make one point (L207)": (
        "{kind} трофеев: {points}; одно очко — за 7 (L207)"
    ),
    # companion/games/tetranomicon/engine.py
    "it is {player}'s turn, not {other}'s": "сейчас ходит {player}, а не {other}",
    "a relation is with another faction": "отношения бывают только с другой фракцией",
    "the {kind} epoch has been played: the deck holds one card per type (TN-A7; "
    "setup.epoch_repeats: true for a deck that repeats)": (
        "эпоха «{kind}» уже сыграна: в колоде по одной карте каждого типа (TN-A7; "
        "setup.epoch_repeats: true — колода с повторами)"
    ),
    "'routes': the other factions' routes used, e.g. {{Boris: 1}}": (
        "'routes': пути других фракций, которыми пользовались, например {{Boris: 1}}"
    ),
    "{what} costs {cost} and {player} has {coins}: an action one cannot afford is not taken "
    "(L326)": (
        "{what} стоит {cost}, а у игрока {player} — {coins}: действие не по карману не "
        "выполняется (L326)"
    ),
    "all {count} building tokens are on the board (L113)": (
        "все {count} жетонов построек уже на поле (L113)"
    ),
    "castle {castle} holds {held} of {player}'s buildings: the limit in epoch {epoch} of "
    "{peace_war} is {limit} (L232)": (
        "в замке {castle} построек игрока {player}: {held}; предел в эпоху {epoch} "
        "({peace_war}) — {limit} (L232)"
    ),
    "a {kind} needs an own building of every lower level: no {missing} yet (L233)": (
        "для постройки «{kind}» нужна своя постройка каждого уровня ниже: ещё нет: {missing} (L233)"
    ),
    "a farm reaches no lower level, so it uses no route: it costs 3 (L233, L235)": (
        "ферме нет уровня ниже, путь ей не нужен: она стоит 3 (L233, L235)"
    ),
    "'castles': the two castles the route joins, e.g. [1, 4]": (
        "'castles': два замка, которые соединяет путь, например [1, 4]"
    ),
    "a route joins two different castles": "путь соединяет два разных замка",
    "{player} has no route token left for a {kind} (4, +1 road with Mechanicus, +1 road or "
    "canal with Fidea; L113, L248)": (
        "у игрока {player} не осталось жетонов пути ({kind}) (4, +1 тропа у Механикуса, "
        "+1 тропа или река у Фидеи; L113, L248)"
    ),
    "an expedition sets out from a castle with an own building (L300): {player} has none in "
    "castle {source}": (
        "экспедиция выходит из замка со своей постройкой (L300): у игрока {player} в замке "
        "{source} её нет"
    ),
    "the random events module is off: no expedition card (L123)": (
        "модуль случайных событий выключен: карт экспедиций нет (L123)"
    ),
    "the game is over: the fourth epoch is scored": "игра окончена: четвёртая эпоха подсчитана",
    "'routes' counts the other factions' routes, not one's own": (
        "'routes' считает пути других фракций, а не свои"
    ),
    "{player} has laid {laid} routes: {used} of them cannot be on the path (L237, L309)": (
        "у игрока {player} проложено путей: {laid}; {used} из них не могут быть на маршруте "
        "(L237, L309)"
    ),
    "the {kind} between castles {a} and {b} holds {player}'s token: one token per route (L243)": (
        "на пути ({kind}) между замками {a} и {b} уже жетон игрока {player}: один жетон на "
        "путь (L243)"
    ),
    "{ability} is in {player}'s army already": "{ability} уже в армии игрока {player}",
    # companion/games/tetranomicon/state.py
    "setup: a mapping of players, factions, youngest, wealth, resources": (
        "setup: словарь с players, factions, youngest, wealth, resources"
    ),
    "setup.first: the first player is the youngest (L119): {youngest}, not {first}": (
        "setup.first: первым ходит самый младший (L119): {youngest}, а не {first}"
    ),
    "setup.diplomacy: the diplomacy module is for 3 or 4 players (L389)": (
        "setup.diplomacy: модуль дипломатии — для 3 или 4 игроков (L389)"
    ),
    "setup.{key}: a seat, 1 to {count}, or a player's name": (
        "setup.{key}: место от 1 до {count} или имя игрока"
    ),
    "setup.{key}: scarce, moderate or abundant, not {value}": (
        "setup.{key}: scarce, moderate или abundant, а не {value}"
    ),
    "setup.factions: one of {factions} per player, {count} in all, in the players' order": (
        "setup.factions: по одной из {factions} на игрока, всего {count}, по порядку игроков"
    ),
    "setup.factions: each faction plays once": "setup.factions: каждая фракция играет один раз",
    "setup.factions: {faction} is none of {factions}": (
        "setup.factions: {faction} — не из {factions}"
    ),
    # companion/rules/base.py
    "'{key}' must be a list, not {value}": "«{key}» — это список, а не {value}",
    "'{key}' must be one of {options}, not {value}{maybe}": (
        "«{key}» — одно из {options}, а не {value}{maybe}"
    ),
    "an action is a mapping with a 'do' key": "действие — это словарь с ключом 'do'",
    "unknown action '{kind}'{maybe}": "неизвестное действие «{kind}»{maybe}",
    "missing field '{key}'{what}": "не указано поле «{key}»{what}",
    "'{key}' must be a name or a number{hint}, not {value}": (
        "«{key}» — имя или число{hint}, а не {value}"
    ),
    "'{key}' must be a whole number, not {value}": "«{key}» — целое число, а не {value}",
    "'{key}' must be at least {low}, not {value}": "«{key}» — не меньше {low}, а не {value}",
    "'{key}' must be at most {high}, not {value}": "«{key}» — не больше {high}, а не {value}",
    "setup.players: a list of player names, e.g. [Anna, Boris]": (
        "setup.players: список имён игроков, например [Anna, Boris]"
    ),
    "setup.players: this game takes {span} players, not {count}": (
        "setup.players: игроков в этой игре: {span}, а не {count}"
    ),
    "setup.players: two players have the same name": "setup.players: у двух игроков одно имя",
    "setup.first: the seat that plays first, 1 to {count} or a player's name, not {first}": (
        "setup.first: место, которое ходит первым, от 1 до {count}, или имя игрока, а не {first}"
    ),
    "{player} (seat {seat}) cannot act for {other} (seat {named})": (
        "{player} (место {seat}) не может действовать за игрока {other} (место {named})"
    ),
    "it is {player}'s to decide now (seat {seat}), not {other}'s": (
        "сейчас решает {player} (место {seat}), а не {other}"
    ),
    "no player named '{seat}'{maybe}": "нет игрока по имени «{seat}»{maybe}",
    # companion/table.py
    "this game was ended: start a new one from the menu": (
        "эта игра окончена: начните новую из меню"
    ),
    "nothing to undo": "отменять нечего",
    "nothing to redo": "возвращать нечего",
    "game {game} is over: it cannot be resumed": "игра {game} окончена: продолжить её нельзя",
    "this is the game on the table": "эта игра уже на столе",
    "this game is already over": "эта игра уже окончена",
    "no game {game} in this journal": "в этом журнале нет игры {game}",
    # companion/loop.py: a phone's action the table no longer takes
    "the table has moved on": "стол уже ушёл дальше",
    "it is not this seat's to decide now": "сейчас решает не это место",
    # the more specific forms of a message whose words come in as values
    "first {hero} drops: he carries {count} objects, {most} at most (L148)": (
        "сначала {hero}: сбросить предмет (предметов {count}, а можно не больше {most}; L148)"
    ),
    "first {hero} discards: he holds {count} spells, {most} at Craft {craft} (L183)": (
        "сначала {hero}: сбросить заклинание (заклинаний {count}, а при Магии {craft} можно "
        "{most}; L183)"
    ),
    "not now: the battle's rolls wait to be accepted first": (
        "не сейчас: сначала примите броски битвы"
    ),
    "not now: the lost battle's life first": "не сейчас: сначала жизнь за проигранную битву",
    "not now: the winner's reward first": "не сейчас: сначала награда победителя",
}
