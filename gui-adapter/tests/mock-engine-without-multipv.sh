#!/bin/sh
# The stand-in engine of mock-engine.sh as an engine without the MultiPV
# option (an older build, or another program): it refuses to set it.
MOCK_NO_MULTIPV=1 exec "$(dirname "$0")/mock-engine.sh"
