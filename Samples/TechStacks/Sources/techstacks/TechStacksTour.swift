import DTOKit
import DTOKitClient
import DTOKitServerEvents
import DTOs
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The calls the sample makes, each printing a short readable result.
struct TechStacksTour {
    let client: JsonServiceClient
    /// Whether the server is the bundled demo server, which can be asked to publish events.
    let isDemoServer: Bool

    func run() async throws {
        try await overview()
        try await technologyBySlug("servicestack")
        try await findTechnologies()
        try await batch()
        await errorHandling()
        await submitForm()
        try await liveFeed()
        try await decodingTiming()
    }

    /// `AppOverview`: the top technologies.
    private func overview() async throws {
        let response = try await client.sendAsync(AppOverview())
        heading("Top technologies (AppOverview)")
        for info in (response.topTechnologies ?? []).prefix(5) {
            print("  \(pad(info.name, 22)) \(pad(info.tier.map { "\($0)" }, 20)) \(info.stacksCount ?? 0) stacks")
        }
    }

    /// `GetTechnology`, sent to its custom route `/technology/{Slug}`.
    private func technologyBySlug(_ slug: String) async throws {
        let request = GetTechnology()
        request.slug = slug
        let response = try await client.getAsync(request)
        heading("Technology by slug (GET /technology/\(slug))")
        guard let technology = response.technology else {
            print("  not found")
            return
        }
        print(
            "  \(technology.name ?? "?") by \(technology.vendorName ?? "?") — \(technology.tier.map { "\($0)" } ?? "no tier")"
        )
        print(
            "  \(technology.viewCount ?? 0) views, \(technology.favCount ?? 0) favorites, used by \(response.technologyStacks?.count ?? 0) stacks"
        )
        if let created = technology.created {
            print("  created \(created.formatted(date: .abbreviated, time: .omitted))")
        }
    }

    /// `FindTechnologies`: AutoQuery with paging, ordering and a `NameContains` search.
    private func findTechnologies() async throws {
        heading("FindTechnologies (AutoQuery)")
        for page in 0..<2 {
            let query = FindTechnologies()
            query.orderByDesc = "ViewCount"
            query.take = 3
            query.skip = page * 3
            query.include = "Total"
            let result = try await client.getAsync(query)
            let names = (result.results ?? []).map { "\($0.name ?? "?") (\($0.viewCount ?? 0))" }
            print("  page \(page + 1) of \(pages(result.total, 3)): \(names.joined(separator: ", "))")
        }
        let search = FindTechnologies()
        search.nameContains = "sql"
        search.include = "Total"
        let found = try await client.getAsync(search)
        let names = (found.results ?? []).prefix(6).compactMap(\.name)
        print("  nameContains \"sql\": \(found.total ?? names.count) matches, e.g. \(names.joined(separator: ", "))")
    }

    /// `sendAll`: three `GetTechnology` requests in one call (`POST /api/GetTechnology[]`).
    private func batch() async throws {
        let requests = ["redis", "postgresql", "servicestack"].map { slug in
            let request = GetTechnology()
            request.slug = slug
            return request
        }
        let responses = try await client.sendAllAsync(requests)
        heading("Three requests in one call (sendAll)")
        print("  " + responses.map { $0.technology?.name ?? "?" }.joined(separator: ", "))
    }

    /// `api`: what a form binds to. A CreateTechnology the server's validators reject gives one
    /// message per field, shown beside the fields, and a summary of what no field shows.
    private func submitForm() async {
        let request = CreateTechnology()
        request.name = ""
        request.slug = "redis-cluster-with-sentinel-and-automatic-failover-for-production-use"
        request.productUrl = "redis.io/topics/cluster-tutorial"
        request.vendorName = "Redis"
        let result = await client.apiAsync(request)
        heading("Submitting a form (api → ApiResult)")
        if let created = result.response?.result {
            print("  created \(created.name ?? "?") (\(created.slug ?? "?"))")
            return
        }
        let shownFields = ["name", "slug"]
        print("  \(result.statusCode.map { "HTTP \($0) " } ?? "")\(result.errorCode ?? "error")")
        for field in shownFields {
            print("  \(pad(field, 12)) \(result.fieldErrorMessage(field) ?? "ok")")
        }
        print("  above the form: \(result.summaryMessage(exceptFields: shownFields) ?? "-")")
    }

