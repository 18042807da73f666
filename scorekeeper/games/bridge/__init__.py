"""Contract Bridge: its rules, words, forms and pages, as one game folder (being built)."""
