"""What a scored report tells: its renderings (text, CSV, HTML), two reports compared, and a
release gate's rules checked on one (`audit`)."""
