/// Two concurrent writes of one field with different values, as a sync found them: the one
/// kept and the one that lost. A `nil` kept value: the journey was deleted, and the lost value is
/// what a concurrent edit gave the field.
struct MergeConflict: Equatable {
  let journey: String
  let field: JourneyField
  let kept: DatabaseValue?
  let keptHLC: Int64
  let keptReplica: String
  let lost: DatabaseValue
  let lostHLC: Int64
  let lostReplica: String
}
