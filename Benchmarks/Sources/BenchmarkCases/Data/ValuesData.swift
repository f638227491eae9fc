import Foundation
import ValuesBenchDTOs

/// Payload 3: value-heavy events (dates, durations, enums, dictionaries, nested optionals),
/// filled with deterministic data.
enum ValuesData {
    static let eventCount = 250

    /// The response and the number of DTO objects in it.
    static func response() -> (GetEventsResponse, objects: Int) {
        var random = DeterministicRandom(seed: 3)
        var objects = 1
        let response = GetEventsResponse()
        response.total = eventCount
        response.generated = random.date()
        response.results = (0..<eventCount).map { index in
            let event = EventRecord()
            objects += 1
            event.id = 10_000 + index
            event.title = random.sentence(words: random.int(3...8))
            event.status = random.pick(EventStatus.allCases)
            event.severity = random.pick(Severity.allCases)
            let starts = random.date()
            event.starts = starts
            if random.chance(70) { event.ends = starts.addingTimeInterval(Double(random.int(15...600) * 60)) }
            event.duration = Double(random.int(60...86_400 * 2)) + (random.chance(30) ? 0.5 : 0)
            if random.chance(60) { event.reminder = Double(random.int(1...48) * 900) }
            event.offsets = (0..<random.int(0...4)).map { _ in Double(random.int(1...7200)) }
            event.lastChanged = random.date()
            if random.chance(80) { event.score = Double(random.int(0...10_000)) / 100 }
            event.isPublic = random.chance(50)
            event.tags = (0..<random.int(1...5)).map { _ in random.pick(DeterministicRandom.words) }
            event.channels = (0..<random.int(0...3)).map { _ in random.pick(Channel.allCases) }
            event.labels = Dictionary(
                (0..<random.int(0...4)).map { i in
                    ("label\(i)", random.pick(DeterministicRandom.words))
                }, uniquingKeysWith: { first, _ in first })
            event.counters = [
                "views": random.int(0...100_000), "shares": random.int(0...500), "rsvps": random.int(0...300),
            ]
            event.milestones = ["announced": random.date(), "opened": random.date()]
            event.timeouts = ["checkIn": Double(random.int(60...3600)), "grace": Double(random.int(0...900))]
            if random.chance(85) {
                let location = Location()
                objects += 1
                location.name =
                    random.pick(DeterministicRandom.cities) + " " + random.pick(["Hall", "Hub", "Campus", "Center"])
                if random.chance(70) {
                    location.latitude = Double(random.int(-90_000_000...90_000_000)) / 1_000_000
                    location.longitude = Double(random.int(-180_000_000...180_000_000)) / 1_000_000
                }
                if random.chance(60) {
                    let address = Address()
                    objects += 1
                    address.street = "\(random.int(1...400)) \(random.pick(DeterministicRandom.lastNames)) Street"
                    address.city = random.pick(DeterministicRandom.cities)
                    if random.chance(70) { address.postalCode = String(random.int(10_000...99_999)) }
                    address.country = random.pick(["DE", "PT", "CA", "KE", "AU", "US", "JP", "PL"])
                    location.address = address
                }
                event.location = location
            }
            event.attendees = (0..<random.int(0...4)).map { _ in
                let attendee = Attendee()
                objects += 1
                let first = random.pick(DeterministicRandom.firstNames)
                let last = random.pick(DeterministicRandom.lastNames)
                attendee.name = "\(first) \(last)"
                if random.chance(80) { attendee.email = "\(first).\(last)@example.org".lowercased() }
                if random.chance(70) { attendee.channel = random.pick(Channel.allCases) }
                if random.chance(50) { attendee.respondedAt = random.date() }
                if random.chance(30) { attendee.delay = Double(random.int(1...120) * 60) }
                return attendee
            }
            return event
        }
        return (response, objects)
    }
}
