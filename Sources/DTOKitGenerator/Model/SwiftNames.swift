/// Swift names for ServiceStack names: camelCase properties, generic arity, valid identifiers.
/// (How a name is written in source, e.g. with backticks, is the emitter's business: `SwiftSyntax`.)
enum SwiftNames {
    /// ServiceStack's ToCamelCase: lowercase the leading run of capitals, keeping the last capital of a
    /// run when a lowercase letter follows (`ID` → `id`, `URLValue` → `urlValue`, `UShort` → `uShort`).
    static func camelCase(_ name: String) -> String {
        let characters = Array(name)
        guard let first = characters.first, first.isUppercase else { return name }
        var result = ""
        var index = 0
        while index < characters.count, characters[index].isUppercase {
            let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
            if index > 0 && nextIsLower { break }
            result += characters[index].lowercased()
            index += 1
        }
        result += String(characters[index...])
        return result
    }

    /// `QueryDb`1` → `QueryDb`; `Outer+Inner` → `Inner`.
    static func stripArity(_ clrName: String) -> String {
        var name = clrName
        if let plus = name.lastIndex(of: "+") { name = String(name[name.index(after: plus)...]) }
        if let tick = name.firstIndex(of: "`") { name = String(name[..<tick]) }
        return name
    }

    /// The declared generic arity in a CLR name (`Dictionary`2` → 2), or 0.
    static func arity(_ clrName: String) -> Int {
        guard let tick = clrName.firstIndex(of: "`") else { return 0 }
        return Int(clrName[clrName.index(after: tick)...]) ?? 0
    }

    /// A name Swift accepts as an identifier (letters, digits, underscores; not starting with a digit).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first,
            first == "_" || first.properties.isXIDStart, text != "_"
        else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// `Foundation`, `Foundation.NSObject`, `My_Module`.
    static func isIdentifierPath(_ text: String) -> Bool {
        !text.isEmpty
            && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isIdentifier(String($0)) }
    }

    /// `text` made into an identifier: every character Swift does not allow becomes `_`, and a
    /// leading digit gets a `_` before it (`My-Prop` → `My_Prop`, `1st` → `_1st`, `🙂` → `_1F642`).
    static func sanitizedIdentifier(_ text: String) -> String {
        guard !text.isEmpty else { return "_empty" }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let allowed =
                scalar == "_" || (result.isEmpty ? scalar.properties.isXIDStart : scalar.properties.isXIDContinue)
            if !allowed, result.isEmpty, scalar.properties.isXIDContinue {
                result.append("_")
                result.append(scalar)
            } else {
                result.append(allowed ? scalar : "_")
            }
        }
        // Nothing usable (`🙂`, `-`): the scalars' hex codes keep distinct names distinct.
        if result.allSatisfy({ $0 == "_" }) {
            return "_" + text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "_")
        }
        return String(result)
    }

    /// Members of `NSObject` that a property of a subclass cannot redeclare: Foundation's (Darwin and
    /// swift-corelibs-foundation), macOS scripting's, and those UIKit's accessibility categories add
    /// to every `NSObject` in a module that imports UIKit or SwiftUI (an app target), so an Apple
    /// app's build is the only one that sees them. With a `BaseClass` such properties get
    /// ServiceStack's capitalized name (`description` → `Description`); the JSON name stays.
    static let baseClassMembers = Set(
        TextTable.words(
            """
            description debugDescription hash hashValue superclass classForCoder classForKeyedArchiver className
            classCode classDescription observationInfo attributeKeys toOneRelationshipKeys toManyRelationshipKeys
            scriptingProperties autoContentAccessingProxy isProxy zone exposedBindings
            objectSpecifier classForArchiver classForPortCoder
            isAccessibilityElement accessibilityLabel accessibilityAttributedLabel accessibilityHint
            accessibilityAttributedHint accessibilityValue accessibilityAttributedValue accessibilityTraits
            accessibilityFrame accessibilityPath accessibilityActivationPoint accessibilityLanguage
            accessibilityElementsHidden accessibilityViewIsModal shouldGroupAccessibilityChildren
            accessibilityNavigationStyle accessibilityRespondsToUserInteraction accessibilityUserInputLabels
            accessibilityAttributedUserInputLabels accessibilityTextualContext accessibilityDirectTouchOptions
            accessibilityHeaderElements accessibilityElements accessibilityContainerType accessibilityCustomActions
            accessibilityCustomRotors accessibilityDragSourceDescriptors accessibilityDropPointDescriptors
            accessibilityShowsLargeContentViewer accessibilityLargeContentTitle accessibilityLargeContentImage
            accessibilityActivate accessibilityIncrement accessibilityDecrement accessibilityScroll
            accessibilityPerformEscape accessibilityPerformMagicTap accessibilityElementDidBecomeFocused
            accessibilityElementDidLoseFocus accessibilityElementIsFocused accessibilityElementCount
            accessibilityAssistiveTechnologyFocusedIdentifiers
            """))

    /// ServiceStack's rename of a property that clashes with a base class member: first letter up.
    static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
