#!/usr/bin/env python3
"""Small client and library for the LZF HTTP content coding (``Content-Encoding: lzf``).

The LZF coding is the chunked "ZV" stream format of the C ``lzf`` tool and of the
Java library com.ning:compress-lzf. A stream is a sequence of chunks::

    'Z' 'V' 0x00  LEN(2, big-endian)                 LEN raw bytes
    'Z' 'V' 0x01  CLEN(2, big-endian) ULEN(2, b-e)   CLEN bytes of an LZF block
                                                     (liblzf's lzf_compress) that
                                                     decode to exactly ULEN bytes

A chunk holds at most 65535 bytes of original data. An empty stream (no chunks,
zero bytes) decodes to empty data.

Library use::

    from lzf_client import zv_encode, zv_decode
    assert zv_decode(zv_encode(b"hello"), max_size=1 << 20) == b"hello"

Command line (run ``scripts/setup-python.sh`` first; it prints the venv python)::

    lzf_client.py get URL [--accept-encoding lzf] [--out FILE]
    lzf_client.py post URL --file FILE [--content-type T] [--out FILE]
    lzf_client.py selftest

``get`` and ``post`` print the status line and the Content-Encoding and
Content-Length headers to stderr, decode the body (lzf, gzip or identity) and
write it to --out or stdout. They exit 0 on a 2xx status and 1 otherwise.

Dependencies: the standard library, python-lzf (module ``lzf``) and requests.
"""

import argparse
import gzip
import io
import random
import struct
import sys

import lzf

MAGIC = b"ZV"
TYPE_UNCOMPRESSED = 0
TYPE_COMPRESSED = 1
UNCOMPRESSED_HEADER_LEN = 5  # 'Z' 'V' type LEN(2)
COMPRESSED_HEADER_LEN = 7  # 'Z' 'V' type CLEN(2) ULEN(2)
MAX_CHUNK_LEN = 0xFFFF  # original bytes per chunk, limited by the 2-byte length
DEFAULT_MAX_SIZE = 64 * 1024 * 1024  # bound on decoded (and received) bodies
READ_BLOCK = 64 * 1024


# --------------------------------------------------------------------------
# ZV stream format
# --------------------------------------------------------------------------

def zv_encode(data: bytes) -> bytes:
    """Encode ``data`` as an LZF "ZV" stream.

    The input is cut into chunks of at most 65535 bytes. A chunk is stored
    compressed (type 1) when ``lzf.compress`` returns a block that makes the
    chunk shorter than storing it raw (type 0), counting the compressed chunk's
    two extra header bytes; otherwise it is stored uncompressed. Empty input
    gives an empty stream.
    """
    data = bytes(data)
    out = bytearray()
    for offset in range(0, len(data), MAX_CHUNK_LEN):
        chunk = data[offset:offset + MAX_CHUNK_LEN]
        block = lzf.compress(chunk)  # None when it does not fit in len(chunk) - 1
        if block is not None and COMPRESSED_HEADER_LEN + len(block) < UNCOMPRESSED_HEADER_LEN + len(chunk):
            out += MAGIC + struct.pack(">BHH", TYPE_COMPRESSED, len(block), len(chunk))
            out += block
        else:
            out += MAGIC + struct.pack(">BH", TYPE_UNCOMPRESSED, len(chunk))
            out += chunk
    return bytes(out)


