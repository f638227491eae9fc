import DTOKit
import Foundation

// Hand-written DTOs in the shape the generator emits: a class with `required public init() {}`
// and a `JsonSerializable` extension listing one builder per property. Between them they use
// every builder the runtime offers.

// MARK: - Enums

/// String names (a C# enum without explicit values): numbers are the case positions.
public enum Color: String, CaseIterable, Sendable {
    case Red
    case Green
    case Blue
}

extension Color: JsonEnum {
    public static let jsonCases = JsonEnumCases<Color>(allCases)
}

/// An Int-backed enum with explicit values, written by name.
public enum Priority: Int, CaseIterable, Sendable {
    case Low = 10
    case Medium = 20
    case High = 30
}

extension Priority: JsonEnum {
    public static let jsonCases = JsonEnumCases<Priority>([
        (.Low, "Low"),
        (.Medium, "Medium"),
        (.High, "High"),
    ])
}

/// The same enum for a server with `TreatEnumAsInteger`: written as its number.
public enum Level: Int, CaseIterable, Sendable {
    case Debug = 1
    case Info = 2
    case Error = 4
}

extension Level: JsonEnum {
    public static let jsonCases = JsonEnumCases<Level>(
        [
            (.Debug, "Debug"),
            (.Info, "Info"),
            (.Error, "Error"),
        ], encoding: .integer)
}

/// `[EnumMember(Value = "...")]` cases: the wire text differs from the case name.
public enum Status: String, CaseIterable, Sendable {
    case Active = "active"
    case OnHold = "on-hold"
    case Done
}

extension Status: JsonEnum {
    public static let jsonCases = JsonEnumCases<Status>(allCases)
}

/// A `[Flags]` enum.
public struct Permissions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let None: Permissions = []
    public static let Read = Permissions(rawValue: 1)
    public static let Write = Permissions(rawValue: 2)
    public static let Delete = Permissions(rawValue: 4)
}

extension Permissions: JsonFlags {
    public static let jsonFlagNames: [(String, Int)] = [
        ("None", 0),
        ("Read", 1),
        ("Write", 2),
        ("Delete", 4),
    ]
}

// MARK: - Scalars

/// Every scalar type, as a non-optional `value` and as an `optional`.
public class Scalars {
    public var name: String = ""
    public var count: Int = 0
    public var flag: Bool = false
    public var ratio: Double = 0
    public var optName: String?
    public var optCount: Int?
    public var optFlag: Bool?
    public var optRatio: Double?
    public var float: Float?
    public var int8: Int8?
    public var int16: Int16?
    public var int32: Int32?
    public var int64: Int64?
    public var uint: UInt?
    public var uint8: UInt8?
    public var uint16: UInt16?
    public var uint32: UInt32?
    public var uint64: UInt64?
    public var amount: Decimal?

    required public init() {}
}

extension Scalars: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<Scalars>.value("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<Scalars>.value("count", get: { $0.count }, set: { $0.count = $1 }),
        Property<Scalars>.value("flag", get: { $0.flag }, set: { $0.flag = $1 }),
        Property<Scalars>.value("ratio", get: { $0.ratio }, set: { $0.ratio = $1 }),
        Property<Scalars>.optional("optName", get: { $0.optName }, set: { $0.optName = $1 }),
        Property<Scalars>.optional("optCount", get: { $0.optCount }, set: { $0.optCount = $1 }),
        Property<Scalars>.optional("optFlag", get: { $0.optFlag }, set: { $0.optFlag = $1 }),
        Property<Scalars>.optional("optRatio", get: { $0.optRatio }, set: { $0.optRatio = $1 }),
        Property<Scalars>.optional("float", get: { $0.float }, set: { $0.float = $1 }),
        Property<Scalars>.optional("int8", get: { $0.int8 }, set: { $0.int8 = $1 }),
        Property<Scalars>.optional("int16", get: { $0.int16 }, set: { $0.int16 = $1 }),
        Property<Scalars>.optional("int32", get: { $0.int32 }, set: { $0.int32 = $1 }),
        Property<Scalars>.optional("int64", get: { $0.int64 }, set: { $0.int64 = $1 }),
        Property<Scalars>.optional("uint", get: { $0.uint }, set: { $0.uint = $1 }),
        Property<Scalars>.optional("uint8", get: { $0.uint8 }, set: { $0.uint8 = $1 }),
        Property<Scalars>.optional("uint16", get: { $0.uint16 }, set: { $0.uint16 = $1 }),
        Property<Scalars>.optional("uint32", get: { $0.uint32 }, set: { $0.uint32 = $1 }),
        Property<Scalars>.optional("uint64", get: { $0.uint64 }, set: { $0.uint64 = $1 }),
        Property<Scalars>.optional("amount", get: { $0.amount }, set: { $0.amount = $1 }),
    ])
}

