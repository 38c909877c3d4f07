"""Clients of the taikyoku server: the network connection, the window, the terminal, the bot."""
