"""`lazy`: a property computed on first read and kept on the instance, as
`functools.cached_property` does but without its lock (Python 3.11 takes an RLock on every first
read; the matcher's readings are made and read in the hundreds of thousands, on one thread)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class lazy(Generic[T]):  # noqa: N801 - reads like the decorator it replaces
    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> lazy[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> T | lazy[T]:
        if instance is None:
            return self
        value = self.compute(instance)
        instance.__dict__[self.name] = value  # a non-data descriptor: the instance's value wins next time
        return value
