"""The score sheet shared by every game and the score events behind it."""
