/// A binding to a collection of identifiable elements is a collection of bindings to its elements,
/// so that `for journey in $journeys { journey.name.wrappedValue }` works, as `ForEach($journeys)`
/// does in SwiftUI.
///
/// Each element binding follows its element by `id`, not by position: after an insert, a delete or a
/// move it still reads and writes the same element. Once its element is gone it reads the last value
/// seen and ignores writes, where SwiftUI's position-captured bindings crash. The positions are those
/// of the current value, read through the binding at each use.
extension Binding: Sequence, Collection, BidirectionalCollection, RandomAccessCollection
where Value: MutableCollection & RandomAccessCollection, Value.Element: Identifiable {
  /// A position in the bound collection.
  public typealias Index = Value.Index
  /// A binding to one element of the bound collection.
  public typealias Element = Binding<Value.Element>

  /// The position of the first element of the bound collection.
  public var startIndex: Index {
    wrappedValue.startIndex
  }

  /// The position past the last element of the bound collection.
  public var endIndex: Index {
    wrappedValue.endIndex
  }

  /// The position after `i` in the bound collection.
  public func index(after i: Index) -> Index {
    wrappedValue.index(after: i)
  }

  /// The position before `i` in the bound collection.
  public func index(before i: Index) -> Index {
    wrappedValue.index(before: i)
  }

  /// The position `distance` elements from `i` in the bound collection.
  public func index(_ i: Index, offsetBy distance: Int) -> Index {
    wrappedValue.index(i, offsetBy: distance)
  }

  /// The number of elements from `start` to `end` in the bound collection.
  public func distance(from start: Index, to end: Index) -> Int {
    wrappedValue.distance(from: start, to: end)
  }

  /// A binding to the element now at `position`, which keeps following that element by its `id`.
  public subscript(position: Index) -> Binding<Value.Element> {
    Binding<Value.Element>(following: position, in: self)
  }
}

extension Binding where Value: Identifiable {
  /// A binding to the element at `position` of a bound collection that finds the element again by
  /// `id` at each read and write: at once while it stays where it was last found, by a linear search
  /// after it moved.
  ///
  /// Writing an element with another `id` replaces the element, and the binding follows the new one.
  /// - Parameters:
  ///   - position: A valid position in the collection `elements` holds now.
  ///   - elements: A binding to the collection.
  fileprivate init<Elements: MutableCollection & RandomAccessCollection>(
    following position: Elements.Index, in elements: Binding<Elements>
  ) where Elements.Element == Value {
    let collection = elements.wrappedValue
    let element = collection[position]
    var id = element.id
    var offset = collection.distance(from: collection.startIndex, to: position)
    func locate(in collection: Elements) -> Elements.Index? {
      if offset < collection.count {
        let position = collection.index(collection.startIndex, offsetBy: offset)
        if collection[position].id == id { return position }
      }
      guard let position = collection.firstIndex(where: { $0.id == id }) else { return nil }
      offset = collection.distance(from: collection.startIndex, to: position)
      return position
    }
    self.init(
      lastSeen: element,
      get: {
        guard elements.isConnected() else { return nil }
        let collection = elements.wrappedValue
        return locate(in: collection).map { collection[$0] }
      },
      set: { newValue in
        var collection = elements.wrappedValue
        guard let position = locate(in: collection) else { return }
        collection[position] = newValue
        id = newValue.id
        elements.wrappedValue = collection
      })
  }
}
