"""The "Thesis analyses" tab: the thesis's tables and figures, live."""