def zv_decode(data: bytes, max_size: int = DEFAULT_MAX_SIZE) -> bytes:
    """Decode an LZF "ZV" stream and return the original bytes.

    Strict: every chunk must start with ``ZV`` and a known type byte, carry
    complete headers and payloads, and a compressed chunk must decode to
    exactly its declared length. Raises ``ValueError`` (with the chunk number
    and byte offset) on truncated or corrupt input, and when the decoded data
    would be larger than ``max_size`` bytes (checked before decompressing).
    """
    data = bytes(data)
    total = len(data)
    out = bytearray()
    pos = 0
    chunk_no = 0
    while pos < total:
        where = "chunk #%d at offset %d" % (chunk_no, pos)
        if total - pos < UNCOMPRESSED_HEADER_LEN:
            raise ValueError("truncated LZF stream: %d byte(s) left, too few for the header of %s"
                             % (total - pos, where))
        if data[pos:pos + 2] != MAGIC:
            raise ValueError("corrupt LZF stream: %s starts with %r, expected %r"
                             % (where, data[pos:pos + 2], MAGIC))
        chunk_type = data[pos + 2]

        if chunk_type == TYPE_UNCOMPRESSED:
            (length,) = struct.unpack_from(">H", data, pos + 3)
            pos += UNCOMPRESSED_HEADER_LEN
            _check_room(len(out), length, max_size, where)
            payload = data[pos:pos + length]
            if len(payload) != length:
                raise ValueError("truncated LZF stream: %s declares %d byte(s), only %d present"
                                 % (where, length, len(payload)))
            out += payload
            pos += length

        elif chunk_type == TYPE_COMPRESSED:
            if total - pos < COMPRESSED_HEADER_LEN:
                raise ValueError("truncated LZF stream: incomplete header of compressed %s" % where)
            comp_len, orig_len = struct.unpack_from(">HH", data, pos + 3)
            pos += COMPRESSED_HEADER_LEN
            if comp_len == 0 or orig_len == 0:
                raise ValueError("corrupt LZF stream: compressed %s has zero length (compressed %d, original %d)"
                                 % (where, comp_len, orig_len))
            _check_room(len(out), orig_len, max_size, where)
            block = data[pos:pos + comp_len]
            if len(block) != comp_len:
                raise ValueError("truncated LZF stream: %s declares %d compressed byte(s), only %d present"
                                 % (where, comp_len, len(block)))
            try:
                decoded = lzf.decompress(block, orig_len)
            except ValueError as exc:
                raise ValueError("corrupt LZF stream: %s does not decompress (%s)" % (where, exc)) from None
            if decoded is None or len(decoded) != orig_len:
                got = "more than %d" % orig_len if decoded is None else str(len(decoded))
                raise ValueError("corrupt LZF stream: %s decompresses to %s byte(s), header says %d"
                                 % (where, got, orig_len))
            out += decoded
            pos += comp_len

        else:
            raise ValueError("corrupt LZF stream: %s has unknown type %d (expected 0 or 1)"
                             % (where, chunk_type))
        chunk_no += 1
    return bytes(out)


def _check_room(have: int, more: int, max_size: int, where: str) -> None:
    """Raise ValueError if appending ``more`` bytes to ``have`` exceeds ``max_size``."""
    if have + more > max_size:
        raise ValueError("LZF stream too large: %s would bring the output to %d bytes, limit is %d"
                         % (where, have + more, max_size))


# --------------------------------------------------------------------------
# HTTP
# --------------------------------------------------------------------------

