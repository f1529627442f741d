#if AsyncHTTPClient
    import AsyncHTTPClient
    import NIOSSL

    extension HTTPClient {
        /// Whether this client follows redirects itself: `true` or `false`, or `nil` when it can't
        /// be told.
        ///
        /// AsyncHTTPClient keeps a client's configuration, and a redirect configuration's mode,
        /// internal (`HTTPClient.configuration`, `RedirectConfiguration.mode`, as of 1.37), so they
        /// are read by reflection. ``AsyncHTTPClientTransport`` needs to know before it sends
        /// anything: such a client forwards custom credential headers (`X-API-Key`) to the other
        /// origin of a redirect before EndpointKit sees the redirect. The test "The redirect mode of
        /// an HTTPClient is read from its configuration" fails if AsyncHTTPClient changes the layout;
        /// until then the transport still notices a followed redirect after the fact.
        var followsRedirectsItself: Bool? {
            guard let mode = Mirror(reflecting: self).descendant("configuration", "redirectConfiguration", "mode")
            else { return nil }
            // `enum Mode { case disallow; case follow(FollowConfiguration) }`
            let mirror = Mirror(reflecting: mode)
            guard mirror.displayStyle == .enum else { return nil }
            if mirror.children.first?.label == "follow" { return true }
            if mirror.children.isEmpty, String(describing: mode) == "disallow" { return false }
            return nil
        }
    }

    extension HTTPClient {
        /// The proxy of the client's configuration (which AsyncHTTPClient keeps internal), read by
        /// reflection as ``followsRedirectsItself`` is, to name it in a `ProxyFailure`.
        var configuredProxy: HTTPClient.Configuration.Proxy? {
            Mirror(reflecting: self).descendant("configuration", "proxy") as? HTTPClient.Configuration.Proxy
        }

        /// The HTTP versions of the client's configuration, read by reflection as
        /// ``followsRedirectsItself`` is; `nil` when it can't be read.
        var configuredHTTPVersion: HTTPClient.Configuration.HTTPVersion? {
            Mirror(reflecting: self).descendant("configuration", "httpVersion") as? HTTPClient.Configuration.HTTPVersion
        }

        /// The TLS configuration of the client's configuration, read by reflection as
        /// ``followsRedirectsItself`` is; `nil` when it has none or it can't be read. The transport
        /// then sets each HTTPS request's configuration, which has the same effect.
        var configuredTLSConfiguration: TLSConfiguration? {
            Mirror(reflecting: self).descendant("configuration", "tlsConfiguration") as? TLSConfiguration
        }
    }
#endif
