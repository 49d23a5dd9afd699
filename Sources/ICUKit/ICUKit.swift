// ICUKit: Swift wrappers over CICU.
