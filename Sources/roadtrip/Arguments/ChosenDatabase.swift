/// The database of a command line read without ArgumentParser: the value of `--db`, if given,
/// as `DatabaseOptions` would hold it (`PositionalCommandLine`).
struct ChosenDatabase: DatabaseChoice {
  let path: String?
}
