"""Benchmark opponents, to measure the product's levels against."""
