"""Rate limits no test reaches unless it sets its own: the tests play far faster than people (the limits have
their own tests, with the defaults and with small values)."""

OPEN_LIMITS = {"rate_limit_create": "100000/minute", "rate_limit_moves": "100000/second",
               "rate_limit_analyses": "100000/minute", "rate_limit_hints": "100000/minute",
               "rate_limit_bad_tokens": "100000/minute", "rate_limit_daily": "100000/hour",
               "max_unfinished_games": 100000, "rate_limit_seeks": "100000/minute",
               "rate_limit_handles": "100000/minute"}
