import DTOKit
import Foundation
import GalleryBenchDTOs
import TechStacksBenchDTOs
import ValuesBenchDTOs

// The reflection tables of the JSONSerialization re-creation (see LegacyJson.swift) for the
// benchmarked types: the same names, getters and setters as their generated DTOKit metadata.
// Written once from the generated metadata; keep them in step when a snapshot changes.

// MARK: - TechStacks (payloads 1 and 2)

extension GetAllTechnologiesResponse: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<GetAllTechnologiesResponse>.property("results", get: { $0.results }, set: { $0.results = $1 }),
        Legacy<GetAllTechnologiesResponse>.property("total", get: { $0.total }, set: { $0.total = $1 }),
    ]
}

extension GetTechnologyResponse: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<GetTechnologyResponse>.property("created", get: { $0.created }, set: { $0.created = $1 }),
        Legacy<GetTechnologyResponse>.property("technology", get: { $0.technology }, set: { $0.technology = $1 }),
        Legacy<GetTechnologyResponse>.property(
            "technologyStacks", get: { $0.technologyStacks }, set: { $0.technologyStacks = $1 }),
        Legacy<GetTechnologyResponse>.property(
            "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
    ]
}

extension Technology: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<Technology>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<Technology>.property("name", get: { $0.name }, set: { $0.name = $1 }),
        Legacy<Technology>.property("vendorName", get: { $0.vendorName }, set: { $0.vendorName = $1 }),
        Legacy<Technology>.property("vendorUrl", get: { $0.vendorUrl }, set: { $0.vendorUrl = $1 }),
        Legacy<Technology>.property("productUrl", get: { $0.productUrl }, set: { $0.productUrl = $1 }),
        Legacy<Technology>.property("logoUrl", get: { $0.logoUrl }, set: { $0.logoUrl = $1 }),
        Legacy<Technology>.property("description", get: { $0.description }, set: { $0.description = $1 }),
        Legacy<Technology>.property("created", get: { $0.created }, set: { $0.created = $1 }),
        Legacy<Technology>.property("createdBy", get: { $0.createdBy }, set: { $0.createdBy = $1 }),
        Legacy<Technology>.property("lastModified", get: { $0.lastModified }, set: { $0.lastModified = $1 }),
        Legacy<Technology>.property("lastModifiedBy", get: { $0.lastModifiedBy }, set: { $0.lastModifiedBy = $1 }),
        Legacy<Technology>.property("ownerId", get: { $0.ownerId }, set: { $0.ownerId = $1 }),
        Legacy<Technology>.property("slug", get: { $0.slug }, set: { $0.slug = $1 }),
        Legacy<Technology>.property("logoApproved", get: { $0.logoApproved }, set: { $0.logoApproved = $1 }),
        Legacy<Technology>.property("isLocked", get: { $0.isLocked }, set: { $0.isLocked = $1 }),
        Legacy<Technology>.property("tier", get: { $0.tier }, set: { $0.tier = $1 }),
        Legacy<Technology>.property(
            "lastStatusUpdate", get: { $0.lastStatusUpdate }, set: { $0.lastStatusUpdate = $1 }),
        Legacy<Technology>.property("organizationId", get: { $0.organizationId }, set: { $0.organizationId = $1 }),
        Legacy<Technology>.property("commentsPostId", get: { $0.commentsPostId }, set: { $0.commentsPostId = $1 }),
        Legacy<Technology>.property("viewCount", get: { $0.viewCount }, set: { $0.viewCount = $1 }),
        Legacy<Technology>.property("favCount", get: { $0.favCount }, set: { $0.favCount = $1 }),
    ]
}

