"""The transport: one long-lived ``hanjul serve`` process per environment, spoken to over
pipes in a compact binary protocol (python/README.md, "Protocol")."""

from __future__ import annotations

import json
import operator
import os
import select
import shutil
import struct
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

import numpy as np

_HEAD = struct.Struct("<12BqiiiiIq")  # flags … placed, score, lines, level, pieces, combo, filled cells, elapsed ms

#: Seconds any one answer of ``hanjul serve`` may take before the client gives up (kills the
#: process and raises ``TimeoutError``); ``Server(timeout=...)`` changes it, ``None`` waits forever.
DEFAULT_TIMEOUT = 30.0
#: The longest ``I`` answer accepted (its JSON is a few kB).
MAX_INFO_BYTES = 1 << 20
#: The largest observation accepted (a 64 × 1000 board with 8-kind previews is far below).
MAX_OBSERVATION_BYTES = 1 << 20
#: The seeds a game takes: 0 … 2**64 - 1.
MAX_SEED = 2**64 - 1
#: The protocol versions this client speaks (``I``'s ``protocol``; an answer without it is 1).
#: 2 adds the versus session (``hanjul serve --versus``).
PROTOCOL_VERSIONS = (1, 2)
#: The longest error text ``E`` may answer with.
MAX_ERROR_BYTES = 1 << 16
_CHUNK = 1 << 16
_COUNTERS = struct.Struct("<4q")  # attack, cancelled, received, incoming


class ProtocolError(RuntimeError):
    """``hanjul serve`` answered something that is not its protocol (the program is not
    HanJul, or not this version)."""


