"""The words of ``companion check-config`` and ``companion presses`` (keys ``cmd.``), and the
Russian of the messages their inputs raise: a config's problems, a script's, the planner's.

The command's own lines (a verdict, a count, the press script's header) are catalogue
entries, said by :func:`companion.i18n.text` with its plural forms. The problems come from
some sixty checks (the config's, the YAML reader's, the script loader's, the planner's), most
of them f-strings: as :mod:`companion.catalogue.refusals` does for the rules, this holds each
message's English template and its Russian, and :func:`said` matches a message against them
(most specific first), after its place (``table.yaml:14: buttons.pins.seat1.red: ...``)
when the whole does not fit, and falls back on the rules' refusals. A field holding a
message (``{reason}``) is said the same way (``{problem}``, a message of the system's or
PyYAML's, where it is known); ``{reasons}``, a list of them joined by "; ",
each in turn; ``{label}``, a prompt's entry, as the table's catalogues name it; a value, a
key or a name typed stays as it was given. A message none fits is shown in English.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion.catalogue.refusals import MAYBE_WORD, Template, compiled, refusal, word
from companion.i18n import LANGUAGES, Words

EN: dict[str, str] = {
    "config.ok": "{file}: ok",
    "config.problems": "{count} {count:problem|problems} in {file}",
    "presses.header": "{count} presses, planned from {path} by `companion presses`.",
    "presses.not_pressed": "action {index} (line {line}) not pressed",
    "presses.unplanned": "{where}: action {index} ({do}): no presses play it: {reason}",
    "presses.missed": (
        "{missed} of {total} actions cannot be pressed; the press script above leaves them out"
    ),
    "presses.press_script": "{path}: already a press script",
}

RU: dict[str, str] = {
    "config.ok": "{file}: в порядке",
    "config.problems": "{file}: {count} {count:ошибка|ошибки|ошибок}",
    "presses.header": (
        "{count} {count:нажатие|нажатия|нажатий}: план по сценарию {path}, составлен командой "
        "`companion presses`."
    ),
    "presses.not_pressed": "действие {index} (строка {line}) кнопками не сыграно",
    "presses.unplanned": "{where}: действие {index} ({do}): кнопками не сыграть: {reason}",
    "presses.missed": (
        "действий, которые кнопками не сыграть: {missed} из {total}; в сценарии нажатий выше их нет"
    ),
    "presses.press_script": "{path}: это уже сценарий нажатий",
}

WORDS = Words("cmd", EN, RU)

# English template -> Russian template of the messages the commands pass on.
MESSAGES: dict[str, str] = {
    # companion/config.py: a setting's check, the cross-checks
    "a whole number from {low} to {high}, not {value}": (
        "целое число от {low} до {high}, а не {value}"
    ),
    "must be {low} to {high}, not {value}": "должно быть от {low} до {high}, а не {value}",
    "a number from {low} to {high}, not {value}": "число от {low} до {high}, а не {value}",
    "out of range: {low} to {high}, not {value}": (
        "вне допустимого: от {low} до {high}, а не {value}"
    ),
    "not a GPIO: a BCM GPIO number is 0 to {high}, not {value}": (
        "это не GPIO: номер BCM GPIO от 0 до {high}, а не {value}"
    ),
    "true or false, not {value}": "true или false, а не {value}",
    "a text, not {value}": "текст, а не {value}",
    "one of {options}, not {value}{maybe}": "одно из: {options}; а не {value}{maybe}",
    "the panel's diagonal in inches: {reason}": "диагональ панели в дюймах: {reason}",
    "a colour order such as GRB or RGB, not {value}": (
        "порядок цветов, например GRB или RGB, а не {value}"
    ),
    "a list of [red, green, blue] colours, each 0 to 255 (or null: the screen's)": (
        "список цветов [красный, зелёный, синий], каждый от 0 до 255 (или null: цвета экрана)"
    ),
    "{value} is too low or too high: C1 to G8 leave the buzzer an octave either side": (
        "нота {value} слишком низкая или слишком высокая: от C1 до G8 у пищалки остаётся "
        "по октаве в обе стороны"
    ),
    "a note such as A5 (a letter A to G, then # or b, then an octave 0 to 9), not {value}": (
        "нота, например A5 (буква от A до G, затем # или b, затем октава от 0 до 9), а не {value}"
    ),
    "a path, not {value}": "путь, а не {value}",
    "a path cannot hold a NUL character": "в пути не может быть символа NUL",
    "a mapping of {keys}, not {value}": "словарь с ключами {keys}, а не {value}",
    "unknown key{maybe}": "неизвестный ключ{maybe}",
    "key given twice": "ключ указан дважды",
    "GPIO {pin} is used twice: also by {other}": "GPIO {pin} занят дважды: его занимает и {other}",
    "{count} LEDs: the count must be a multiple of 6": (
        "светодиодов {count}: их число должно быть кратно 6"
    ),
    "LED {offset} is past the ring's end: the ring has {count} LEDs, 0 to {last}": (
        "светодиод {offset} за концом кольца: в кольце светодиодов {count}, от 0 до {last}"
    ),
    "{path} is a folder: name the journal file in it": (
        "{path} — это папка: назовите файл журнала в ней"
    ),
    "a mapping of the game's setup, not {value}": "словарь настроек игры, а не {value}",
    "a config is a mapping of settings": "конфиг — это словарь настроек",
    # companion/yamlfile.py: a file that cannot be read, or is not YAML the table reads
    "cannot read: {problem}": "не читается: {problem}",
    "No such file or directory": "нет такого файла или папки",
    "Permission denied": "нет прав на чтение",
    "Is a directory": "это папка",
    "not UTF-8 text ({why})": "это не текст UTF-8 ({why})",
    "too big: more than {size}": "слишком большой: больше {size}",
    "not valid YAML: {problem}": "не YAML: {problem}",
    "not valid YAML: the character {character}": "не YAML: символ {character}",
    "mapping values are not allowed here": "здесь не может быть значения ключа",
    "could not find expected ':'": "не найдено ожидаемое ':'",
    "found character {character} that cannot start any token": (
        "символ {character} не может начинать лексему"
    ),
    "found unexpected end of stream": "файл кончился раньше, чем ожидалось",
    "did not find expected key": "не найден ожидаемый ключ",
    "did not find expected '-' indicator": "не найден ожидаемый знак '-'",
    "did not find expected node content": "не найдено ожидаемое значение",
    "expected {expected}, but found {got}": "ожидалось {expected}, а найдено {got}",
    "expected {expected}, but got {got}": "ожидалось {expected}, а найдено {got}",
    "found undefined alias {alias}": "ссылка {alias} ни на что не указывает",
    "not a value": "это не значение",
    "nested more than {depth} deep": "вложенность глубже {depth}",
    "the anchor &{anchor} is given twice": "якорь &{anchor} указан дважды",
    "the tag {tag} is not plain data (text, numbers, lists)": (
        "тег {tag} — не простые данные (текст, числа, списки)"
    ),
    "more than {count} aliases": "ссылок больше {count}",
    "the alias *{alias} is inside its own anchor": "ссылка *{alias} внутри собственного якоря",
    "the alias *{alias} has no anchor before it": "у ссылки *{alias} нет якоря перед ней",
    "the alias *{alias} nests more than {depth} deep": "ссылка *{alias} вложена глубже {depth}",
    "a number {count} digits long (at most {most})": (
        "число длиной {count} цифр (можно не больше {most})"
    ),
    "a lone surrogate (\\ud800 to \\udfff) is not text": (
        "одиночный суррогат (от \\ud800 до \\udfff) — не текст"
    ),
    "not a number: {value}": "не число: {value}",
    "a key is text, not a list or mapping": "ключ — это текст, а не список или словарь",
    "a key is text, not null (a key is missing before the colon?)": (
        "ключ — это текст, а не null (перед двоеточием нет ключа?)"
    ),
    "a key is printable text, not {value}": "ключ — это печатный текст, а не {value}",
    "a key is text, not {value} (quote it to make it text: '{quoted}')": (
        "ключ — это текст, а не {value} (возьмите его в кавычки: '{quoted}')"
    ),
    "more than {count} items in one list": "в одном списке больше {count} элементов",
    "more than {count} keys in a mapping": "в одном словаре больше {count} ключей",
    "more than {count} values (aliases count all they repeat): a file this big is not a "
    "config, script or card library": (
        "значений больше {count} (ссылка считает всё, что повторяет): такой большой файл — "
        "не конфиг, не сценарий и не библиотека карт"
    ),
    # companion/script.py: an action script's shape
    "a script is a mapping with game, setup and actions": (
        "сценарий — это словарь с game, setup и actions"
    ),
    "unknown key '{key}'{maybe}": "неизвестный ключ '{key}'{maybe}",
    "missing 'game' (e.g. game: bestiary)": "нет 'game' (например, game: bestiary)",
    "'setup' must be a mapping": "'setup' должен быть словарём",
    "'actions' must be a list": "'actions' должен быть списком",
    "'presses' must be a list": "'presses' должен быть списком",
    "action {index}: a mapping with 'do' and its fields": (
        "действие {index}: словарь с 'do' и его полями"
    ),
    "action {index}: missing 'do' (what to do)": "действие {index}: нет 'do' (что сделать)",
    "actions or presses, not both": "actions или presses, но не то и другое",
    "unknown game '{game}'{maybe}; known: {known}": (
        "неизвестная игра '{game}'{maybe}; известные: {known}"
    ),
    "press {index}: {reason}": "нажатие {index}: {reason}",
    "no button '{button}' on the panel ({known})": "на панели нет кнопки '{button}' ({known})",
    "a button (seat1.cyan, next, undo, menu), 'hold undo', 'disc +1' or 'wait 0.5'": (
        "кнопка (seat1.cyan, next, undo, menu), 'hold undo', 'disc +1' или 'wait 0.5'"
    ),
    "'{item}': 'hold undo', 'hold menu' or 'hold undo 1.5' (a button, then seconds)": (
        "'{item}': 'hold undo', 'hold menu' или 'hold undo 1.5' (кнопка, затем секунды)"
    ),
    "'{item}': 'disc +1' or 'disc -2' (whole steps of the disc)": (
        "'{item}': 'disc +1' или 'disc -2' (целые шаги диска)"
    ),
    "'{item}': 'wait 0.5' (seconds)": "'{item}': 'wait 0.5' (секунды)",
    "at most {count} steps of the disc, not {steps}": (
        "не больше {count} шагов диска, а не {steps}"
    ),
    "'{item}': one button, or hold/disc/wait with a value": (
        "'{item}': одна кнопка или hold/disc/wait со значением"
    ),
    "'{item}': seconds are a number, as in '{example}'": (
        "'{item}': секунды — это число, как в '{example}'"
    ),
    "0 to {most} seconds, not {value}": "от 0 до {most} секунд, а не {value}",
    # companion/presses.py and companion/planner.py: an action no presses play
    "action {index} ({do}): no presses play it: {reason}": (
        "действие {index} ({do}): кнопками не сыграть: {reason}"
    ),
    "the rules refuse {action}": "правила не допускают {action}",
    "no choice or entry of the prompt '{kind}' plays {action} ({reasons})": (
        "ни один выбор и ни одно поле запроса '{kind}' не дают {action} ({reasons})"
    ),
    "no choice or entry of the prompt '{kind}' plays {action}": (
        "ни один выбор и ни одно поле запроса '{kind}' не дают {action}"
    ),
    "seat {seat}'s buttons do not reach line {line} of the prompt": (
        "кнопки места {seat} не достают до строки {line} запроса"
    ),
    "seat {seat}'s next press chooses for {who}": (
        "следующее нажатие места {seat} выбирает за: {who}"
    ),
    "no button chooses {action}": "ни одна кнопка не выбирает {action}",
    "the entry '{label}' takes one {key}, not {found}": (
        "поле «{label}» принимает одно значение {key}, а не {found}"
    ),
    "the entry '{label}': {key} is one number, not '{found}'": (
        "поле «{label}»: {key} — одно число, а не '{found}'"
    ),
    "the entry '{label}': {key} {reason}": "поле «{label}», {key}: {reason}",
    "is a number, not {found}": "это число, а не {found}",
    "goes from {low} to {high}, not {found}": "от {low} до {high}, а не {found}",
    "is a name, not {found}": "это имя, а не {found}",
    "takes {low} to {high} letters, not '{found}'": ("от {low} до {high} букв, а не '{found}'"),
    "'{found}': the buttons have no {missing}": "'{found}': на кнопках нет {missing}",
    "has no option {found} ({shown})": "нет варианта {found} (есть: {shown})",
    "the entry '{label}' gives {action}, another outcome": (
        "поле «{label}» даёт {action}, с другим исходом"
    ),
    "no seat's buttons may take the entry '{label}' now": (
        "сейчас ничьи кнопки не могут открыть поле «{label}»"
    ),
    "the buttons cannot type the name '{name}'": "кнопками не набрать имя '{name}'",
    "the planned presses [{words}] {reason}": "запланированные нажатия [{words}]: {reason}",
    "moved the table {count} actions on, not one": (
        "сдвинули игру не на одно действие, а на {count}"
    ),
    "left the game in another state than the action does": (
        "привели игру не в то состояние, что действие"
    ),
    "already a press script": "это уже сценарий нажатий",
}

# Words a field holds that no catalogue has.
FIELD_WORDS = {"nobody": "никого"}
# PyYAML's names of what it expected or found (``{expected}``, ``{got}``), and their join.
YAML_TOKENS = {
    "<block end>": "конец блока",
    "<stream end>": "конец файла",
    "<document end>": "конец документа",
    "<block mapping start>": "начало словаря",
    "<block sequence start>": "начало списка",
    "<block collection start>": "начало блока",
    "<flow mapping end>": "конец словаря",
    "<flow sequence end>": "конец списка",
    "<scalar>": "значение",
    "<document start>": "начало документа",
    " or ": " или ",
}


def _token(value: str) -> str:
    for english, russian in YAML_TOKENS.items():
        value = value.replace(english, russian)
    return value


def _templates() -> tuple[Template, ...]:
    return compiled(MESSAGES)


def said(message: str, language: str) -> str:
    """A message the commands print, in ``language``: the whole, else the part after its
    place (read from the left: ``file:12: key: why``) said in Russian, the place as it is;
    this catalogue's templates tried first at every place, then the rules' refusals; the
    message as it is when nothing fits."""
    if language != "ru":
        return message
    for rules in (False, True):
        start = 0
        while start >= 0:
            tail = _said(message[start:], 0, rules=rules)
            if tail is not None:
                return message[:start] + tail
            start = message.find(": ", start)
            start = start + 2 if start >= 0 else -1
    return message


def _said(message: str, depth: int, *, rules: bool = False) -> str | None:
    """The Russian of a whole message (with ``rules``, by the rules' refusals), or None."""
    if depth > 4 or not message:
        return None
    if rules:
        ruled = refusal(message, "ru")
        return None if ruled == message else ruled
    for template in _templates():
        found = template.pattern.match(message)
        if found is None or (template.english.startswith("{") and ": " in found.group(1)):
            continue  # a leading field holds a value, never the message's place
        values: dict[str, str] = {}
        for name, value in found.groupdict().items():
            if name == "reason":  # a message inside: it must be said too
                inner = _said(value, depth + 1) or _said(value, depth + 1, rules=True)
                if inner is None:
                    break
                values[name] = inner
            elif name == "problem":  # a message of the system's or PyYAML's, if known
                values[name] = _said(value, depth + 1) or value
            elif name == "reasons":
                values[name] = "; ".join(_said(v, depth + 1) or v for v in value.split("; "))
            elif name == "maybe":
                values[name] = MAYBE_WORD.sub(r" (может быть, «\1»?)", value)
            elif name == "label":
                values[name] = word(value)
            elif name in ("expected", "got"):
                values[name] = _token(value)
            else:
                values[name] = FIELD_WORDS.get(value, value)
        else:
            return template.russian.format(**values)
    return None


def written_language(path: str) -> str:
    """The language a config file sets (``language: ru``), read even when the file does not
    load as a whole, so its check speaks as the table would; en when it sets none it can."""
    from companion import yamlfile  # noqa: PLC0415 (the command only)

    try:
        data = yamlfile.load(path).data
    except yamlfile.YamlError:  # not YAML: its own line, if it has one
        try:
            text = Path(path).read_text("utf-8", errors="replace")
        except OSError:
            return "en"
        line = re.search(r"^language:\s*[\"']?(\w+)[\"']?\s*(?:#.*)?$", text, re.MULTILINE)
        data = {"language": line.group(1)} if line else {}
    value = data.get("language") if isinstance(data, dict) else None
    return value if value in LANGUAGES else "en"


def say(key: str, language: str, **fields: object) -> str:
    """A line of the commands' own (``cmd.<key>``) in ``language``."""
    return WORDS(key, language, **fields)


__all__ = ["EN", "MESSAGES", "RU", "said", "say", "written_language"]
