extension Template {
    /// The Android string resource name of `field`'s text in `loc-key` mode: the field's key
    /// from `loc-keys:` (default `<template key>.<field>`), with every character Android does not
    /// allow in a resource name (anything but ASCII letters, digits and `_`) written as `_`, and
    /// `_` put first when it would start with a digit. FCM's `title_loc_key`/`body_loc_key` and
    /// `pushloc export android` both use it, so the app finds the strings the server names.
    /// - Parameter field: a text field of the template.
    /// - Returns: the resource name.
    public func androidStringName(_ field: MessageField) -> String {
        let key = locKeys[field] ?? "\(self.key).\(field.rawValue)"
        var name = String(
            String.UnicodeScalarView(
                key.unicodeScalars.map { scalar in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                        || scalar == "_" ? scalar : "_"
                }
            )
        )
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
        return name
    }
}
