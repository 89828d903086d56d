#!/usr/bin/env bash
# (Re)writes the seed corpora of the fuzz targets (rest-compress-lib/src/test/resources/dev/restcompress/
# fuzz/<Class>Inputs/<method>/) from real inputs: small testdata files compressed by the reference tools
# (gzip, zstd and brotli command-line tools, liblzf through python-lzf), plus truncations and bit flips
# of those, and Accept-Encoding / Content-Encoding values real clients send. Deterministic: the same
# tools give the same bytes (gzip gets a fixed mtime). The seeds replay in every normal test run
# (Jazzer regression mode) and FuzzCorpusTest checks what each kind must do:
#   ok.*     decodes to exactly the testdata file its name ends with
#   twice.*  (two gzip members, two zstd frames) decodes to that file twice
#   empty.*  a valid stream whose payload is empty decodes to nothing (an empty *body* is a 400 at the
#            HTTP layer; an empty-payload stream is a valid one)
#   trunc.*  is rejected as malformed (a truncated body is a 400, never a short body)
#   flip.*   is rejected, or (br, lzf: no checksum) at least never decodes to the original
# Hand-made seeds without these prefixes are left alone.
#
# Needs: gzip, zstd, brotli (scripts/setup.sh installs them), and the venv of scripts/setup-python.sh.
# Usage: scripts/fuzz-seeds.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"
python="$root/.venv/bin/python"
for tool in gzip zstd brotli; do
    command -v "$tool" >/dev/null || { echo "fuzz-seeds: $tool missing (scripts/setup.sh installs it)" >&2; exit 1; }
done
[ -x "$python" ] || { echo "fuzz-seeds: no $python (run scripts/setup-python.sh)" >&2; exit 1; }

