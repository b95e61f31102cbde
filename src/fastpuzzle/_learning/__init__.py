"""The clause-learning engine the 01-game and pixel kernels share (``engine.pxd``, ``_fp_learn.h``, ``plug.pxi``),
and its pure-Python twin (:mod:`.twin`) that their twins share."""
