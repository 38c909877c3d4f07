"""What every client shares: the one network connection, what the client knows from
the server's messages (client state, match view, clocks), start-up (find or start a
server, claim the remembered player), the flags both people's clients accept, and the
preferences they remember. No pygame and no terminal here."""
