import DTOKit

/// An `Authenticate` request of the credentials provider: how the suites sign in to the test server.
func credentialsSignIn(_ userName: String, _ password: String) -> Authenticate {
    let request = Authenticate()
    request.provider = "credentials"
    request.userName = userName
    request.password = password
    return request
}
