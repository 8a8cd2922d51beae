"""The grid battle (spec: tactics.md): setup, state, actions, events, engine, preview."""
