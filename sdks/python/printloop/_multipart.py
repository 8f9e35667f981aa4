"""multipart/form-data bodies, built with the standard library (``POST /v1/files``)."""

from __future__ import annotations

import os
import uuid
from typing import IO, Any, List, Optional, Tuple, Union

FileInput = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]


def _quote(value: str) -> str:
    """A header parameter value, quoted as browsers do (RFC 7578): CR, LF and ``"`` percent-encoded."""
    return value.replace("\r", "%0D").replace("\n", "%0A").replace('"', "%22")


def read_file(file: FileInput, filename: Optional[str]) -> Tuple[bytes, str]:
    """The bytes and the file name of a path, a bytes value or a binary file object."""
    if isinstance(file, (str, os.PathLike)):
        path = os.fspath(file)
        with open(path, "rb") as fh:
            data = fh.read()
        return data, filename or os.path.basename(path)
    if isinstance(file, (bytes, bytearray, memoryview)):
        if not filename:
            raise ValueError("Give filename= (e.g. 'part.stl') with bytes: the extension tells the format.")
        return bytes(file), filename
    read = getattr(file, "read", None)
    if read is None:
        raise TypeError("file must be a path, bytes or a binary file object (open(path, 'rb')).")
    data = read()
    if isinstance(data, str):
        raise TypeError("Open the file in binary mode: open(path, 'rb').")
    name = filename or os.path.basename(str(getattr(file, "name", "") or ""))
    if not name:
        raise ValueError("Give filename= (e.g. 'part.stl'): this file object has no name.")
    return bytes(data), name


def encode(fields: List[Tuple[str, str]], file_field: str, filename: str, data: bytes) -> Tuple[bytes, str]:
    """The body and its Content-Type: the text ``fields`` first (the server reads them before the file),
    then the file."""
    boundary = f"----printloop-{uuid.uuid4().hex}"
    out: List[bytes] = []
    for name, value in fields:
        out.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{_quote(name)}"\r\n\r\n'.encode("utf-8")
        )
        out.append(value.encode("utf-8"))
        out.append(b"\r\n")
    out.append(
        (
            f"--{boundary}\r\n"
            f'Content-Disposition: form-data; name="{_quote(file_field)}"; filename="{_quote(filename)}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode("utf-8")
    )
    out.append(data)
    out.append(f"\r\n--{boundary}--\r\n".encode("utf-8"))
    return b"".join(out), f"multipart/form-data; boundary={boundary}"


__all__: List[Any] = ["FileInput", "read_file", "encode"]
