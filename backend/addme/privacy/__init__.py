"""The member's own data: a self-service export of everything AddMe holds about them (GDPR Art. 15
and 20), built by a job off the request path."""
