"""The groups routers (HTTP edge): one module an area, mounted in api/main.py."""