def gzip_decode(data: bytes, max_size: int = DEFAULT_MAX_SIZE) -> bytes:
    """Decode a gzip body, reading at most ``max_size`` bytes (ValueError beyond)."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            decoded = stream.read(max_size + 1)
    except (OSError, EOFError) as exc:
        raise ValueError("corrupt gzip body: %s" % exc) from None
    if len(decoded) > max_size:
        raise ValueError("gzip body too large: more than %d bytes decoded" % max_size)
    return decoded


def decode_body(body: bytes, content_encoding: str, max_size: int = DEFAULT_MAX_SIZE) -> bytes:
    """Undo a Content-Encoding header value (e.g. ``lzf``, ``gzip``, ``identity``).

    A list such as ``gzip, lzf`` is undone last coding first. Raises ValueError
    for unsupported codings and for corrupt or oversized bodies.
    """
    codings = [c.strip().lower() for c in (content_encoding or "").split(",") if c.strip()]
    for coding in reversed(codings):
        if coding == "lzf":
            body = zv_decode(body, max_size)
        elif coding in ("gzip", "x-gzip"):
            body = gzip_decode(body, max_size)
        elif coding == "identity":
            pass
        else:
            raise ValueError("unsupported Content-Encoding %r" % coding)
    return body


def read_raw_body(resp, limit: int) -> bytes:
    """Read the still-encoded response body (``stream=True``), at most ``limit`` bytes.

    requests does not know the lzf coding, so the bytes are taken from
    ``resp.raw`` with ``decode_content=False`` and decoded by ``decode_body``.
    """
    import urllib3  # installed with requests; its read errors are not OSError

    buf = bytearray()
    while True:
        try:
            block = resp.raw.read(READ_BLOCK, decode_content=False)
        except urllib3.exceptions.HTTPError as exc:
            raise ValueError("error reading response body: %s" % exc) from None
        if not block:
            return bytes(buf)
        buf += block
        if len(buf) > limit:
            raise ValueError("response body too large: more than %d encoded bytes" % limit)


def _raw_limit(max_size: int) -> int:
    """Encoded bytes allowed for ``max_size`` decoded bytes: data plus worst-case chunk headers."""
    return max_size + (max_size // MAX_CHUNK_LEN + 1) * COMPRESSED_HEADER_LEN


def exchange(method: str, url: str, *, headers: dict, data: bytes = None,
             max_size: int = DEFAULT_MAX_SIZE, timeout: float = 30.0):
    """Send one request and return ``(response, decoded_body)``.

    Prints the status line and the Content-Encoding / Content-Length headers
    of the response to stderr.
    """
    import requests  # imported here so the library part works without it

    with requests.request(method, url, headers=headers, data=data, stream=True, timeout=timeout) as resp:
        print("HTTP %d %s" % (resp.status_code, resp.reason or ""), file=sys.stderr)
        print("Content-Encoding: %s" % resp.headers.get("Content-Encoding", "(none)"), file=sys.stderr)
        print("Content-Length: %s" % resp.headers.get("Content-Length", "(none)"), file=sys.stderr)
        raw = read_raw_body(resp, _raw_limit(max_size))
    body = decode_body(raw, resp.headers.get("Content-Encoding", ""), max_size)
    print("Decoded body: %d bytes (%d on the wire)" % (len(body), len(raw)), file=sys.stderr)
    return resp, body


def write_output(body: bytes, out_path) -> None:
    """Write ``body`` to ``out_path``, or to stdout when it is None."""
    if out_path:
        with open(out_path, "wb") as f:
            f.write(body)
    else:
        sys.stdout.buffer.write(body)
        sys.stdout.buffer.flush()


def cmd_get(args) -> int:
    """``get``: GET the URL with the chosen Accept-Encoding, decode, write the body."""
    headers = {"Accept-Encoding": args.accept_encoding}
    resp, body = exchange("GET", args.url, headers=headers, max_size=args.max_size, timeout=args.timeout)
    write_output(body, args.out)
    return 0 if 200 <= resp.status_code < 300 else 1


def cmd_post(args) -> int:
    """``post``: POST the file LZF-encoded (Content-Encoding: lzf), decode, write the reply."""
    with open(args.file, "rb") as f:
        payload = f.read()
    encoded = zv_encode(payload)
    print("Request body: %d bytes, %d LZF-encoded" % (len(payload), len(encoded)), file=sys.stderr)
    headers = {
        "Content-Type": args.content_type,
        "Content-Encoding": "lzf",
        "Accept-Encoding": args.accept_encoding,
    }
    resp, body = exchange("POST", args.url, headers=headers, data=encoded,
                          max_size=args.max_size, timeout=args.timeout)
    write_output(body, args.out)
    return 0 if 200 <= resp.status_code < 300 else 1


# --------------------------------------------------------------------------
# Self-test
# --------------------------------------------------------------------------

def selftest() -> bool:
    """Round-trip generated inputs and check that bad streams raise ValueError.

    Prints one line per check and a closing ``N passed, N failed`` line.
    """
    rng = random.Random(20240601)
    repetitive = (b"rest-compress LZF selftest 0123456789 " * 3000)[:100 * 1024]
    random_data = bytes(rng.getrandbits(8) for _ in range(200 * 1024))
    results = []

    def check(name, ok, detail=""):
        results.append(ok)
        print("%s  %s%s" % ("ok  " if ok else "FAIL", name, ("  (" + detail + ")") if detail else ""))

    def raises_value_error(fn):
        try:
            fn()
        except ValueError as exc:
            return True, str(exc)
        return False, "no ValueError"

    for name, data in [("empty", b""), ("1 byte", b"x"), ("100 KB repetitive", repetitive),
                       ("200 KB random", random_data)]:
        encoded = zv_encode(data)
        ok = zv_decode(encoded, DEFAULT_MAX_SIZE) == data
        check("round trip %s" % name, ok, "%d -> %d bytes" % (len(data), len(encoded)))

    check("empty input encodes to an empty stream", zv_encode(b"") == b"")
    encoded_rep = zv_encode(repetitive)
    check("repetitive input uses compressed chunks",
          encoded_rep[2] == TYPE_COMPRESSED and len(encoded_rep) < len(repetitive) // 4)
    encoded_rnd = zv_encode(random_data)
    chunks = -(-len(random_data) // MAX_CHUNK_LEN)
    check("random input uses %d uncompressed chunks" % chunks,
          len(encoded_rnd) == len(random_data) + chunks * UNCOMPRESSED_HEADER_LEN)

    ok, msg = raises_value_error(lambda: zv_decode(encoded_rep[:-10], DEFAULT_MAX_SIZE))
    check("truncated compressed stream raises ValueError", ok, msg)
    ok, msg = raises_value_error(lambda: zv_decode(encoded_rnd[:-1], DEFAULT_MAX_SIZE))
    check("truncated uncompressed stream raises ValueError", ok, msg)
    ok, msg = raises_value_error(lambda: zv_decode(encoded_rep[:3], DEFAULT_MAX_SIZE))
    check("truncated header raises ValueError", ok, msg)
    ok, msg = raises_value_error(lambda: zv_decode(b"ZX" + encoded_rep[2:], DEFAULT_MAX_SIZE))
    check("corrupt magic raises ValueError", ok, msg)
    ok, msg = raises_value_error(lambda: zv_decode(b"ZV\x07" + encoded_rep[3:], DEFAULT_MAX_SIZE))
    check("unknown chunk type raises ValueError", ok, msg)
    bad_len = encoded_rep[:5] + struct.pack(">H", MAX_CHUNK_LEN - 1) + encoded_rep[7:]
    ok, msg = raises_value_error(lambda: zv_decode(bad_len, DEFAULT_MAX_SIZE))
    check("wrong original length raises ValueError", ok, msg)
    ok, msg = raises_value_error(lambda: zv_decode(encoded_rep + b"Z", DEFAULT_MAX_SIZE))
    check("trailing garbage raises ValueError", ok, msg)
    ok, msg = raises_value_error(lambda: zv_decode(encoded_rep, len(repetitive) - 1))
    check("output over max_size raises ValueError", ok, msg)
    check("output of exactly max_size is allowed", zv_decode(encoded_rep, len(repetitive)) == repetitive)

    passed = sum(results)
    failed = len(results) - passed
    print("selftest: %d passed, %d failed" % (passed, failed))
    return failed == 0


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    """The argparse parser for the ``get``, ``post`` and ``selftest`` commands."""
    parser = argparse.ArgumentParser(description="HTTP client for Content-Encoding: lzf (ZV stream format).")
    sub = parser.add_subparsers(dest="command", required=True)

    def http_options(p):
        p.add_argument("url", help="request URL")
        p.add_argument("--accept-encoding", default="lzf",
                       help="Accept-Encoding header to send (default: lzf)")
        p.add_argument("--out", help="write the decoded body here instead of stdout")
        p.add_argument("--max-size", type=int, default=DEFAULT_MAX_SIZE,
                       help="maximum decoded body size in bytes (default: %d)" % DEFAULT_MAX_SIZE)
        p.add_argument("--timeout", type=float, default=30.0, help="connect/read timeout in seconds")

    p_get = sub.add_parser("get", help="GET a URL and decode the response")
    http_options(p_get)
    p_get.set_defaults(func=cmd_get)

    p_post = sub.add_parser("post", help="POST a file LZF-encoded and decode the response")
    http_options(p_post)
    p_post.add_argument("--file", required=True, help="file whose bytes form the request body")
    p_post.add_argument("--content-type", default="application/octet-stream",
                        help="Content-Type of the request body (default: application/octet-stream)")
    p_post.set_defaults(func=cmd_post)

    p_self = sub.add_parser("selftest", help="check zv_encode/zv_decode on generated data")
    p_self.set_defaults(func=lambda args: 0 if selftest() else 1)
    return parser


def main(argv=None) -> int:
    """Entry point: parse ``argv`` and run the command; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except ValueError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 1
    except OSError as exc:  # file errors; requests' exceptions derive from OSError too
        print("error: %s" % exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
