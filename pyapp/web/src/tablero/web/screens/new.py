"""The new-game dialog: its form (players, names, colours, people or bots, the game's
options, a seed) and the start of the game.

The options are the core's: the dialog's option fields are derived from the game's
``OptionSpec`` values (``tablero.core.get_game(id).options``), never declared again here
or by a game's UI, which only gives presentation hints (:class:`~tablero.web.plugin.
OptionField`).  Each kind has its field:

``one``   a select of its choices (the form sends the index of the chosen one);
``seat``  a select of "drawn at random" and exactly the seats of the chosen player count,
          each labelled with the name typed for it;
``set``   a checkbox per choice (``opt-<name>-<index>``, with a hidden ``opt-<name>``
          saying the set was in the form), its size rule shown beside them.

The players select offers ``game.allowed_players(options)``: when a mode decides the
player counts, changing it (every option field sends ``app.form``) changes the counts.
The form's values are kept valid for the table being set up: a value that is not (a
first player beyond a reduced player count, an index that names nothing) falls back to
the option's default, and a player count the options no longer allow to the nearest one
they do; a set of the wrong size is kept while it is edited and refused at the start,
with the rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tablero.core import Game, OptionSpec, get_game, make
from tablero.core.options import same_value

from ..acts import act
from ..model import (
    BOT_LEVELS,
    KINDS,
    MAX_NAME,
    MAX_SAVE_NAME,
    MAX_SEED,
    PALETTE_SIZE,
    Model,
    Msg,
    NewGameForm,
    clean,
    parse_seed,
    to_screen,
)
from ..plugin import OptionField, Seat, Translate
from ..saves import SavedGame
from ..svg import esc
from .shell import LETTERS, button, message, swatch
from .table import open_game

if TYPE_CHECKING:
    from ..app import App

__all__ = [
    "OptionInput",
    "default_options",
    "make_options",
    "option_inputs",
    "player_counts",
    "read_form",
    "set_size_problem",
]


@act("app.new", screen="new", view_only=True)
def new(app: App, model: Model, data: dict[str, str]) -> Model:
    game_id = data.get("game") or (model.game.game_id if model.game else "")
    if not game_id:
        entries = app.available_games()
        if not entries:
            return replace(model, toast=("app.error.no-games", {}))
        game_id = entries[0].id
    app.get_ui(game_id)  # a game without a UI is not offered: ValueError
    game = get_game(game_id)
    t = app.t(model.lang)
    previous = model.form if model.form and model.form.game_id == game_id else None
    if previous is None and model.game is not None and model.game.game_id == game_id:
        # A rematch keeps the players of the game on screen.
        seats = model.game.seats
        names = [s.name for s in seats] + [
            t("app.new.default-name", n=i + 1) for i in range(len(seats), 4)
        ]
        colours = _complete_colours([s.colour for s in seats])
        previous = NewGameForm(
            game_id=game_id,
            players=len(seats),
            names=tuple(names),
            colours=colours,
            kinds=tuple(
                [s.kind if s.kind in KINDS else "human" for s in seats]
                + ["human"] * (4 - len(seats))
            ),
            options=default_options(game),
        )
    form = previous or NewGameForm(
        game_id=game_id,
        players=_first_count(game.allowed_players(dict(default_options(game)))),
        names=tuple(t("app.new.default-name", n=i + 1) for i in range(4)),
        colours=tuple(range(4)),
        kinds=("human",) * 4,
        options=default_options(game),
    )
    form = _settled(game, form)
    back = model.screen if model.screen in ("home", "game") else model.back
    return to_screen(model, "new", form=replace(form, error=None), back=back)


@act("app.form", screen="new", view_only=True)
def form_update(app: App, model: Model, data: dict[str, str]) -> Model:
    if model.form is None:
        return model
    return replace(model, form=read_form(model.form, data))


def read_form(form: NewGameForm, data: Mapping[str, str]) -> NewGameForm:
    """The form with the fields present in ``data`` (a form's fields) taken in, its
    values then made valid for the table (see the module's doc): never an exception."""
    game = get_game(form.game_id)
    players = form.players
    if "players" in data:
        try:
            players = int(data["players"])
        except ValueError:
            players = form.players
    names = list(form.names)
    colours = list(form.colours)
    kinds = list(form.kinds)
    for i in range(4):
        if f"name-{i}" in data:
            names[i] = clean(data[f"name-{i}"], MAX_NAME)
        if f"colour-{i}" in data:
            try:
                c = int(data[f"colour-{i}"])
            except ValueError:
                c = colours[i]
            if 0 <= c < PALETTE_SIZE:
                colours[i] = c
        if f"kind-{i}" in data and data[f"kind-{i}"] in KINDS:
            kinds[i] = data[f"kind-{i}"]
    options = dict(form.options)
    for spec in game.options:
        key = f"opt-{spec.name}"
        if key not in data:
            continue
        if spec.kind == "set":
            choices = spec.choices or ()
            options[spec.name] = tuple(c for k, c in enumerate(choices) if f"{key}-{k}" in data)
            continue
        # the index of a value of the select as it was drawn (for the form's players)
        shown = spec.allowed(form.players) or ()
        try:
            k = int(data[key])
        except ValueError:
            k = -1
        options[spec.name] = shown[k] if 0 <= k < len(shown) else spec.default
    seed = clean(data["seed"], MAX_SEED) if "seed" in data else form.seed
    return _settled(game, replace(
        form, players=players, names=tuple(names), colours=tuple(colours),
        kinds=tuple(kinds), options=tuple(options.items()), seed=seed,
    ))  # fmt: skip


@act("app.start", screen="new")
def start(app: App, model: Model, data: dict[str, str]) -> Model:
    if model.form is None:
        return model
    form = read_form(model.form, data)
    t = app.t(model.lang)
    n = form.players
    colours = form.colours[:n]
    if len(set(colours)) != n:
        return replace(model, form=replace(form, error=("app.new.error.colours", {})))
    if "human" not in form.kinds[:n]:
        return replace(model, form=replace(form, error=("app.new.error.no-human", {})))
    seats = [
        Seat(
            name=form.names[i] or t("app.new.default-name", n=i + 1),
            colour=colours[i],
            kind=form.kinds[i],
        )
        for i in range(n)
    ]
    engine = get_game(form.game_id)
    size = set_size_problem(engine, form, t, app.get_ui(form.game_id).options())
    if size is not None:
        return replace(model, form=replace(form, error=size))
    options = make_options(engine, form)
    seed: int | str = parse_seed(form.seed) if form.seed.strip() else app.new_seed()
    try:
        state = make(form.game_id, players=n, seed=seed, **options)
    except ValueError as exc:
        return replace(
            model, form=replace(form, error=("app.new.error.setup", {"reason": str(exc)}))
        )
    now = app.now()
    title = t(app.entry(form.game_id).title_key)
    game = SavedGame(
        id=app.store.new_id(),
        name=clean(
            t("app.save.default-name", game=title, names=", ".join(s.name for s in seats)),
            MAX_SAVE_NAME,
        ),
        game_id=form.game_id,
        seats=seats,
        state=state,
        created=now,
        updated=now,
    )
    model = replace(model, form=form)
    return open_game(app, model, game, save_it=True)


def _complete_colours(colours: list[int]) -> tuple[int, ...]:
    rest = [c for c in range(PALETTE_SIZE) if c not in colours]
    return tuple(colours + rest)[:PALETTE_SIZE]


# --- the options: derived from the core's OptionSpec values ---------------------------


@dataclass(frozen=True)
class OptionInput:
    """One option field of the dialog, as derived from the core's :class:`OptionSpec`
    for the form's player count (:func:`option_inputs`); the view draws it."""

    name: str  # the option (the keyword for tablero.core.make); the field is opt-<name>
    kind: str  # the spec's kind: "one", "seat" or "set"
    label: str
    #: The label of each value the field offers, in order; the form sends an index.
    choices: tuple[str, ...]
    #: The indices chosen: one for a select, any number for a set's checkboxes.
    chosen: tuple[int, ...]
    #: A set's size rule in words, and whether the chosen values break it.
    rule: str | None = None
    broken: bool = False


def default_options(game: Game) -> tuple[tuple[str, Any], ...]:
    """Every option of ``game`` at its default (a set's as a tuple), in the core's order."""
    return tuple(
        (spec.name, tuple(spec.default) if spec.kind == "set" else spec.default)
        for spec in game.options
    )


def player_counts(game: Game, form: NewGameForm) -> tuple[int, ...]:
    """The player counts the players select offers: what the form's options allow
    (``game.allowed_players``)."""
    return _counts(game, _values(game, form.options))


def option_inputs(
    game: Game, form: NewGameForm, t: Translate, hints: Sequence[OptionField] = ()
) -> list[OptionInput]:
    """The option fields of the form: one per ``OptionSpec`` of ``game`` (those a UI
    hints first, in its order, then the others in the core's), each offering what the
    spec allows at ``form.players``.  Labels follow the catalog's keys (``hints``, then
    ``<game>.option.<name>[.<value>]``, then the shell's ``app.option.*``); a seat is
    labelled with the name typed for it (``Player N`` when empty).  An option without
    a list of choices (any value) has no field: it keeps its default."""
    by_name = {hint.name: hint for hint in hints}
    out = []
    for spec in _ordered(game.options, hints):
        hint = by_name.get(spec.name)
        value = form.option(spec.name, spec.default)
        label = _label(game.id, spec, hint, t)
        if spec.kind == "seat":
            seats = spec.allowed(form.players) or ()
            labels = tuple(
                _choice_label(game.id, spec, None, hint, t)
                if seat is None
                else _seat_name(form, seat, t)
                for seat in seats
            )
            out.append(OptionInput(spec.name, "seat", label, labels, _indices(seats, [value])))
        elif spec.choices is not None:
            labels = tuple(_choice_label(game.id, spec, c, hint, t) for c in spec.choices)
            picked = value if spec.kind == "set" else [value]
            field = OptionInput(spec.name, spec.kind, label, labels, _indices(spec.choices, picked))
            if spec.kind == "set":
                rule = _size_rule(spec)
                field = replace(
                    field,
                    rule=None if rule is None else t(rule[0], **rule[1]),
                    broken=not _size_ok(spec, field.chosen),
                )
            out.append(field)
    return out


def set_size_problem(
    game: Game, form: NewGameForm, t: Translate, hints: Sequence[OptionField] = ()
) -> Msg | None:
    """The form's error when a set option holds too few or too many values, else
    ``None``."""
    by_name = {hint.name: hint for hint in hints}
    for spec in _ordered(game.options, hints):
        if spec.kind != "set":
            continue
        value = form.option(spec.name, ())
        rule = _size_rule(spec)
        if rule is not None and not _size_ok(spec, value):
            label = _label(game.id, spec, by_name.get(spec.name), t)
            return ("app.new.error.set-size", {"option": label, "rule": rule})
    return None


def make_options(game: Game, form: NewGameForm) -> dict[str, Any]:
    """The ``tablero.core.make`` options of the form, each checked by the core for the
    form's player count (``OptionSpec.read``); one it refuses is its default."""
    out = {}
    for spec in game.options:
        value = form.option(spec.name, spec.default)
        try:
            out[spec.name] = spec.read(value, form.players)
        except ValueError:
            out[spec.name] = spec.read(spec.default, form.players)
    return out


def _settled(game: Game, form: NewGameForm) -> NewGameForm:
    """``form`` with every option valid and a player count its options allow: a value
    the core refuses is its default, a count not allowed the nearest allowed one, and
    then a seat beyond the count is the default too (a set's size is left as is)."""
    values = _values(game, form.options, None)
    counts = _counts(game, values)
    if not counts:  # these options allow no table at all: the defaults do
        values = dict(default_options(game))
        counts = _counts(game, values)
    players = form.players
    if players not in counts and counts:
        players = min(counts, key=lambda n: (abs(n - players), n))
    values = _values(game, tuple(values.items()), players)
    return replace(form, players=players, options=tuple(values.items()))


def _values(
    game: Game, given: Iterable[tuple[str, Any]], players: int | None = None
) -> dict[str, Any]:
    """Every option of ``game`` from ``given``, a value its spec refuses at ``players``
    (a seat: at the largest table when ``None``) replaced by the default; a set keeps
    its size (checked at the start) but only the spec's choices, once each, in order."""
    values = dict(given)
    out: dict[str, Any] = {}
    for spec in game.options:
        value = values.get(spec.name, spec.default)
        if spec.kind == "set":
            choices = spec.choices or ()
            items = value if isinstance(value, (tuple, list)) else spec.default
            out[spec.name] = tuple(c for c in choices if any(same_value(c, v) for v in items))
            continue
        allowed = spec.allowed(game.max_players if players is None else players)
        ok = allowed is None or any(same_value(value, c) for c in allowed)
        out[spec.name] = value if ok else spec.default
    return out


def _counts(game: Game, values: Mapping[str, Any]) -> tuple[int, ...]:
    return tuple(
        n for n in game.allowed_players(values) if game.min_players <= n <= game.max_players
    )


def _first_count(counts: Sequence[int]) -> int:
    """The player count a new form starts with: two players when allowed, else the
    smallest allowed count above, else the largest."""
    above = [n for n in counts if n >= 2]
    return min(above) if above else max(counts, default=2)


def _ordered(specs: Sequence[OptionSpec], hints: Sequence[OptionField]) -> list[OptionSpec]:
    """The specs named by ``hints`` in their order, then the others in the core's."""
    by_name = {spec.name: spec for spec in specs}
    first = [by_name[h.name] for h in hints if h.name in by_name]
    return first + [spec for spec in specs if spec not in first]


def _indices(values: Sequence[Any], picked: Iterable[Any]) -> tuple[int, ...]:
    picked = list(picked)
    return tuple(k for k, v in enumerate(values) if any(same_value(v, p) for p in picked))


def _seat_name(form: NewGameForm, seat: int, t: Translate) -> str:
    """The name typed for ``seat``, or ``Player N`` when it is empty."""
    name = form.names[seat] if seat < len(form.names) else ""
    return name or t("app.new.default-name", n=seat + 1)


def _known(t: Translate, *keys: str | None) -> str | None:
    """The first of ``keys`` the catalog knows (``t`` returns an unknown key as is)."""
    return next((key for key in keys if key and t(key) != key), None)


def _label(game_id: str, spec: OptionSpec, hint: OptionField | None, t: Translate) -> str:
    key = _known(
        t, hint.label_key if hint else None, f"{game_id}.option.{spec.name}",
        f"app.option.{spec.name}",
    )  # fmt: skip
    return t(key) if key else spec.name


def _choice_label(
    game_id: str, spec: OptionSpec, value: Any, hint: OptionField | None, t: Translate
) -> str:
    hinted = next((k for v, k in hint.choice_keys if same_value(v, value)), None) if hint else None
    word = "random" if value is None and spec.kind == "seat" else str(value)
    key = _known(
        t, hinted, f"{game_id}.option.{spec.name}.{word}", f"app.option.{spec.name}.{word}",
        "app.option.seat.random" if word == "random" and spec.kind == "seat" else None,
    )  # fmt: skip
    return t(key) if key else word


def _size_rule(spec: OptionSpec) -> Msg | None:
    """A set's size rule as a message (``None``: any size)."""
    low, high = spec.min_size, spec.max_size
    if high is None:
        return ("app.new.set.at-least", {"min": low}) if low > 0 else None
    if low == high:
        return ("app.new.set.exactly", {"min": low})
    if low > 0:
        return ("app.new.set.between", {"min": low, "max": high})
    return ("app.new.set.at-most", {"max": high})


def _size_ok(spec: OptionSpec, value: Sequence[Any]) -> bool:
    return spec.min_size <= len(value) and (spec.max_size is None or len(value) <= spec.max_size)


# --- rendering: the new-game dialog ---------------------------------------------------


#: The catalog keys of the bot levels as a seat's kind.
KIND_KEYS = {
    "random": "app.new.bot.random",
    "easy": "app.new.bot.easy",
    "medium": "app.new.bot.medium",
    "hard": "app.new.bot.hard",
}


def new_screen(model: Model, app: App, t: Translate) -> str:
    form = model.form
    assert form is not None
    game = get_game(form.game_id)
    ui = app.get_ui(form.game_id)
    entry = next((e for e in app.games if e.id == form.game_id), None)
    title = t(entry.title_key) if entry else game.title
    counts = "".join(
        f'<option value="{n}"{" selected" if n == form.players else ""}>{n}</option>'
        for n in player_counts(game, form)
    )
    parts = [
        '<form class="shell-form shell-new" data-act="app.start" data-change="form"'
        ' autocomplete="off">',
        f'<h1 class="shell-h1">{esc(t("app.new.title", game=title))}</h1>',
        f'<label class="shell-field"><span>{esc(t("app.new.players"))}</span>'
        f'<select name="players" data-act="app.form">{counts}</select></label>',
    ]
    parts.append(f'<p class="shell-hint shell-bots-hint">{esc(t("app.new.bots-hint"))}</p>')
    for i in range(form.players):
        parts.append(_seat_fields(i, form.names[i], form.colours[i], form.kinds[i], t))
    parts.extend(_option_field(field) for field in option_inputs(game, form, t, ui.options()))
    parts.append(
        f'<label class="shell-field"><span>{esc(t("app.new.seed"))}</span>'
        f'<input type="text" name="seed" value="{esc(form.seed)}" maxlength="{MAX_SEED}" '
        f'inputmode="text" spellcheck="false"></label>'
        f'<p class="shell-hint">{esc(t("app.new.seed-hint"))}</p>'
    )
    if form.error is not None:
        parts.append(f'<p class="shell-error" role="alert">{esc(message(t, form.error))}</p>')
    parts.append(
        '<div class="shell-actions">'
        f'<button type="submit" class="shell-btn shell-primary">{esc(t("app.new.start"))}</button>'
        + button(t("app.new.cancel"), "app.back")
        + "</div></form>"
    )
    return "".join(parts)


def _option_field(field: OptionInput) -> str:
    """One of the game's options (derived from the core's ``OptionSpec``, see
    :mod:`tablero.web.screens.new`): a select sending the chosen index, or a set's
    checkboxes (a hidden ``opt-<name>`` says the set is in the form) with its size rule.
    Each sends ``app.form`` on change: an option may change the player counts."""
    name = f"opt-{field.name}"
    if field.kind != "set":
        choices = "".join(
            f'<option value="{k}"{" selected" if k in field.chosen else ""}>{esc(label)}</option>'
            for k, label in enumerate(field.choices)
        )
        return (
            f'<label class="shell-field"><span>{esc(field.label)}</span>'
            f'<select name="{esc(name)}" data-act="app.form">{choices}</select></label>'
        )
    boxes = "".join(
        f'<label class="shell-colour"><input type="checkbox" name="{esc(name)}-{k}" value="1"'
        f'{" checked" if k in field.chosen else ""} data-act="app.form">'
        f"<span>{esc(label)}</span></label>"
        for k, label in enumerate(field.choices)
    )
    rule = ""
    if field.rule is not None:
        cls, role = ("shell-error", ' role="alert"') if field.broken else ("shell-hint", "")
        rule = f'<p class="{cls}"{role}>{esc(field.rule)}</p>'
    return (
        f'<fieldset class="shell-colours shell-option-set" data-option="{esc(field.name)}">'
        f"<legend>{esc(field.label)}</legend>"
        f'<input type="hidden" name="{esc(name)}" value="">{boxes}</fieldset>{rule}'
    )


def _seat_fields(i: int, name: str, colour: int, kind: str, t: Translate) -> str:
    colours = "".join(
        f'<label class="shell-colour" title="{esc(t(f"app.colour.{c}"))}">'
        f'<input type="radio" name="colour-{i}" value="{c}"{" checked" if c == colour else ""}>'
        f"{swatch(c)}<span>{esc(t(f'app.colour.{c}'))}</span></label>"
        for c in range(4)
    )
    choices = [("human", t("app.new.human"))] + [
        (f"bot:{level}", t(KIND_KEYS[level])) for level in BOT_LEVELS
    ]
    kinds = "".join(
        f'<option value="{value}"{" selected" if value == kind else ""}>{esc(label)}</option>'
        for value, label in choices
    )
    return (
        f'<fieldset class="shell-seat">'
        f"<legend>{esc(t('app.new.seat', n=i + 1, letter=LETTERS[i]))}</legend>"
        f'<label class="shell-field"><span>{esc(t("app.new.name"))}</span>'
        f'<input type="text" name="name-{i}" value="{esc(name)}" maxlength="{MAX_NAME}" '
        f'required spellcheck="false"></label>'
        f'<fieldset class="shell-colours"><legend>{esc(t("app.new.colour"))}</legend>'
        f"{colours}</fieldset>"
        f'<label class="shell-field"><span>{esc(t("app.new.kind"))}</span>'
        f'<select name="kind-{i}">{kinds}</select></label>'
        f"</fieldset>"
    )
