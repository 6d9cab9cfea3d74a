"""The transport: one long-lived ``hanjul serve`` process per environment, spoken to over
pipes in a compact binary protocol (python/README.md, "Protocol")."""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

import numpy as np

_HEAD = struct.Struct("<12BqiiiiIq")  # flags … placed, score, lines, level, pieces, combo, filled cells, elapsed ms


def find_hanjul(hanjul: Optional[str] = None) -> str:
    """The hanjul program: ``hanjul`` given, else $HANJUL, else the one on PATH, else the
    repository's own build (``.build/release/hanjul``, then ``.build/debug/hanjul``)."""
    candidates = [hanjul, os.environ.get("HANJUL"), shutil.which("hanjul")]
    root = Path(__file__).resolve().parent.parent.parent
    candidates += [str(root / ".build" / "release" / "hanjul"), str(root / ".build" / "debug" / "hanjul")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError("hanjul not found: pass hanjul=PATH, set HANJUL, or put hanjul on PATH "
                            "(build it with: swift build -c release --product hanjul)")


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


class Server:
    """A ``hanjul serve`` process under one rule set (``mods``, in order; none: the built-in rules)."""

    def __init__(self, mods: Sequence[str] = (), hanjul: Optional[str] = None, mods_dir: Optional[Sequence[str]] = None):
        self.program = find_hanjul(hanjul)
        arguments = [self.program, "serve"]
        for folder in mods_dir or ():
            arguments += ["--mods-dir", str(folder)]
        for mod in mods:
            arguments += ["--mod", str(mod)]
        self.process = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        self._in = self.process.stdin.fileno()
        self._out = self.process.stdout.fileno()
        try:
            self._send(b"I")
            (length,) = struct.unpack("<I", self._read(4))
            self.info = json.loads(self._read(length))
        except (OSError, EOFError) as error:
            try:
                self.process.wait(timeout=5)
                message = self.process.stderr.read().decode(errors="replace").strip()
            except subprocess.TimeoutExpired:
                message = ""
            self.close()
            raise RuntimeError(f"hanjul serve failed to start: {message or error}") from error
        self.width = int(self.info["width"])
        self.height = int(self.info["height"])
        self.preview = int(self.info["preview"])
        self.actions = int(self.info["actions"])
        self.size = int(self.info["observationBytes"])
        self._queue_at = _HEAD.size
        self._rows_at = self._queue_at + self.preview
        self._mask_at = self._rows_at + 8 * self.height
        self._bits = np.arange(self.width, dtype=np.uint64)

    def _send(self, data: bytes) -> None:
        os.write(self._in, data)

    def _read(self, count: int) -> bytes:
        data = os.read(self._out, count)
        if len(data) == count:
            return data
        chunks = [data]
        got = len(data)
        while got < count:
            more = os.read(self._out, count - got)
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
        self._send(b"R" + struct.pack("<Q", seed & 0xFFFF_FFFF_FFFF_FFFF))

    def request_place(self, action: int) -> None:
        self._send(b"P" + struct.pack("<H", int(action) & 0xFFFF))

    def request_key(self, key: int) -> None:
        self._send(b"K" + struct.pack("<B", int(key) & 0xFF))

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

    def close(self) -> None:
        process = getattr(self, "process", None)
        if process is None or process.poll() is not None:
            return
        try:
            self._send(b"Q")
        except OSError:
            pass
        for stream in (process.stdin, process.stdout, process.stderr):
            try:
                stream.close()
            except OSError:
                pass
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