extension TechnologyStack: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<TechnologyStack>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<TechnologyStack>.property("name", get: { $0.name }, set: { $0.name = $1 }),
        Legacy<TechnologyStack>.property("vendorName", get: { $0.vendorName }, set: { $0.vendorName = $1 }),
        Legacy<TechnologyStack>.property("description", get: { $0.description }, set: { $0.description = $1 }),
        Legacy<TechnologyStack>.property("appUrl", get: { $0.appUrl }, set: { $0.appUrl = $1 }),
        Legacy<TechnologyStack>.property("screenshotUrl", get: { $0.screenshotUrl }, set: { $0.screenshotUrl = $1 }),
        Legacy<TechnologyStack>.property("created", get: { $0.created }, set: { $0.created = $1 }),
        Legacy<TechnologyStack>.property("createdBy", get: { $0.createdBy }, set: { $0.createdBy = $1 }),
        Legacy<TechnologyStack>.property("lastModified", get: { $0.lastModified }, set: { $0.lastModified = $1 }),
        Legacy<TechnologyStack>.property("lastModifiedBy", get: { $0.lastModifiedBy }, set: { $0.lastModifiedBy = $1 }),
        Legacy<TechnologyStack>.property("isLocked", get: { $0.isLocked }, set: { $0.isLocked = $1 }),
        Legacy<TechnologyStack>.property("ownerId", get: { $0.ownerId }, set: { $0.ownerId = $1 }),
        Legacy<TechnologyStack>.property("slug", get: { $0.slug }, set: { $0.slug = $1 }),
        Legacy<TechnologyStack>.property("details", get: { $0.details }, set: { $0.details = $1 }),
        Legacy<TechnologyStack>.property("detailsHtml", get: { $0.detailsHtml }, set: { $0.detailsHtml = $1 }),
        Legacy<TechnologyStack>.property(
            "lastStatusUpdate", get: { $0.lastStatusUpdate }, set: { $0.lastStatusUpdate = $1 }),
        Legacy<TechnologyStack>.property("organizationId", get: { $0.organizationId }, set: { $0.organizationId = $1 }),
        Legacy<TechnologyStack>.property("commentsPostId", get: { $0.commentsPostId }, set: { $0.commentsPostId = $1 }),
        Legacy<TechnologyStack>.property("viewCount", get: { $0.viewCount }, set: { $0.viewCount = $1 }),
        Legacy<TechnologyStack>.property("favCount", get: { $0.favCount }, set: { $0.favCount = $1 }),
    ]
}

extension TechnologyTier: LegacyValue {}

// MARK: - Value-heavy snapshot (payload 3)

extension GetEventsResponse: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<GetEventsResponse>.property("results", get: { $0.results }, set: { $0.results = $1 }),
        Legacy<GetEventsResponse>.property("total", get: { $0.total }, set: { $0.total = $1 }),
        Legacy<GetEventsResponse>.property("generated", get: { $0.generated }, set: { $0.generated = $1 }),
    ]
}

extension EventRecord: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<EventRecord>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<EventRecord>.property("title", get: { $0.title }, set: { $0.title = $1 }),
        Legacy<EventRecord>.property("status", get: { $0.status }, set: { $0.status = $1 }),
        Legacy<EventRecord>.property("severity", get: { $0.severity }, set: { $0.severity = $1 }),
        Legacy<EventRecord>.property("starts", get: { $0.starts }, set: { $0.starts = $1 }),
        Legacy<EventRecord>.property("ends", get: { $0.ends }, set: { $0.ends = $1 }),
        Legacy<EventRecord>.timeSpan("duration", get: { $0.duration }, set: { $0.duration = $1 }),
        Legacy<EventRecord>.timeSpan("reminder", get: { $0.reminder }, set: { $0.reminder = $1 }),
        Legacy<EventRecord>.timeSpanArray("offsets", get: { $0.offsets }, set: { $0.offsets = $1 }),
        Legacy<EventRecord>.property("lastChanged", get: { $0.lastChanged }, set: { $0.lastChanged = $1 }),
        Legacy<EventRecord>.property("score", get: { $0.score }, set: { $0.score = $1 }),
        Legacy<EventRecord>.property("isPublic", get: { $0.isPublic }, set: { $0.isPublic = $1 }),
        Legacy<EventRecord>.property("tags", get: { $0.tags }, set: { $0.tags = $1 }),
        Legacy<EventRecord>.property("channels", get: { $0.channels }, set: { $0.channels = $1 }),
        Legacy<EventRecord>.property("labels", get: { $0.labels }, set: { $0.labels = $1 }),
        Legacy<EventRecord>.property("counters", get: { $0.counters }, set: { $0.counters = $1 }),
        Legacy<EventRecord>.property("milestones", get: { $0.milestones }, set: { $0.milestones = $1 }),
        Legacy<EventRecord>.timeSpanDictionary("timeouts", get: { $0.timeouts }, set: { $0.timeouts = $1 }),
        Legacy<EventRecord>.property("location", get: { $0.location }, set: { $0.location = $1 }),
        Legacy<EventRecord>.property("attendees", get: { $0.attendees }, set: { $0.attendees = $1 }),
    ]
}

