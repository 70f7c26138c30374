"""The table on phones: a private page per seat and a live spectator page (docs/phones.md)."""