// MARK: - Value formats

/// Members whose wire format is not their Swift type's obvious one.
public class Formats {
    public var when: Date?
    public var whenAlways: Date = Date(timeIntervalSince1970: 0)
    public var dates: [Date]?
    public var duration: TimeInterval = 0
    public var optDuration: TimeInterval?
    public var durations: [TimeInterval] = []
    public var optDurations: [TimeInterval]?
    public var durationByName: [String: TimeInterval] = [:]
    public var optDurationByName: [String: TimeInterval]?
    public var bytes: [UInt8] = []
    public var optBytes: [UInt8]?
    public var data: Data?
    public var guid: UUID?
    public var untyped: JsonValue?
    public var untypedAlways: JsonValue = .null
    public var color: Color?
    public var priority: Priority = .Low
    public var optPriority: Priority?
    public var level: Level?
    public var status: Status?
    public var statuses: [Status]?
    public var permissions: Permissions?
    public var colorByName: [String: Color]?

    required public init() {}
}

extension Formats: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<Formats>.optional("when", get: { $0.when }, set: { $0.when = $1 }),
        Property<Formats>.value("whenAlways", get: { $0.whenAlways }, set: { $0.whenAlways = $1 }),
        Property<Formats>.optionalArray("dates", get: { $0.dates }, set: { $0.dates = $1 }),
        Property<Formats>.formatted("duration", as: TimeSpan.self, get: { $0.duration }, set: { $0.duration = $1 }),
        Property<Formats>.optionalFormatted(
            "optDuration", as: TimeSpan.self, get: { $0.optDuration }, set: { $0.optDuration = $1 }),
        Property<Formats>.formattedArray(
            "durations", as: TimeSpan.self, get: { $0.durations }, set: { $0.durations = $1 }),
        Property<Formats>.optionalFormattedArray(
            "optDurations", as: TimeSpan.self, get: { $0.optDurations }, set: { $0.optDurations = $1 }),
        Property<Formats>.formattedDictionary(
            "durationByName", as: TimeSpan.self, get: { $0.durationByName }, set: { $0.durationByName = $1 }),
        Property<Formats>.optionalFormattedDictionary(
            "optDurationByName", as: TimeSpan.self, get: { $0.optDurationByName }, set: { $0.optDurationByName = $1 }),
        Property<Formats>.formatted("bytes", as: Base64Bytes.self, get: { $0.bytes }, set: { $0.bytes = $1 }),
        Property<Formats>.optionalFormatted(
            "optBytes", as: Base64Bytes.self, get: { $0.optBytes }, set: { $0.optBytes = $1 }),
        Property<Formats>.optional("data", get: { $0.data }, set: { $0.data = $1 }),
        Property<Formats>.optional("guid", get: { $0.guid }, set: { $0.guid = $1 }),
        Property<Formats>.optional("untyped", get: { $0.untyped }, set: { $0.untyped = $1 }),
        Property<Formats>.value("untypedAlways", get: { $0.untypedAlways }, set: { $0.untypedAlways = $1 }),
        Property<Formats>.optional("color", get: { $0.color }, set: { $0.color = $1 }),
        Property<Formats>.value("priority", get: { $0.priority }, set: { $0.priority = $1 }),
        Property<Formats>.optional("optPriority", get: { $0.optPriority }, set: { $0.optPriority = $1 }),
        Property<Formats>.optional("level", get: { $0.level }, set: { $0.level = $1 }),
        Property<Formats>.optional("status", get: { $0.status }, set: { $0.status = $1 }),
        Property<Formats>.optionalArray("statuses", get: { $0.statuses }, set: { $0.statuses = $1 }),
        Property<Formats>.optional("permissions", get: { $0.permissions }, set: { $0.permissions = $1 }),
        Property<Formats>.optionalDictionary("colorByName", get: { $0.colorByName }, set: { $0.colorByName = $1 }),
    ])
}

// MARK: - Nested DTOs

/// A small DTO used as an element, a value and a nested member; it nests itself.
public class Child {
    public var id: Int?
    public var name: String?
    public var child: Child?

