"""The package version, in one place (the package metadata and the manifests read it)."""

__version__ = "0.1.0"
