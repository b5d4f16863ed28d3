"""Content: blog, help FAQ, contact form, alerts and ads."""