def check_seed(seed) -> int:
    """``seed`` as an int in 0 … 2**64 - 1, or ValueError (never wrapped)."""
    try:
        value = operator.index(seed)
    except TypeError:
        raise ValueError(f"a seed is a whole number in 0…2**64-1, not {seed!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise ValueError(f"seed {value} is outside 0…2**64-1 (18446744073709551615)")
    return value


def check_index(value, count: int, what: str) -> int:
    """``value`` as an int in 0 … count - 1 (an action or key of the space), or ValueError."""
    if isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{what} {value!r} is not a number in 0…{count - 1}")
    try:
        index = operator.index(value)
    except TypeError:
        array = np.asarray(value)
        if array.shape != () or not np.issubdtype(array.dtype, np.integer):
            raise ValueError(f"{what} {value!r} is not a whole number in 0…{count - 1}") from None
        index = int(array)
    if not 0 <= index < count:
        raise ValueError(f"{what} {index} is outside the action space 0…{count - 1}")
    return index


def find_hanjul(hanjul: Optional[str] = None) -> str:
    """The hanjul program: ``hanjul`` given, else $HANJUL, else the one on PATH, else a
    HanJul checkout's own build (``.build/release/hanjul``, then ``.build/debug/hanjul``):
    the checkout this package was loaded from, when it runs from one, then the first
    folder holding HanJul's Package.swift from the current folder up (``pip install ./python``
    puts the package in the environment, away from the checkout)."""
    candidates = [hanjul, os.environ.get("HANJUL"), shutil.which("hanjul")]
    for root in _checkouts():
        candidates += [str(root / ".build" / "release" / "hanjul"), str(root / ".build" / "debug" / "hanjul")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError("hanjul not found: pass hanjul=PATH, set HANJUL, put hanjul on PATH, or run from a HanJul "
                            "checkout built with: swift build -c release --product hanjul")


def _checkouts() -> list:
    """HanJul checkouts to look in: the one holding this file, then the current folder's."""
    roots = []
    source = Path(__file__).resolve().parent.parent.parent
    if (source / "Package.swift").is_file():
        roots.append(source)
    try:
        here = Path.cwd().resolve()
    except OSError:
        return roots
    for folder in (here, *here.parents):
        if (folder / "Package.swift").is_file() and (folder / "Sources" / "hanjul").is_dir():
            if folder not in roots:
                roots.append(folder)
            break
    return roots


@dataclass
class Observation:
    """One answer of ``hanjul serve``, decoded."""
    flags: int
    piece: int
    rotation: int
    x: int
    y: int
    hold: int
    hold_used: bool
    lock_lines: int
    lock_spin: int
    lock_back_to_back: bool
    lock_last_move: int
    placed: bool
    score: int
    lines: int
    level: int
    pieces: int
    combo: int
    filled: int
    elapsed_ms: int
    queue: np.ndarray
    rows: np.ndarray
    mask: np.ndarray

    @property
    def over(self) -> bool:
        return bool(self.flags & 1)

    @property
    def invalid(self) -> bool:
        return bool(self.flags & 2)

    @property
    def rule_error(self) -> bool:
        return bool(self.flags & 8)

    @property
    def finished(self) -> bool:
        return bool(self.flags & 16)


@dataclass
class VersusPlayer:
    """One player's part of a versus answer: the referee's counters (cumulative over the
    match) and the player's observation."""
    attack: int
    cancelled: int
    received: int
    incoming: int
    observation: Observation

    @property
    def sent(self) -> int:
        """Lines that left for the other player (attack not used to cancel)."""
        return self.attack - self.cancelled


@dataclass
class VersusAnswer:
    """An answer of ``hanjul serve --versus`` to ``R`` or ``V``."""
    outcome: int
    players: tuple

    #: ``outcome`` values.
    PLAYING, WON_0, WON_1, DRAW, ERROR = range(5)

    @property
    def over(self) -> bool:
        return self.outcome != self.PLAYING


class Server:
    """A ``hanjul serve`` process under one rule set (``mods``, in order; none: the built-in
    rules); with ``versus=True`` a ``hanjul serve --versus`` session (one match, two boards,
    one referee; no mods: Mods/versus)."""

    def __init__(self, mods: Sequence[str] = (), hanjul: Optional[str] = None, mods_dir: Optional[Sequence[str]] = None,
                 timeout: Any = "default", games: int = 1, versus: bool = False):
        if isinstance(timeout, str) and timeout == "default":
            timeout = DEFAULT_TIMEOUT  # read now, so a changed default applies
        if timeout is not None and (isinstance(timeout, (bool, str)) or not isinstance(timeout, (int, float)) or not timeout > 0):
            raise ValueError(f"timeout is a number of seconds above 0, or None (wait forever), not {timeout!r}")
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 4096:
            raise ValueError(f"games is a whole number in 1…4096, not {games!r}")
        self.timeout = timeout
        self.program = find_hanjul(hanjul)
        arguments = [self.program, "serve"]
        for folder in mods_dir or ():
            arguments += ["--mods-dir", str(folder)]
        for mod in mods:
            arguments += ["--mod", str(mod)]
        if games != 1:
            if versus:
                raise ValueError("a versus session is one match: games is for single games")
            arguments += ["--games", str(games)]
        self.versus = bool(versus)
        if self.versus:
            arguments.append("--versus")
        self.process = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        self._in = self.process.stdin.fileno()
        self._out = self.process.stdout.fileno()
        try:
            self._send(b"I")
            (length,) = struct.unpack("<I", self._read(4))
            if length > MAX_INFO_BYTES:
                raise ProtocolError(f"its info answer claims {length} bytes (at most {MAX_INFO_BYTES}): is {self.program} HanJul?")
            try:
                self.info = json.loads(self._read(length))
            except ValueError as error:
                raise ProtocolError(f"its info answer is not JSON ({error}): is {self.program} HanJul?") from None
            self._check_info()
        except ProtocolError:
            self.close()
            raise
        except TimeoutError as error:
            self.close()
            raise TimeoutError(f"hanjul serve failed to start: {error}") from None
        except (OSError, EOFError) as error:
            try:
                self.process.wait(timeout=5)
                message = self.process.stderr.read().decode(errors="replace").strip()
            except subprocess.TimeoutExpired:
                message = ""
            self.close()
            raise RuntimeError(f"hanjul serve failed to start: {message or error}") from error
        self._queue_at = _HEAD.size
        self._rows_at = self._queue_at + self.preview
        self._mask_at = self._rows_at + 8 * self.height
        self._bits = np.arange(self.width, dtype=np.uint64)

    def _check_info(self) -> None:
        """The sizes in the info answer, checked before anything is allocated from them."""
        info = self.info
        if not isinstance(info, dict):
            raise ProtocolError(f"its info answer is not a JSON object: is {self.program} HanJul?")

        def number(key: str, low: int, high: int) -> int:
            value = info.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ProtocolError(f"its info answer has {key}={value!r}, not a whole number in {low}…{high}")
            return value
        self.width = number("width", 1, 64)
        self.height = number("height", 1, 4096)
        self.preview = number("preview", 0, 255)
        self.actions = number("actions", 0, 65536)
        self.games = number("games", 1, 4096) if "games" in info else 1
        self.size = number("observationBytes", 1, MAX_OBSERVATION_BYTES)
        expected = _HEAD.size + self.preview + 8 * self.height + (self.actions + 7) // 8
        if self.size != expected:
            raise ProtocolError(f"its info answer gives observationBytes={self.size}, but its sizes make {expected}")
        if not isinstance(info.get("kinds"), list) or not isinstance(info.get("keys"), list):
            raise ProtocolError("its info answer lacks the kinds or the keys")
        self.protocol = number("protocol", 1, 1 << 16) if "protocol" in info else 1
        if self.protocol not in PROTOCOL_VERSIONS:
            raise ProtocolError(f"{self.program} speaks protocol {self.protocol}; this hanjul_gym speaks {PROTOCOL_VERSIONS}: "
                                "install the hanjul_gym of the same HanJul")
        if self.versus:
            block = info.get("versus")
            if self.protocol < 2 or not isinstance(block, dict):
                raise ProtocolError(f"{self.program} serves no versus session (protocol 2): use a newer hanjul")
            self.versus_size = block.get("answerBytes")
            expected = 1 + 2 * (_COUNTERS.size + self.size)
            if self.versus_size != expected:
                raise ProtocolError(f"its info answer gives versus answerBytes={self.versus_size!r}, but its sizes make {expected}")

    def _fail(self, message: str):
        """Gives up on the process (its answers can no longer be matched to requests)."""
        process = getattr(self, "process", None)
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()
        self.close()
        raise TimeoutError(message)

    def _deadline(self) -> Optional[float]:
        return None if self.timeout is None else time.monotonic() + self.timeout

    def _wait(self, descriptor: int, deadline: Optional[float], write: bool) -> None:
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        ready = select.select([], [descriptor], [], left)[1] if write else select.select([descriptor], [], [], left)[0]
        if not ready:
            doing = "take a request" if write else "answer"
            self._fail(f"hanjul serve ({self.program}) did not {doing} within {self.timeout} s "
                       "(Server(timeout=...) sets the limit; None waits forever)")

    def _send(self, data: bytes) -> None:
        deadline = self._deadline()
        view = memoryview(data)
        while view:
            self._wait(self._in, deadline, write=True)
            view = view[os.write(self._in, view[:_CHUNK]):]

    def _read(self, count: int) -> bytes:
        """Exactly ``count`` bytes, read in chunks of at most 64 kB (nothing is allocated from
        a length the server claims), within the timeout."""
        deadline = self._deadline()
        chunks = []
        got = 0
        while got < count:
            self._wait(self._out, deadline, write=False)
            more = os.read(self._out, min(count - got, _CHUNK))
            if not more:
                raise EOFError("hanjul serve stopped")
            chunks.append(more)
            got += len(more)
        return b"".join(chunks)

    def decode(self, data: bytes) -> Observation:
        head = _HEAD.unpack_from(data, 0)
        rows = np.frombuffer(data, dtype="<u8", count=self.height, offset=self._rows_at)
        mask = np.unpackbits(np.frombuffer(data, dtype=np.uint8, offset=self._mask_at), bitorder="little")[: self.actions]
        queue = np.frombuffer(data, dtype=np.uint8, count=self.preview, offset=self._queue_at)
        return Observation(head[0], head[1], head[2], _signed(head[3]), _signed(head[4]), head[5], bool(head[6]), head[7], head[8],
                           bool(head[9]), head[10], bool(head[11]), *head[12:], queue=queue, rows=rows, mask=mask)

    def board(self, rows: np.ndarray) -> np.ndarray:
        """The board as an (height, width) array of 0 and 1, row 0 at the top."""
        return ((rows[:, None] >> self._bits) & np.uint64(1)).astype(np.int8)

    def request_reset(self, seed: int) -> None:
        self._send(b"R" + struct.pack("<Q", check_seed(seed)))

    def request_place(self, action: int) -> None:
        self._send(b"P" + struct.pack("<H", check_index(action, 65536, "placement action")))

    def request_key(self, key: int) -> None:
        self._send(b"K" + struct.pack("<B", check_index(key, 256, "key")))

    def request_timed_key(self, key: Optional[int], milliseconds: int) -> None:
        """``T``: press ``key`` (None: no key), then let ``milliseconds`` of game time pass."""
        key = 255 if key is None else check_index(key, 255, "key")
        milliseconds = check_index(milliseconds, 3_600_001, "milliseconds")
        self._send(b"T" + struct.pack("<BI", key, milliseconds))

    def answer(self) -> Observation:
        return self.decode(self._read(self.size))

    def reset(self, seed: int) -> Observation:
        self.request_reset(seed)
        return self.answer()

    def place(self, action: int) -> Observation:
        self.request_place(action)
        return self.answer()

    def key(self, key: int) -> Observation:
        self.request_key(key)
        return self.answer()

    def timed_key(self, key: Optional[int], milliseconds: int) -> Observation:
        self.request_timed_key(key, milliseconds)
        return self.answer()

    # The versus session (``versus=True``)

    def _decode_versus(self, data: bytes) -> VersusAnswer:
        players, at = [], 1
        for _ in range(2):
            counters = _COUNTERS.unpack_from(data, at)
            at += _COUNTERS.size
            players.append(VersusPlayer(*counters, observation=self.decode(data[at:at + self.size])))
            at += self.size
        return VersusAnswer(data[0], tuple(players))

    def _versus_answer(self) -> VersusAnswer:
        if not self.versus:
            raise RuntimeError("this Server is not a versus session: Server(versus=True)")
        data = self._read(self.versus_size)
        if data[0] > VersusAnswer.ERROR:
            self._fail_protocol(f"its versus answer has outcome {data[0]}, not 0…4")
        return self._decode_versus(data)

    def _fail_protocol(self, message: str):
        process = getattr(self, "process", None)
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()
        self.close()
        raise ProtocolError(message)

    def versus_reset(self, seed: int) -> VersusAnswer:
        """``R``: a new match from ``seed``, both players dealt the same pieces."""
        if not self.versus:
            raise RuntimeError("this Server is not a versus session: Server(versus=True)")
        self.request_reset(seed)
        return self._versus_answer()

    def versus_step(self, action_0: int, action_1: int) -> VersusAnswer:
        """``V``: both players place at once (placement actions, as ``P``)."""
        if not self.versus:
            raise RuntimeError("this Server is not a versus session: Server(versus=True)")
        first = check_index(action_0, 65536, "player 0's placement action")
        second = check_index(action_1, 65536, "player 1's placement action")
        self._send(b"V" + struct.pack("<HH", first, second))
        return self._versus_answer()

    def versus_error(self) -> str:
        """``E``: the text of the error that ended the match ("" when none did)."""
        if not self.versus:
            raise RuntimeError("this Server is not a versus session: Server(versus=True)")
        self._send(b"E")
        (length,) = struct.unpack("<I", self._read(4))
        if length > MAX_ERROR_BYTES:
            self._fail_protocol(f"its error answer claims {length} bytes (at most {MAX_ERROR_BYTES})")
        return self._read(length).decode(errors="replace")

    def close(self) -> None:
        process = getattr(self, "process", None)
        if process is None:
            return
        if process.poll() is None:
            try:
                self._send(b"Q")
            except OSError:  # TimeoutError included: the process is killed then
                pass
        for stream in (process.stdin, process.stdout, process.stderr):
            try:
                stream.close()
            except OSError:
                pass
        if process.poll() is None:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def __del__(self):
        self.close()


def _signed(byte: int) -> int:
    return byte - 256 if byte >= 128 else byte


def _garbage_request(rows: int, hole: int) -> bytes:
    return b"G" + struct.pack("<BB", max(0, min(255, int(rows))), max(0, min(255, int(hole))))


def _server_garbage(self: Server, rows: int, hole: int) -> Observation:
    """Pushes ``rows`` garbage rows (one hole, at column ``hole``) up from the bottom."""
    self._send(_garbage_request(rows, hole))
    return self.answer()


Server.garbage = _server_garbage