inputs=rest-compress-lib/src/test/resources/dev/restcompress/fuzz
dec="$inputs/DecoderFuzzTestInputs"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Two small, different testdata files: JSON and XML, one and a few KiB; and a tiny one (100 bytes:
# the compressors choose other block shapes for it, fixed Huffman, raw or RLE blocks).
small=testdata/users-min-1k.json
medium=testdata/metrics-3k.xml
tiny=testdata/object-100b.json

for d in gzipStreaming gzipNativeOneShot zstd brotli lzf; do
    mkdir -p "$dec/$d"
    rm -f "$dec/$d"/ok.* "$dec/$d"/twice.* "$dec/$d"/trunc.* "$dec/$d"/flip.* "$dec/$d"/empty.*
done

# damage <file> <out-prefix>: a truncation at half, one missing the last 4 bytes, and two bit flips
# (one in the middle of the data, one 6 bytes from the end: the checksum/trailer region).
damage() {
    "$python" - "$1" "$2" <<'PY'
import sys
src, prefix = sys.argv[1], sys.argv[2]
data = open(src, "rb").read()
def write(name, b):
    open(prefix.replace("@", name), "wb").write(b)
write("trunc.half", data[: len(data) // 2])
write("trunc.last4", data[:-4])
mid = bytearray(data); mid[len(mid) // 2] ^= 0x10
write("flip.middle", bytes(mid))
end = bytearray(data); end[len(end) - 6] ^= 0x01
write("flip.end", bytes(end))
PY
}

# gzip: with a file name and a fixed mtime in the header (what `gzip file` writes), and from stdin.
cp "$small" "$tmp/$(basename "$small")"; touch -d '2020-01-01 00:00:00 UTC' "$tmp/$(basename "$small")"
for d in gzipStreaming gzipNativeOneShot; do
    gzip -9 -N -c "$tmp/$(basename "$small")" > "$dec/$d/ok.gzip9-named.$(basename "$small")"
    gzip -1 -n -c < "$medium" > "$dec/$d/ok.gzip1.$(basename "$medium")"
    damage "$dec/$d/ok.gzip9-named.$(basename "$small")" "$dec/$d/@.gzip9-named.$(basename "$small")"
done
# Two members in one body (RFC 1952 allows it; gzip -d and our streaming decoder read both).
cat "$dec/gzipStreaming/ok.gzip9-named.$(basename "$small")" > "$tmp/two.gz"
gzip -6 -n -c < "$small" >> "$tmp/two.gz"
cp "$tmp/two.gz" "$dec/gzipStreaming/twice.gzip9-gzip6.$(basename "$small")"
# A tiny body (one fixed-Huffman block) and a member whose payload is empty.
for d in gzipStreaming gzipNativeOneShot; do
    gzip -6 -n -c < "$tiny" > "$dec/$d/ok.gzip6.$(basename "$tiny")"
    gzip -6 -n -c < /dev/null > "$dec/$d/empty.gzip6"
done

# zstd: level 19 with its default content checksum, level 1 without one.
zstd -q -19 -c < "$small" > "$dec/zstd/ok.zstd19.$(basename "$small")"
zstd -q -1 --no-check -c < "$medium" > "$dec/zstd/ok.zstd1-nocheck.$(basename "$medium")"
damage "$dec/zstd/ok.zstd19.$(basename "$small")" "$dec/zstd/@.zstd19.$(basename "$small")"
# Two frames in one body (the streaming decoder reads on), a skippable frame (RFC 8878 section 3.1.2:
# magic 0x184D2A50, length 4, four bytes) before a frame, a tiny body without its content size in the
# frame header, and a frame whose payload is empty.
zstd -q -3 -c < "$small" > "$tmp/two.zst"
cat "$dec/zstd/ok.zstd19.$(basename "$small")" >> "$tmp/two.zst"
cp "$tmp/two.zst" "$dec/zstd/twice.zstd3-zstd19.$(basename "$small")"
{ printf '\x50\x2a\x4d\x18\x04\x00\x00\x00skip'; cat "$dec/zstd/ok.zstd19.$(basename "$small")"; } \
    > "$dec/zstd/ok.zstd19-skippable.$(basename "$small")"
zstd -q -3 --no-content-size -c < "$tiny" > "$dec/zstd/ok.zstd3-nosize.$(basename "$tiny")"
zstd -q -3 -c < /dev/null > "$dec/zstd/empty.zstd3"

# brotli: quality 11 (large window) and quality 1 with the smallest window.
brotli -q 11 -c < "$small" > "$dec/brotli/ok.br11.$(basename "$small")"
brotli -q 1 -w 10 -c < "$medium" > "$dec/brotli/ok.br1-w10.$(basename "$medium")"
damage "$dec/brotli/ok.br11.$(basename "$small")" "$dec/brotli/@.br11.$(basename "$small")"
# Quality 0 on a tiny body, the largest standard window (24), a middle quality, and an empty payload.
brotli -q 0 -c < "$tiny" > "$dec/brotli/ok.br0.$(basename "$tiny")"
brotli -q 5 -w 24 -c < "$medium" > "$dec/brotli/ok.br5-w24.$(basename "$medium")"
brotli -q 2 -c < "$small" > "$dec/brotli/ok.br2.$(basename "$small")"
brotli -q 11 -c < /dev/null > "$dec/brotli/empty.br11"

# lzf: liblzf (python-lzf) in the ZV chunk framing, the reference LZF the Python client speaks.
PYTHONPATH=scripts "$python" - "$small" "$medium" "$dec/lzf" <<'PY'
import os, sys
from lzf_client import zv_encode
small, medium, out = sys.argv[1:4]
for src in (small, medium):
    open(os.path.join(out, "ok.liblzf." + os.path.basename(src)), "wb").write(zv_encode(open(src, "rb").read()))
PY
damage "$dec/lzf/ok.liblzf.$(basename "$small")" "$dec/lzf/@.liblzf.$(basename "$small")"
# An lzf stream of no chunks at all is zero bytes long: the codec decodes it to nothing (the HTTP
# layer refuses an empty coded body before any codec sees it).
: > "$dec/lzf/empty.liblzf"

# Header values real clients send (Accept-Encoding) and real servers answer with (Content-Encoding).
ae="$inputs/AcceptEncodingFuzzTestInputs"
mkdir -p "$ae/negotiate" "$ae/contentEncoding"
printf '%s' 'gzip, deflate, br, zstd'    > "$ae/negotiate/chrome"
printf '%s' 'gzip, deflate, br'          > "$ae/negotiate/safari"
printf '%s' 'deflate, gzip, br, zstd'    > "$ae/negotiate/curl-compressed"
printf '%s' 'gzip, deflate'              > "$ae/negotiate/python-requests"
printf '%s' 'gzip'                       > "$ae/negotiate/okhttp"
printf '%s' 'identity'                   > "$ae/negotiate/wget"
printf '%s' 'gzip;q=1.0, identity; q=0.5, *;q=0' > "$ae/negotiate/rfc9110-example"
printf '%s' 'br;q=1.0, gzip;q=0.8, *;q=0.1'      > "$ae/negotiate/mdn-example"
printf '%s' 'gzip'        > "$ae/contentEncoding/gzip"
printf '%s' 'x-gzip'      > "$ae/contentEncoding/x-gzip"
printf '%s' 'br'          > "$ae/contentEncoding/br"
printf '%s' 'zstd'        > "$ae/contentEncoding/zstd"
printf '%s' 'lzf'         > "$ae/contentEncoding/lzf"
printf '%s' 'deflate'     > "$ae/contentEncoding/deflate"
printf '%s' 'gzip, br'    > "$ae/contentEncoding/stacked-two"

du -sh "$inputs" >&2
