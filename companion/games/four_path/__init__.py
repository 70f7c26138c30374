"""Four-path: the Bestiary expansion (RULES-EXPANSIONS.md §1); the rules variant is built on
companion/games/bestiary."""
