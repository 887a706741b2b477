"""The annotation helpers init / anchor / migrate, and Label Studio."""
