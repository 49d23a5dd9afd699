@_exported import MessageFormat
