"""Local swipes: VIP and Studio members browse checked-in usernames nearby."""
