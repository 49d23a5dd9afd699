// Intentionally empty: this module only carries the pkg-config link flags of ICU4C.
// No ICU header may be reachable from Swift (Foundation on Linux ships its own ICU).
