"""The admin audit log: every admin action, written by the domain that performs it, read by admin."""
