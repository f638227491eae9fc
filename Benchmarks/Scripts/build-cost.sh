#!/usr/bin/env bash
# What DTOKit costs a user's build: compile time and object code of the generated accessors against
# Codable on the same classes, the clean debug and release builds of a package that uses DTOKit and the
# size of its release binary, and (given the path of ServiceStack.Swift) the same package built with
# ServiceStack.Swift and its Codable dtos.swift, side by side in one run.
#
#   Benchmarks/Scripts/build-cost.sh [--runs N] [--only same-classes,package,linear] [--snapshot PATH] [SERVICESTACK_SWIFT_PATH]
#
# e.g. Benchmarks/Scripts/build-cost.sh ../shared/anchors/servicestack-swift
# Needs only the Swift toolchain and python3; the work happens in a temporary folder. See build-cost.py.
set -euo pipefail
exec python3 "$(dirname "$0")/build-cost.py" "$@"
