"""A journal that stops taking writes (a full card, a card gone read-only): the table shows
the game as it was kept and refuses what would change it, says why on the screen and
with a red dot opening every ring sector, and tries the journal again every few seconds
until a write goes through (docs/reliability.md).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Protocol

from companion.journal import Journal, StorageError
from companion.snapshot import HardwareStatus, Snapshot, UiState
from companion.table import Change

log = logging.getLogger("companion.storage")

STORAGE_RETRY = 5.0  # seconds between tries of a journal that could not be written


class Build(Protocol):
    """The app's snapshot builder: the table as it is, with this UI and hardware."""

    def __call__(
        self,
        ui: UiState,
        change: Change,
        now: float,
        *,
        hardware: HardwareStatus,
        changed_at: float,
    ) -> Snapshot: ...


class StorageFaults:
    """When to try a journal that refused a write again, and the snapshots that say so."""

    def __init__(self, journal: Journal, build: Build) -> None:
        self.journal = journal
        self.build = build
        self.retry_at = 0.0

    def refused(
        self, error: StorageError, snap: Snapshot, ui: UiState, head: int, now: float
    ) -> Snapshot:
        """Nothing was kept: the table is read-only at ``head`` until the journal writes."""
        log.warning("%s", error)
        hardware = replace(snap.hardware, storage=error.kind, storage_head=head)
        snap = self.build(ui, snap.change, now, hardware=hardware, changed_at=now)
        self.retry_at = now + STORAGE_RETRY
        key = f"hardware.storage.{error.kind}"
        return snap.with_ui(ui.say(key, now, refused=True, head=head), now, "no")

    @staticmethod
    def written(hardware: HardwareStatus) -> HardwareStatus:
        """A write went through: the storage is back."""
        if hardware.storage:
            return replace(hardware, storage="", storage_head=0)
        return hardware

    def next_wake(self, snap: Snapshot, now: float) -> float | None:
        return max(0.0, self.retry_at - now) if snap.hardware.storage else None

    def retry(self, snap: Snapshot, now: float) -> Snapshot:
        """When it is time, try the journal again; when it writes, the table takes presses
        again (said on the screen)."""
        if not snap.hardware.storage or now < self.retry_at:
            return snap
        self.retry_at = now + STORAGE_RETRY
        if not self.journal.writable():
            return snap
        log.info("the journal can be written again")
        hardware = replace(snap.hardware, storage="", storage_head=0)
        snap = self.build(snap.ui, snap.change, now, hardware=hardware, changed_at=now)
        return snap.with_ui(snap.ui.say("hardware.storage_back", now), now, None)
