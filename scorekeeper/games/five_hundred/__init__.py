"""Five Hundred's web side: its hand form and templates."""
