/// Picks a notification's title, subtitle and body from `localization_content` (issue 4).
public enum NotificationContentPicker {}
