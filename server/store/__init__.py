"""The store: SQLite persistence (database), its tables (schema), and game records."""
