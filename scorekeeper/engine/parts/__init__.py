"""A game's optional parts (:class:`~scorekeeper.engine.game.Game` holds one of each, or its
default): each says what the core asks of one capability, in a module of its own, so a new
capability edits one part and a game without it leaves the default."""
