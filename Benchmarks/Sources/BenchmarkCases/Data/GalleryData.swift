import DTOKit
import Foundation
import GalleryBenchDTOs

/// Payload 4: the job applications of the real Blazor Gallery snapshot (`QueryJobApplications`),
/// each with its job, applicant, comments, attachments, events, phone screen, interview and offer,
/// filled with deterministic data.
enum GalleryData {
    static let applicationCount = 100

    /// The applications and the number of DTO objects in them.
    static func applications() -> ([JobApplication], objects: Int) {
        var random = DeterministicRandom(seed: 4)
        var objects = 0
        let users: [AppUser] = (0..<8).map { index in
            let user = AppUser()
            user.id = "user-\(index)"
            user.firstName = random.pick(DeterministicRandom.firstNames)
            user.lastName = random.pick(DeterministicRandom.lastNames)
            user.displayName = "\(user.firstName ?? "") \(user.lastName ?? "")"
            user.profileUrl = "https://i.pravatar.cc/128?u=\(index)"
            return user
        }
        func user() -> AppUser {
            objects += 1
            // A fresh object per reference, as a decoder produces.
            let source = random.pick(users)
            let copy = AppUser()
            copy.id = source.id
            copy.firstName = source.firstName
            copy.lastName = source.lastName
            copy.displayName = source.displayName
            copy.profileUrl = source.profileUrl
            return copy
        }
        func audit(_ row: AuditBase) {
            row.createdDate = random.date()
            row.createdBy = "admin@email.com"
            row.modifiedDate = random.date()
            row.modifiedBy = random.pick(["admin@email.com", "manager@email.com"])
        }
        let applications = (0..<applicationCount).map { index -> JobApplication in
            let application = JobApplication()
            objects += 1
            let id = index + 1
            application.id = id
            application.jobId = random.int(1...20)
            application.contactId = random.int(1...400)
            application.appliedDate = random.date()
            application.applicationStatus = random.pick(JobApplicationStatus.allCases)

            let job = Job()
            objects += 1
            audit(job)
            job.id = application.jobId
            job.title =
                random.pick(["Senior", "Junior", "Lead", "Staff"]) + " "
                + random.pick(["Swift Developer", "Backend Engineer", "Data Engineer", "SRE"])
            job.employmentType = random.pick(EmploymentType.allCases)
            job.company =
                random.pick(DeterministicRandom.lastNames) + " " + random.pick(["Labs", "Systems", "GmbH", "Inc"])
            job.location = random.pick(DeterministicRandom.cities)
            job.salaryRangeLower = random.int(60...120) * 1000
            job.salaryRangeUpper = (job.salaryRangeLower ?? 0) + random.int(10...60) * 1000
            job.description = random.sentence(words: random.int(20...40))
            job.closing = random.date()
            application.position = job

            let contact = Contact()
            objects += 1
            let first = random.pick(DeterministicRandom.firstNames)
            let last = random.pick(DeterministicRandom.lastNames)
            contact.id = application.contactId
            contact.displayName = "\(first) \(last)"
            contact.profileUrl = "https://i.pravatar.cc/128?img=\(random.int(1...70))"
            contact.firstName = first
            contact.lastName = last
            if random.chance(70) { contact.salaryExpectation = random.int(60...160) * 1000 }
            contact.jobType = job.title
            contact.availabilityWeeks = random.int(1...12)
            contact.preferredWorkType = random.pick(EmploymentType.allCases)
            contact.preferredLocation = random.pick(DeterministicRandom.cities)
            contact.email = "\(first).\(last)\(id)@example.org".lowercased()
            contact.phone = "(\(random.int(200...999))) \(random.int(200...999))-\(random.int(1000...9999))"
            contact.skills = (0..<random.int(2...6)).map { _ in
                random.pick(["Swift", "Go", "SQL", "Kubernetes", "gRPC", "Rust", "TypeScript", "C#"])
            }
            contact.about = random.sentence(words: random.int(15...30))
            application.applicant = contact

            application.comments = (0..<random.int(0...3)).map { _ in
                let comment = JobApplicationComment()
                objects += 1
                audit(comment)
                comment.id = random.int(1...10_000)
                comment.appUser = user()
                comment.appUserId = comment.appUser?.id
                comment.jobApplicationId = id
                comment.comment = random.sentence(words: random.int(6...20))
                return comment
            }
            application.attachments = (0..<random.int(0...2)).map { n in
                let attachment = JobApplicationAttachment()
                objects += 1
                attachment.id = id * 10 + n
                attachment.jobApplicationId = id
                attachment.fileName = random.pick(["resume.pdf", "cover-letter.docx", "portfolio.zip"])
                attachment.filePath = "/uploads/applications/\(id)/\(attachment.fileName ?? "")"
                attachment.contentType = "application/octet-stream"
                attachment.contentLength = random.int(10_000...2_000_000)
                return attachment
            }
            application.events = (0..<random.int(1...4)).map { n in
                let event = JobApplicationEvent()
                objects += 1
                audit(event)
                event.id = id * 10 + n
                event.jobApplicationId = id
                event.appUser = user()
                event.appUserId = event.appUser?.id
                event.description = random.sentence(words: random.int(3...8))
                event.status = random.pick(JobApplicationStatus.allCases)
                event.eventDate = random.date()
                return event
            }
            if random.chance(60) {
                let screen = PhoneScreen()
                objects += 1
                audit(screen)
                screen.id = id
                screen.appUser = user()
                screen.appUserId = screen.appUser?.id
                screen.jobApplicationId = id
                screen.applicationStatus = .PhoneScreeningCompleted
                screen.notes = random.sentence(words: random.int(8...20))
                application.phoneScreen = screen
            }
            if random.chance(40) {
                let interview = Interview()
                objects += 1
                audit(interview)
                interview.id = id
                interview.bookingTime = random.date()
                interview.jobApplicationId = id
                interview.appUser = user()
                interview.appUserId = interview.appUser?.id
                interview.applicationStatus = .InterviewCompleted
                interview.notes = random.sentence(words: random.int(8...20))
                application.interview = interview
            }
            if random.chance(15) {
                let offer = JobOffer()
                objects += 1
                audit(offer)
                offer.id = id
                offer.salaryOffer = random.int(60...160) * 1000
                offer.currency = random.pick(["USD", "EUR", "GBP"])
                offer.jobApplicationId = id
                offer.appUser = user()
                offer.appUserId = offer.appUser?.id
                offer.notes = random.sentence(words: random.int(5...12))
                application.jobOffer = offer
            }
            return application
        }
        return (applications, objects)
    }
}
