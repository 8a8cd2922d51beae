"""The hero duel's card-table scene: a session holding the rules state, and the scene that draws it."""
