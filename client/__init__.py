"""Clients of the taikyoku server, one package each over the code they share.

    cli.py    the `taikyoku` command: which module runs each subcommand
    common/   what every client needs: the connection, what the client knows
              (client_state, match_view, clock_view), start-up (launch, startup,
              discovery, identity), the flags (options) and preferences (settings)
    gui/      the pygame window (`taikyoku play`)
    tui/      the terminal client (`taikyoku tui`)
    bot/      the headless bot client (`taikyoku bot`)
    web/      the browser client, served by the game server
"""