extension Location: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<Location>.property("name", get: { $0.name }, set: { $0.name = $1 }),
        Legacy<Location>.property("latitude", get: { $0.latitude }, set: { $0.latitude = $1 }),
        Legacy<Location>.property("longitude", get: { $0.longitude }, set: { $0.longitude = $1 }),
        Legacy<Location>.property("address", get: { $0.address }, set: { $0.address = $1 }),
    ]
}

extension Address: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<Address>.property("street", get: { $0.street }, set: { $0.street = $1 }),
        Legacy<Address>.property("city", get: { $0.city }, set: { $0.city = $1 }),
        Legacy<Address>.property("postalCode", get: { $0.postalCode }, set: { $0.postalCode = $1 }),
        Legacy<Address>.property("country", get: { $0.country }, set: { $0.country = $1 }),
    ]
}

extension Attendee: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<Attendee>.property("name", get: { $0.name }, set: { $0.name = $1 }),
        Legacy<Attendee>.property("email", get: { $0.email }, set: { $0.email = $1 }),
        Legacy<Attendee>.property("channel", get: { $0.channel }, set: { $0.channel = $1 }),
        Legacy<Attendee>.property("respondedAt", get: { $0.respondedAt }, set: { $0.respondedAt = $1 }),
        Legacy<Attendee>.timeSpan("delay", get: { $0.delay }, set: { $0.delay = $1 }),
    ]
}

extension EventStatus: LegacyValue {}
extension Severity: LegacyValue {}
extension Channel: LegacyValue {}

// MARK: - Blazor Gallery snapshot (payload 4)

extension JobApplication: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<JobApplication>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<JobApplication>.property("jobId", get: { $0.jobId }, set: { $0.jobId = $1 }),
        Legacy<JobApplication>.property("contactId", get: { $0.contactId }, set: { $0.contactId = $1 }),
        Legacy<JobApplication>.property("position", get: { $0.position }, set: { $0.position = $1 }),
        Legacy<JobApplication>.property("applicant", get: { $0.applicant }, set: { $0.applicant = $1 }),
        Legacy<JobApplication>.property("comments", get: { $0.comments }, set: { $0.comments = $1 ?? [] }),
        Legacy<JobApplication>.property("appliedDate", get: { $0.appliedDate }, set: { $0.appliedDate = $1 }),
        Legacy<JobApplication>.property(
            "applicationStatus", get: { $0.applicationStatus }, set: { $0.applicationStatus = $1 }),
        Legacy<JobApplication>.property("attachments", get: { $0.attachments }, set: { $0.attachments = $1 ?? [] }),
        Legacy<JobApplication>.property("events", get: { $0.events }, set: { $0.events = $1 ?? [] }),
        Legacy<JobApplication>.property("phoneScreen", get: { $0.phoneScreen }, set: { $0.phoneScreen = $1 }),
        Legacy<JobApplication>.property("interview", get: { $0.interview }, set: { $0.interview = $1 }),
        Legacy<JobApplication>.property("jobOffer", get: { $0.jobOffer }, set: { $0.jobOffer = $1 }),
    ]
}

extension Job: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<Job>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<Job>.property("title", get: { $0.title }, set: { $0.title = $1 }),
        Legacy<Job>.property("employmentType", get: { $0.employmentType }, set: { $0.employmentType = $1 }),
        Legacy<Job>.property("company", get: { $0.company }, set: { $0.company = $1 }),
        Legacy<Job>.property("location", get: { $0.location }, set: { $0.location = $1 }),
        Legacy<Job>.property("salaryRangeLower", get: { $0.salaryRangeLower }, set: { $0.salaryRangeLower = $1 }),
        Legacy<Job>.property("salaryRangeUpper", get: { $0.salaryRangeUpper }, set: { $0.salaryRangeUpper = $1 }),
        Legacy<Job>.property("description", get: { $0.description }, set: { $0.description = $1 }),
        Legacy<Job>.property("applications", get: { $0.applications }, set: { $0.applications = $1 ?? [] }),
        Legacy<Job>.property("closing", get: { $0.closing }, set: { $0.closing = $1 }),
        Legacy<Job>.property("createdDate", get: { $0.createdDate }, set: { $0.createdDate = $1 }),
        Legacy<Job>.property("createdBy", get: { $0.createdBy }, set: { $0.createdBy = $1 }),
        Legacy<Job>.property("modifiedDate", get: { $0.modifiedDate }, set: { $0.modifiedDate = $1 }),
        Legacy<Job>.property("modifiedBy", get: { $0.modifiedBy }, set: { $0.modifiedBy = $1 }),
        Legacy<Job>.property("deletedDate", get: { $0.deletedDate }, set: { $0.deletedDate = $1 }),
        Legacy<Job>.property("deletedBy", get: { $0.deletedBy }, set: { $0.deletedBy = $1 }),
    ]
}

