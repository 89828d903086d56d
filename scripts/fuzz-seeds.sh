#!/usr/bin/env bash
# (Re)writes the seed corpora of the fuzz targets (rest-compress-lib/src/test/resources/dev/restcompress/
# fuzz/<Class>Inputs/<method>/) from real inputs: small testdata files compressed by the reference tools
# (gzip, zstd and brotli command-line tools, liblzf through python-lzf), plus truncations and bit flips
# of those, and Accept-Encoding / Content-Encoding values real clients send. Deterministic: the same
# tools give the same bytes (gzip gets a fixed mtime). The seeds replay in every normal test run
# (Jazzer regression mode) and FuzzCorpusTest checks what each kind must do:
#   ok.*     decodes to exactly the testdata file its name ends with
#   twice.*  (two gzip members) decodes to that file twice
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

# Two small, different testdata files: JSON and XML, one and a few KiB.
small=testdata/users-min-1k.json
medium=testdata/metrics-3k.xml

for d in gzipStreaming gzipNativeOneShot zstd brotli lzf; do
    mkdir -p "$dec/$d"
    rm -f "$dec/$d"/ok.* "$dec/$d"/twice.* "$dec/$d"/trunc.* "$dec/$d"/flip.*
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

# zstd: level 19 with its default content checksum, level 1 without one.
zstd -q -19 -c < "$small" > "$dec/zstd/ok.zstd19.$(basename "$small")"
zstd -q -1 --no-check -c < "$medium" > "$dec/zstd/ok.zstd1-nocheck.$(basename "$medium")"
damage "$dec/zstd/ok.zstd19.$(basename "$small")" "$dec/zstd/@.zstd19.$(basename "$small")"

# brotli: quality 11 (large window) and quality 1 with the smallest window.
brotli -q 11 -c < "$small" > "$dec/brotli/ok.br11.$(basename "$small")"
brotli -q 1 -w 10 -c < "$medium" > "$dec/brotli/ok.br1-w10.$(basename "$medium")"
damage "$dec/brotli/ok.br11.$(basename "$small")" "$dec/brotli/@.br11.$(basename "$small")"

# lzf: liblzf (python-lzf) in the ZV chunk framing, the reference LZF the Python client speaks.
PYTHONPATH=scripts "$python" - "$small" "$medium" "$dec/lzf" <<'PY'
import os, sys
from lzf_client import zv_encode
small, medium, out = sys.argv[1:4]
for src in (small, medium):
    open(os.path.join(out, "ok.liblzf." + os.path.basename(src)), "wb").write(zv_encode(open(src, "rb").read()))
PY
damage "$dec/lzf/ok.liblzf.$(basename "$small")" "$dec/lzf/@.liblzf.$(basename "$small")"

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
