"""Reading photos of printed boards: fiducials on the boards, the reader, synthetic photos."""