extension Contact: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<Contact>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<Contact>.property("displayName", get: { $0.displayName }, set: { $0.displayName = $1 }),
        Legacy<Contact>.property("profileUrl", get: { $0.profileUrl }, set: { $0.profileUrl = $1 }),
        Legacy<Contact>.property("firstName", get: { $0.firstName }, set: { $0.firstName = $1 }),
        Legacy<Contact>.property("lastName", get: { $0.lastName }, set: { $0.lastName = $1 }),
        Legacy<Contact>.property(
            "salaryExpectation", get: { $0.salaryExpectation }, set: { $0.salaryExpectation = $1 }),
        Legacy<Contact>.property("jobType", get: { $0.jobType }, set: { $0.jobType = $1 }),
        Legacy<Contact>.property(
            "availabilityWeeks", get: { $0.availabilityWeeks }, set: { $0.availabilityWeeks = $1 }),
        Legacy<Contact>.property(
            "preferredWorkType", get: { $0.preferredWorkType }, set: { $0.preferredWorkType = $1 }),
        Legacy<Contact>.property(
            "preferredLocation", get: { $0.preferredLocation }, set: { $0.preferredLocation = $1 }),
        Legacy<Contact>.property("email", get: { $0.email }, set: { $0.email = $1 }),
        Legacy<Contact>.property("phone", get: { $0.phone }, set: { $0.phone = $1 }),
        Legacy<Contact>.property("skills", get: { $0.skills }, set: { $0.skills = $1 }),
        Legacy<Contact>.property("about", get: { $0.about }, set: { $0.about = $1 }),
        Legacy<Contact>.property("applications", get: { $0.applications }, set: { $0.applications = $1 ?? [] }),
    ]
}

extension JobApplicationComment: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<JobApplicationComment>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<JobApplicationComment>.property("appUserId", get: { $0.appUserId }, set: { $0.appUserId = $1 }),
        Legacy<JobApplicationComment>.property("appUser", get: { $0.appUser }, set: { $0.appUser = $1 }),
        Legacy<JobApplicationComment>.property(
            "jobApplicationId", get: { $0.jobApplicationId }, set: { $0.jobApplicationId = $1 }),
        Legacy<JobApplicationComment>.property("comment", get: { $0.comment }, set: { $0.comment = $1 }),
        Legacy<JobApplicationComment>.property("createdDate", get: { $0.createdDate }, set: { $0.createdDate = $1 }),
        Legacy<JobApplicationComment>.property("createdBy", get: { $0.createdBy }, set: { $0.createdBy = $1 }),
        Legacy<JobApplicationComment>.property("modifiedDate", get: { $0.modifiedDate }, set: { $0.modifiedDate = $1 }),
        Legacy<JobApplicationComment>.property("modifiedBy", get: { $0.modifiedBy }, set: { $0.modifiedBy = $1 }),
        Legacy<JobApplicationComment>.property("deletedDate", get: { $0.deletedDate }, set: { $0.deletedDate = $1 }),
        Legacy<JobApplicationComment>.property("deletedBy", get: { $0.deletedBy }, set: { $0.deletedBy = $1 }),
    ]
}

extension JobApplicationAttachment: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<JobApplicationAttachment>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<JobApplicationAttachment>.property(
            "jobApplicationId", get: { $0.jobApplicationId }, set: { $0.jobApplicationId = $1 }),
        Legacy<JobApplicationAttachment>.property("fileName", get: { $0.fileName }, set: { $0.fileName = $1 }),
        Legacy<JobApplicationAttachment>.property("filePath", get: { $0.filePath }, set: { $0.filePath = $1 }),
        Legacy<JobApplicationAttachment>.property("contentType", get: { $0.contentType }, set: { $0.contentType = $1 }),
        Legacy<JobApplicationAttachment>.property(
            "contentLength", get: { $0.contentLength }, set: { $0.contentLength = $1 }),
    ]
}

