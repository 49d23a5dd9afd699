// Intentionally empty: this module only carries the pkg-config flags of HarfBuzz (harfbuzz).
