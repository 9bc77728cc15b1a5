"""The anonymous stats kept for every player: each count's name and meaning, written once.

The store's columns, the service's tally of a move's events and the API's stats answer are all made from this.
"""

COUNTS: dict[str, str] = {
    "matches_played": "Matches played to the end",
    "matches_won": "Matches you won",
    "hands_played": "Hands that ended, scored or not",
    "hands_won": "Hands you scored in",
    "gins": "Hands you won with Gin or Big Gin",
    "undercuts_given": "Times you undercut the computer's knock",
    "undercuts_suffered": "Times the computer undercut your knock",
    "points_won": "Points you scored",
    "points_lost": "Points the computer scored",
}