    /// Server Events: subscribe to a channel and print what arrives for a few seconds. On the demo
    /// server the tour publishes two updates itself (a typed `Technology` and a plain command).
    private func liveFeed() async throws {
        heading("A live feed (Server Events on channel \"techstacks\")")
        let events = ServerEventsClient(client: client, channels: ["techstacks"])
        let feed = Task {
            for try await event in events.events {
                switch event {
                case .connected(let subscription):
                    print("  connected as \(subscription.user.displayName ?? "?") (subscription \(subscription.id))")
                    if isDemoServer { try await publishDemoEvents() }
                case .joined(let user, _):
                    print("  \(user.displayName ?? "someone") joined")
                case .message(let message) where message.target == "Technology":
                    let technology = try message.decode(Technology.self)
                    print("  \(message.selector): \(technology.name ?? "?") now has \(technology.viewCount ?? 0) views")
                case .message(let message):
                    print("  \(message.selector) \(message.json)")
                case .disconnected(let error, let retryIn):
                    print("  disconnected (\(error)); reconnecting in \(String(format: "%.1f", retryIn)) s")
                case .left, .updated, .invalidEvent:
                    break
                }
            }
        }
        try? await Task.sleep(nanoseconds: isDemoServer ? 1_000_000_000 : 5_000_000_000)
        await events.stop()  // unregisters; the loop above ends
        _ = await feed.result
    }

    /// Asks the demo server to publish to the channel, as a ServiceStack service would with
    /// `ServerEvents.NotifyChannel("techstacks", technology)`.
    private func publishDemoEvents() async throws {
        let technology = Technology()
        technology.name = "ServiceStack"
        technology.viewCount = 26217
        try await publish("cmd.Technology", technology.toJson())
        try await publish("trigger.refreshStacks", #"{"reason":"new stack"}"#)
    }

    private func publish(_ selector: String, _ json: String) async throws {
        var request = URLRequest(
            url: try URL(string: client.baseUrl + "_test/events/notify?channel=techstacks&selector=\(selector)")
                .orThrow("bad URL"))
        request.httpMethod = "POST"
        request.httpBody = Data(json.utf8)
        _ = try await client.executeAsync(ServiceCall(method: .post, destination: .urlRequest(request)))
    }

    /// What failures look like: the server's ResponseStatus, or a transport error.
    private func errorHandling() async {
        heading("Error handling")
        let request = GetTechnology()
        request.slug = "no-such-technology"
        do {
            _ = try await client.getAsync(request)
            print("  unexpectedly found \(request.slug ?? "")")
        } catch let error as WebServiceException {
            print(
                "  GET /technology/no-such-technology → HTTP \(error.statusCode) \(error.errorCode): \(error.errorMessage)"
            )
        } catch {
            print("  \(error)")
        }
        let offline = JsonServiceClient(baseUrl: "http://127.0.0.1:9")
        offline.timeout = 2
        do {
            _ = try await offline.getAsync(GetAllTechnologies())
        } catch {
            print("  a server that is not there → \(error)")
        }
    }

    /// Decodes the largest response (1000 technologies, ~1 MB) with DTOKit and with JSONDecoder.
    private func decodingTiming() async throws {
        let data = try await client.getDataAsync(GetAllTechnologies())
        let dtokit = try median { _ = try GetAllTechnologiesResponse.fromJson(data) }
        let decoder = JSONDecoder.serviceStack()
        let codable = try median { _ = try decoder.decode(GetAllTechnologiesResponse.self, from: data) }
        heading("Decoding GetAllTechnologies")
        let megabytes = Double(data.count) / 1_000_000
        print(
            String(
                format: "  %.2f MB, 1000 technologies: DTOKit %.1f ms, Codable (JSONDecoder) %.1f ms — %.1f× faster",
                megabytes, dtokit * 1000, codable * 1000, codable / dtokit))
        #if DEBUG
        print(
            "  (debug build; `swift run -c release --package-path Samples/TechStacks techstacks` for representative numbers)"
        )
        #endif
    }

    // MARK: Formatting

    private func heading(_ title: String) {
        print("\n\(title)")
    }

    private func pad(_ text: String?, _ width: Int) -> String {
        let value = text ?? "-"
        return value.count >= width ? value : value + String(repeating: " ", count: width - value.count)
    }

    private func pages(_ total: Int?, _ size: Int) -> String {
        guard let total else { return "?" }
        return String((total + size - 1) / size)
    }

    /// The median wall time of 5 runs, in seconds, after one warm-up run.
    private func median(_ body: () throws -> Void) throws -> Double {
        try body()
        var times: [Double] = []
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[2]
    }
}

extension Optional {
    /// The value, or an error saying `what` is missing.
    func orThrow(_ what: String) throws -> Wrapped {
        guard let value = self else { throw SampleError(what) }
        return value
    }
}
