"""Counts the pixels of a screenshot that have each of the given colours,
and the colour of its first row: what a test asserts of a rendered page.

  png_colors.py <file.png> <rrggbb>...

Reads 8-bit RGB or RGBA PNGs, as a browser writes them, with no library.
"""
import struct
import sys
import zlib


def pixels(path):
    with open(path, "rb") as png:
        data = png.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"png_colors.py: {path} is not a PNG")
    at, chunks, header = 8, [], None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit("png_colors.py: only 8-bit, non-interlaced RGB or RGBA")
    size = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * size
    previous = bytearray(stride)
    rows = []
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - size] if x >= size else 0
            up = previous[x]
            corner = previous[x - size] if x >= size else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), left), (abs(guess - up), up),
                           (abs(guess - corner), corner), key=lambda pair: pair[0])[1]
                line[x] = (line[x] + near) & 0xFF
        rows.append([bytes(line[x:x + 3]).hex() for x in range(0, stride, size)])
        previous = line
    return rows


rows = pixels(sys.argv[1])
counts = {colour.lower(): 0 for colour in sys.argv[2:]}
for row in rows:
    for pixel in row:
        if pixel in counts:
            counts[pixel] += 1
print(f"first row: {max(set(rows[0]), key=rows[0].count)}")
for colour, count in counts.items():
    print(f"{colour}: {count}")
