"""Storage that refuses writes, for real: a read-only folder and a full file system.

As root, modes stop nothing (root writes a 0400 file), so a folder is made read-only by
a read-only bind mount over itself (the kernel refuses every write with EROFS, as a card
mounted read-only does) and a full disk is a tiny tmpfs. As another user the modes do
it (0500 folder, 0400 files) and there is no full disk to be had: that test skips.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = os.geteuid() == 0


def _run(*command: str) -> bool:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return done.returncode == 0


@contextmanager
def read_only_folder(folder: Path) -> Iterator[str]:
    """``folder`` (and every file in it) takes no writes inside the block; yields how
    ("a read-only bind mount" or "modes 0500/0400")."""
    if ROOT:
        if not _run("mount", "--bind", str(folder), str(folder)):
            pytest.skip("root without the right to mount: no read-only folder to be had")
        try:
            if not _run("mount", "-o", "remount,bind,ro", str(folder)):
                pytest.skip("a bind mount cannot be made read-only here")
            assert not os.access(folder, os.W_OK)  # what the journal asks before opening
            yield "a read-only bind mount"
        finally:
            if not _run("umount", str(folder)):
                _run("umount", "--lazy", str(folder))
        return
    modes = {path: path.stat().st_mode & 0o777 for path in folder.iterdir()}
    try:
        for path in modes:
            path.chmod(0o400)
        folder.chmod(0o500)
        yield "modes 0500/0400"
    finally:
        folder.chmod(0o700)
        for path, mode in modes.items():
            path.chmod(mode)


@contextmanager
def tiny_disk(folder: Path, size: str = "64k") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted on ``folder`` (root only): writes past it get ENOSPC."""
    if not ROOT:
        pytest.skip("a full disk needs root (a tmpfs of 64 KB); modes cannot make one")
    folder.mkdir(parents=True, exist_ok=True)
    if not _run("mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(folder)):
        pytest.skip("root without the right to mount: no tiny tmpfs to be had")
    try:
        yield folder
    finally:  # lazily if a file is still open: the test says so by failing, not hanging
        if not _run("umount", str(folder)):
            _run("umount", "--lazy", str(folder))
