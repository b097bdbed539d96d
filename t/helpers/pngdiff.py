#!/usr/bin/env python3
"""pngdiff.py -- a test helper, not part of trigon: compare two PNG images
pixel by pixel, within a tolerance, with nothing but the standard library.

    pngdiff.py A.png B.png [FUZZ [MAX]]

A pixel differs when one of its channels (R, G, B, A) differs by more
than FUZZ (0-255, default 48).  Prints "N of M pixels differ (P%)" and
exits 0 when N/M is at most MAX (default 0.002), 1 when more differ or
the sizes differ, 2 when a file is not a PNG it can read (8-bit
grey, grey+alpha, RGB or RGBA, not interlaced -- what rsvg-convert
writes).
"""
import struct
import sys
import zlib

CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


def read_png(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('%s: not a PNG' % path)
    pos, idat, hdr = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b'IHDR':
            hdr = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat.append(body)
        elif kind == b'IEND':
            break
    if hdr is None:
        raise ValueError('%s: no IHDR' % path)
    w, h, depth, ctype, _, _, interlace = hdr
    if depth != 8 or ctype not in CHANNELS or interlace:
        raise ValueError('%s: depth %d, color type %d, interlace %d not read'
                         % (path, depth, ctype, interlace))
    ch = CHANNELS[ctype]
    raw = zlib.decompress(b''.join(idat))
    stride = w * ch
    out = bytearray(h * stride)
    prev = bytearray(stride)
    for y in range(h):
        ft = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if ft == 1:
            for i in range(ch, stride):
                line[i] = (line[i] + line[i - ch]) & 255
        elif ft == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif ft == 3:
            for i in range(stride):
                left = line[i - ch] if i >= ch else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ft == 4:
            for i in range(stride):
                a = line[i - ch] if i >= ch else 0
                b = prev[i]
                c = prev[i - ch] if i >= ch else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        elif ft != 0:
            raise ValueError('%s: bad filter %d' % (path, ft))
        out[y * stride:(y + 1) * stride] = line
        prev = line
    # as RGBA
    px = []
    for i in range(0, len(out), ch):
        p = out[i:i + ch]
        if ch == 1:
            px.append((p[0], p[0], p[0], 255))
        elif ch == 2:
            px.append((p[0], p[0], p[0], p[1]))
        elif ch == 3:
            px.append((p[0], p[1], p[2], 255))
        else:
            px.append(tuple(p))
    return w, h, px


def main(argv):
    if len(argv) < 3:
        sys.stderr.write('usage: pngdiff.py A.png B.png [FUZZ [MAX]]\n')
        return 2
    fuzz = int(argv[3]) if len(argv) > 3 else 48
    most = float(argv[4]) if len(argv) > 4 else 0.002
    try:
        wa, ha, a = read_png(argv[1])
        wb, hb, b = read_png(argv[2])
    except (OSError, ValueError, zlib.error, struct.error) as e:
        sys.stderr.write('pngdiff: %s\n' % e)
        return 2
    if (wa, ha) != (wb, hb):
        print('sizes differ: %dx%d and %dx%d' % (wa, ha, wb, hb))
        return 1
    n = sum(1 for p, q in zip(a, b)
            if max(abs(p[k] - q[k]) for k in range(4)) > fuzz)
    print('%d of %d pixels differ (%.3f%%)' % (n, len(a), 100.0 * n / len(a)))
    return 0 if n <= most * len(a) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
