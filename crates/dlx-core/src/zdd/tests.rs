//! Tests of the ZDD search against DLX6's figures and our ordinary count.
