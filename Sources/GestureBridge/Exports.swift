// The daemon's clients' reader (its state file, its monitor stream) lives
// in GestureClient, which the settings app links without the daemon; what
// links the daemon sees it through here as before.
@_exported import GestureClient
