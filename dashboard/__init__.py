"""Interactive Plotly Dash dashboard for Put-or-Take-a-Square (imports :mod:`solver`)."""
