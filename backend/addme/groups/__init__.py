"""Groups: members list their group chats; creating one costs a Top-Up."""