extension JobApplicationEvent: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<JobApplicationEvent>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<JobApplicationEvent>.property(
            "jobApplicationId", get: { $0.jobApplicationId }, set: { $0.jobApplicationId = $1 }),
        Legacy<JobApplicationEvent>.property("appUserId", get: { $0.appUserId }, set: { $0.appUserId = $1 }),
        Legacy<JobApplicationEvent>.property("appUser", get: { $0.appUser }, set: { $0.appUser = $1 }),
        Legacy<JobApplicationEvent>.property("description", get: { $0.description }, set: { $0.description = $1 }),
        Legacy<JobApplicationEvent>.property("status", get: { $0.status }, set: { $0.status = $1 }),
        Legacy<JobApplicationEvent>.property("eventDate", get: { $0.eventDate }, set: { $0.eventDate = $1 }),
        Legacy<JobApplicationEvent>.property("createdDate", get: { $0.createdDate }, set: { $0.createdDate = $1 }),
        Legacy<JobApplicationEvent>.property("createdBy", get: { $0.createdBy }, set: { $0.createdBy = $1 }),
        Legacy<JobApplicationEvent>.property("modifiedDate", get: { $0.modifiedDate }, set: { $0.modifiedDate = $1 }),
        Legacy<JobApplicationEvent>.property("modifiedBy", get: { $0.modifiedBy }, set: { $0.modifiedBy = $1 }),
        Legacy<JobApplicationEvent>.property("deletedDate", get: { $0.deletedDate }, set: { $0.deletedDate = $1 }),
        Legacy<JobApplicationEvent>.property("deletedBy", get: { $0.deletedBy }, set: { $0.deletedBy = $1 }),
    ]
}

extension PhoneScreen: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<PhoneScreen>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<PhoneScreen>.property("appUserId", get: { $0.appUserId }, set: { $0.appUserId = $1 }),
        Legacy<PhoneScreen>.property("appUser", get: { $0.appUser }, set: { $0.appUser = $1 }),
        Legacy<PhoneScreen>.property(
            "jobApplicationId", get: { $0.jobApplicationId }, set: { $0.jobApplicationId = $1 }),
        Legacy<PhoneScreen>.property(
            "applicationStatus", get: { $0.applicationStatus }, set: { $0.applicationStatus = $1 }),
        Legacy<PhoneScreen>.property("notes", get: { $0.notes }, set: { $0.notes = $1 }),
        Legacy<PhoneScreen>.property("createdDate", get: { $0.createdDate }, set: { $0.createdDate = $1 }),
        Legacy<PhoneScreen>.property("createdBy", get: { $0.createdBy }, set: { $0.createdBy = $1 }),
        Legacy<PhoneScreen>.property("modifiedDate", get: { $0.modifiedDate }, set: { $0.modifiedDate = $1 }),
        Legacy<PhoneScreen>.property("modifiedBy", get: { $0.modifiedBy }, set: { $0.modifiedBy = $1 }),
        Legacy<PhoneScreen>.property("deletedDate", get: { $0.deletedDate }, set: { $0.deletedDate = $1 }),
        Legacy<PhoneScreen>.property("deletedBy", get: { $0.deletedBy }, set: { $0.deletedBy = $1 }),
    ]
}

extension Interview: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<Interview>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<Interview>.property("bookingTime", get: { $0.bookingTime }, set: { $0.bookingTime = $1 }),
        Legacy<Interview>.property("jobApplicationId", get: { $0.jobApplicationId }, set: { $0.jobApplicationId = $1 }),
        Legacy<Interview>.property("appUserId", get: { $0.appUserId }, set: { $0.appUserId = $1 }),
        Legacy<Interview>.property("appUser", get: { $0.appUser }, set: { $0.appUser = $1 }),
        Legacy<Interview>.property(
            "applicationStatus", get: { $0.applicationStatus }, set: { $0.applicationStatus = $1 }),
        Legacy<Interview>.property("notes", get: { $0.notes }, set: { $0.notes = $1 }),
        Legacy<Interview>.property("createdDate", get: { $0.createdDate }, set: { $0.createdDate = $1 }),
        Legacy<Interview>.property("createdBy", get: { $0.createdBy }, set: { $0.createdBy = $1 }),
        Legacy<Interview>.property("modifiedDate", get: { $0.modifiedDate }, set: { $0.modifiedDate = $1 }),
        Legacy<Interview>.property("modifiedBy", get: { $0.modifiedBy }, set: { $0.modifiedBy = $1 }),
        Legacy<Interview>.property("deletedDate", get: { $0.deletedDate }, set: { $0.deletedDate = $1 }),
        Legacy<Interview>.property("deletedBy", get: { $0.deletedBy }, set: { $0.deletedBy = $1 }),
    ]
}

