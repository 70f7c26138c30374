"""The table's public state for others: the club feed on an MQTT broker (docs/club.md)."""
