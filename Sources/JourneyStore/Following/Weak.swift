/// A weak reference to an object, to keep in a collection without keeping the object alive.
struct Weak<Object: AnyObject> {
  weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}
