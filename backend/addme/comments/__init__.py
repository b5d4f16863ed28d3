"""Comments on a listing's profile (issue 37): short texts, a thumb, the owner's answer and hiding."""