    required public init() {}

    convenience init(id: Int?, name: String?, child: Child? = nil) {
        self.init()
        self.id = id
        self.name = name
        self.child = child
    }
}

extension Child: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<Child>.optional("id", get: { $0.id }, set: { $0.id = $1 }),
        Property<Child>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<Child>.optionalObject("child", get: { $0.child }, set: { $0.child = $1 }),
    ])
}

/// A nested DTO that is always present (`object`) and one that is optional (`optionalObject`).
public class Parent {
    public var title: String?
    public var first: Child = Child()
    public var second: Child?

    required public init() {}
}

extension Parent: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<Parent>.optional("title", get: { $0.title }, set: { $0.title = $1 }),
        Property<Parent>.object("first", get: { $0.first }, set: { $0.first = $1 }),
        Property<Parent>.optionalObject("second", get: { $0.second }, set: { $0.second = $1 }),
    ])
}

// MARK: - Collections

/// Every collection shape: arrays of scalars, DTOs and optionals; `[K: V]`, `[K: [V]]` and
/// `[K: [K2: V]]` with scalar and DTO values; each also in its optional form.
public class Collections {
    public var ints: [Int] = []
    public var optStrings: [String]?
    public var children: [Child] = []
    public var optChildren: [Child]?
    public var maybeInts: [Int?] = []
    public var optMaybeChildren: [Child?]?
    public var colors: [Color] = []
    public var grid: [[Int]]?
    public var lookup: [String: Int] = [:]
    public var optLookup: [String: Int]?
    public var childById: [Int: Child] = [:]
    public var optChildById: [Int: Child]?
    public var tagsByName: [String: [String]] = [:]
    public var optTagsByName: [String: [String]]?
    public var childrenByGroup: [String: [Child]] = [:]
    public var optChildrenByGroup: [String: [Child]]?
    public var matrix: [String: [Int: Double]] = [:]
    public var optMatrix: [String: [Int: Double]]?
    public var childGrid: [String: [String: Child]] = [:]
    public var optChildGrid: [String: [String: Child]]?
    public var enabledByFlag: [Bool: String]?
    public var wide: [UInt64: Int8]?

    required public init() {}
}

extension Collections: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<Collections>.array("ints", get: { $0.ints }, set: { $0.ints = $1 }),
        Property<Collections>.optionalArray("optStrings", get: { $0.optStrings }, set: { $0.optStrings = $1 }),
        Property<Collections>.array("children", get: { $0.children }, set: { $0.children = $1 }),
        Property<Collections>.optionalArray("optChildren", get: { $0.optChildren }, set: { $0.optChildren = $1 }),
        Property<Collections>.array("maybeInts", get: { $0.maybeInts }, set: { $0.maybeInts = $1 }),
        Property<Collections>.optionalArray(
            "optMaybeChildren", get: { $0.optMaybeChildren }, set: { $0.optMaybeChildren = $1 }),
        Property<Collections>.array("colors", get: { $0.colors }, set: { $0.colors = $1 }),
        Property<Collections>.optionalArray("grid", get: { $0.grid }, set: { $0.grid = $1 }),
        Property<Collections>.dictionary("lookup", get: { $0.lookup }, set: { $0.lookup = $1 }),
        Property<Collections>.optionalDictionary("optLookup", get: { $0.optLookup }, set: { $0.optLookup = $1 }),
        Property<Collections>.dictionary("childById", get: { $0.childById }, set: { $0.childById = $1 }),
        Property<Collections>.optionalDictionary(
            "optChildById", get: { $0.optChildById }, set: { $0.optChildById = $1 }),
        Property<Collections>.dictionary("tagsByName", get: { $0.tagsByName }, set: { $0.tagsByName = $1 }),
        Property<Collections>.optionalDictionary(
            "optTagsByName", get: { $0.optTagsByName }, set: { $0.optTagsByName = $1 }),
        Property<Collections>.dictionary(
            "childrenByGroup", get: { $0.childrenByGroup }, set: { $0.childrenByGroup = $1 }),
        Property<Collections>.optionalDictionary(
            "optChildrenByGroup", get: { $0.optChildrenByGroup }, set: { $0.optChildrenByGroup = $1 }),
        Property<Collections>.dictionary("matrix", get: { $0.matrix }, set: { $0.matrix = $1 }),
        Property<Collections>.optionalDictionary("optMatrix", get: { $0.optMatrix }, set: { $0.optMatrix = $1 }),
        Property<Collections>.dictionary("childGrid", get: { $0.childGrid }, set: { $0.childGrid = $1 }),
        Property<Collections>.optionalDictionary(
            "optChildGrid", get: { $0.optChildGrid }, set: { $0.optChildGrid = $1 }),
        Property<Collections>.optionalDictionary(
            "enabledByFlag", get: { $0.enabledByFlag }, set: { $0.enabledByFlag = $1 }),
        Property<Collections>.optionalDictionary("wide", get: { $0.wide }, set: { $0.wide = $1 }),
    ])
}

