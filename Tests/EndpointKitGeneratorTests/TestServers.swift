// Every suite of this target finds the local test servers, and skips without them, through
// TestServers (Tests/Servers/Locators, one module for every test target): its locators and
// `.requires…` traits are visible in each file of this target.
@_exported import TestServers