extension JobOffer: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<JobOffer>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<JobOffer>.property("salaryOffer", get: { $0.salaryOffer }, set: { $0.salaryOffer = $1 }),
        Legacy<JobOffer>.property("currency", get: { $0.currency }, set: { $0.currency = $1 }),
        Legacy<JobOffer>.property("jobApplicationId", get: { $0.jobApplicationId }, set: { $0.jobApplicationId = $1 }),
        Legacy<JobOffer>.property("appUserId", get: { $0.appUserId }, set: { $0.appUserId = $1 }),
        Legacy<JobOffer>.property("appUser", get: { $0.appUser }, set: { $0.appUser = $1 }),
        Legacy<JobOffer>.property("notes", get: { $0.notes }, set: { $0.notes = $1 }),
        Legacy<JobOffer>.property("createdDate", get: { $0.createdDate }, set: { $0.createdDate = $1 }),
        Legacy<JobOffer>.property("createdBy", get: { $0.createdBy }, set: { $0.createdBy = $1 }),
        Legacy<JobOffer>.property("modifiedDate", get: { $0.modifiedDate }, set: { $0.modifiedDate = $1 }),
        Legacy<JobOffer>.property("modifiedBy", get: { $0.modifiedBy }, set: { $0.modifiedBy = $1 }),
        Legacy<JobOffer>.property("deletedDate", get: { $0.deletedDate }, set: { $0.deletedDate = $1 }),
        Legacy<JobOffer>.property("deletedBy", get: { $0.deletedBy }, set: { $0.deletedBy = $1 }),
    ]
}

extension AppUser: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<AppUser>.property("id", get: { $0.id }, set: { $0.id = $1 }),
        Legacy<AppUser>.property("firstName", get: { $0.firstName }, set: { $0.firstName = $1 }),
        Legacy<AppUser>.property("lastName", get: { $0.lastName }, set: { $0.lastName = $1 }),
        Legacy<AppUser>.property("displayName", get: { $0.displayName }, set: { $0.displayName = $1 }),
        Legacy<AppUser>.property("profileUrl", get: { $0.profileUrl }, set: { $0.profileUrl = $1 }),
    ]
}

extension EmploymentType: LegacyValue {}
extension JobApplicationStatus: LegacyValue {}

// MARK: - ServiceStack built-ins

extension ResponseStatus: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<ResponseStatus>.property("errorCode", get: { $0.errorCode }, set: { $0.errorCode = $1 }),
        Legacy<ResponseStatus>.property("message", get: { $0.message }, set: { $0.message = $1 }),
        Legacy<ResponseStatus>.property("stackTrace", get: { $0.stackTrace }, set: { $0.stackTrace = $1 }),
        Legacy<ResponseStatus>.property("errors", get: { $0.errors }, set: { $0.errors = $1 }),
        Legacy<ResponseStatus>.property("meta", get: { $0.meta }, set: { $0.meta = $1 }),
    ]
}

extension ResponseError: LegacyDTO {
    public static let legacyProperties: [LegacyProperty] = [
        Legacy<ResponseError>.property("errorCode", get: { $0.errorCode }, set: { $0.errorCode = $1 }),
        Legacy<ResponseError>.property("fieldName", get: { $0.fieldName }, set: { $0.fieldName = $1 }),
        Legacy<ResponseError>.property("message", get: { $0.message }, set: { $0.message = $1 }),
        Legacy<ResponseError>.property("meta", get: { $0.meta }, set: { $0.meta = $1 }),
    ]
}

extension QueryResponse: LegacyValue, LegacyDTO where T: LegacyValue {
    public static var legacyProperties: [LegacyProperty] {
        [
            Legacy<QueryResponse<T>>.property("offset", get: { $0.offset }, set: { $0.offset = $1 }),
            Legacy<QueryResponse<T>>.property("total", get: { $0.total }, set: { $0.total = $1 }),
            Legacy<QueryResponse<T>>.property("results", get: { $0.results }, set: { $0.results = $1 }),
            Legacy<QueryResponse<T>>.property("meta", get: { $0.meta }, set: { $0.meta = $1 }),
            Legacy<QueryResponse<T>>.property(
                "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
        ]
    }
}