// MARK: - Generic DTO

/// A generic response like `QueryResponse<T>`: Swift has no stored statics in generic types, so
/// the table is cached per specialization.
public class Page<T: JsonConvertible> {
    public var offset: Int?
    public var total: Int?
    public var results: [T]?
    public var first: T?
    public var byKey: [String: T]?
    public var responseStatus: ResponseStatus?

    required public init() {}
}

extension Page: JsonSerializable {
    public static var metadata: Metadata {
        Metadata.cached(for: self) {
            Metadata.create([
                Property<Page<T>>.optional("offset", get: { $0.offset }, set: { $0.offset = $1 }),
                Property<Page<T>>.optional("total", get: { $0.total }, set: { $0.total = $1 }),
                Property<Page<T>>.optionalArray("results", get: { $0.results }, set: { $0.results = $1 }),
                Property<Page<T>>.optional("first", get: { $0.first }, set: { $0.first = $1 }),
                Property<Page<T>>.optionalDictionary("byKey", get: { $0.byKey }, set: { $0.byKey = $1 }),
                Property<Page<T>>.optionalObject(
                    "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
            ])
        }
    }
}

// MARK: - Inheritance

/// A concrete base class with subclasses: the root's conformance picks the table by the dynamic
/// `self`, and each subclass's table lists its own properties and then the inherited ones.
public class Animal {
    public var id: Int?
    public var name: String?

    required public init() {}
}

extension Animal: JsonSerializable {
    public static var metadata: Metadata {
        if self == Puppy.self { return Puppy.puppyMetadata }
        if self == Dog.self { return Dog.dogMetadata }
        return animalMetadata
    }
    static let animalMetadata = Metadata.create([
        Property<Animal>.optional("id", get: { $0.id }, set: { $0.id = $1 }),
        Property<Animal>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
    ])
}

public class Dog: Animal {
    public var breed: String?
    public var tricks: [String]?

    required public init() { super.init() }
}

extension Dog {
    static let dogMetadata = Metadata.create([
        Property<Dog>.optional("breed", get: { $0.breed }, set: { $0.breed = $1 }),
        Property<Dog>.optionalArray("tricks", get: { $0.tricks }, set: { $0.tricks = $1 }),
        Property<Dog>.optional("id", get: { $0.id }, set: { $0.id = $1 }),
        Property<Dog>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
    ])
}

public class Puppy: Dog {
    public var ageInWeeks: Int?

    required public init() { super.init() }
}

extension Puppy {
    static let puppyMetadata = Metadata.create([
        Property<Puppy>.optional("ageInWeeks", get: { $0.ageInWeeks }, set: { $0.ageInWeeks = $1 }),
        Property<Puppy>.optional("breed", get: { $0.breed }, set: { $0.breed = $1 }),
        Property<Puppy>.optionalArray("tricks", get: { $0.tricks }, set: { $0.tricks = $1 }),
        Property<Puppy>.optional("id", get: { $0.id }, set: { $0.id = $1 }),
        Property<Puppy>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
    ])
}

/// Holds base-class references to subclass instances.
public class Kennel {
    public var star: Animal?
    public var animals: [Animal]?

    required public init() {}
}

extension Kennel: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<Kennel>.optionalObject("star", get: { $0.star }, set: { $0.star = $1 }),
        Property<Kennel>.optionalArray("animals", get: { $0.animals }, set: { $0.animals = $1 }),
    ])
}

// MARK: - Key matching

/// Two members whose names differ only in case, to show exact matches win over caseless ones.
public class CaseTwins {
    public var name: String?
    public var upperName: String?
    public var url: String?

    required public init() {}
}

extension CaseTwins: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<CaseTwins>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<CaseTwins>.optional("NAME", get: { $0.upperName }, set: { $0.upperName = $1 }),
        Property<CaseTwins>.optional("url", get: { $0.url }, set: { $0.url = $1 }),
    ])
}
