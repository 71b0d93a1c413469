// The session extension (changesets: sync's change files) is declared only with these two
// defined; Debian's libsqlite3 is built with both.
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

// sqlite3_db_config takes variable arguments, which Swift cannot pass: a fixed form for each
// option roadtrip uses.

/// Turns a connection's triggers on (1) or off (0); returns SQLITE_OK or an error code.
static inline int csqlite_enable_triggers(sqlite3 *db, int enabled) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled, (int *)0);
}

/// Turns SQLite's memory statistics off for the whole process (`SQLITE_CONFIG_MEMSTATUS`): each
/// of SQLite's allocations and frees then skips a global mutex and two counters. SQLite takes
/// it only before it is initialised; it returns SQLITE_MISUSE after, and nothing changes.
static inline int csqlite_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
