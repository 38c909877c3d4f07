"""The decorator every kernel function uses, and whether kernels run compiled.

Normally :func:`njit` is ``numba.njit(cache=True)``: each kernel is compiled on its first
call and the machine code is kept in numba's on-disk cache (next to the sources when that
is writable, else in a per-user cache directory), so later processes start warm
(:func:`njit_inline` is the same for a kernel compiled into its callers).
Importing this module first drops those cached kernels if any kernel source changed
since (:mod:`.cache_guard`): numba alone only notices a change to a function's own file.
``NUMBA_DISABLE_JIT=1`` makes numba hand back the plain Python function; the kernels are
written so that the same source then runs on numpy scalars (slowly), which is how the
tests cover their logic without compiling. Without numba installed at all, :func:`njit`
is the identity and the kernels run the same way: the expert still plays, slowly.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

try:
    import numba
except ImportError:  # a platform without numba wheels: run the kernels as Python
    COMPILED = False
    """True when kernels run as machine code; False with NUMBA_DISABLE_JIT=1 or no numba."""

    def njit(func: F) -> F:
        """The identity: without numba the kernels run as plain Python."""
        return func

    njit_inline = njit

else:
    from shared.ai.kernel import cache_guard

    COMPILED = not getattr(numba.config, "DISABLE_JIT")
    if COMPILED:  # before any kernel module decorates (and so may load) a kernel
        cache_guard.refresh()

    def njit(func: F) -> F:
        """Compile ``func`` with numba (cached on disk); numba returns it unchanged when
        NUMBA_DISABLE_JIT=1."""
        return cast(F, numba.njit(cache=True)(func))

    def njit_inline(func: F) -> F:
        """:func:`njit`, but compiled into every caller (numba's own inlining) rather than
        called: for hot helpers that take arrays, whose calls cost more than their work
        (each array argument is reference counted on the way in and out)."""
        return cast(F, numba.njit(cache=True, inline="always")(func))
