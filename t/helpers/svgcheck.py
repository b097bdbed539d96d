#!/usr/bin/env python3
"""svgcheck.py -- a test helper, not part of trigon: read the SVG picture
of `trigon board --svg` as XML (the standard library's parser, so a
picture that is not well-formed fails here) and print what it draws,
one line a thing, for the tests to compare with the position:

    size W H
    land NAME                       a land's label
    sea TEXT                        a sea's label
    spot ID OWNER KIND N PALACE FIGURES
        OWNER: a color or -; KIND: village, city or -; N: inhabitants;
        PALACE: palace or -; FIGURES: e.g. 4k 1b, or -
    crossing COLOR FIGURES          figures waiting on a river crossing
    panel LINE                      a line of the text beside the map

Exit 1 when the file is not well-formed XML or not an SVG.
"""
import sys
import xml.etree.ElementTree as ET

NS = '{http://www.w3.org/2000/svg}'
COLORS = {'#2e9e44': 'green', '#8e44ad': 'purple', '#e8b800': 'yellow',
          '#ffffff': 'white'}


def text(e):
    return ''.join(e.itertext())


def main(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        print('not well-formed: %s' % e)
        return 1
    if root.tag != NS + 'svg':
        print('not an SVG: %s' % root.tag)
        return 1
    print('size %s %s' % (root.get('width'), root.get('height')))
    for e in root.iter(NS + 'text'):
        if e.get('class') == 'land':
            print('land %s' % text(e))
        elif e.get('class') == 'sea':
            print('sea %s' % text(e))
    for g in root.iter(NS + 'g'):
        cls = g.get('class')
        if cls == 'spot':
            owner, kind, n, palace, figs = '-', '-', '-', '-', '-'
            for c in g:
                if c.tag == NS + 'rect' and c.get('fill') in COLORS:
                    owner, kind = COLORS[c.get('fill')], 'city'
                elif (c.tag == NS + 'circle' and c.get('fill') in COLORS
                      and c.get('r') == '11'):
                    owner, kind = COLORS[c.get('fill')], 'village'
                elif c.tag == NS + 'text' and c.get('class') is None:
                    n = text(c)
                elif c.tag == NS + 'path' and c.get('class') == 'palace':
                    palace = 'palace'
                elif c.tag == NS + 'g' and c.get('class') == 'figures':
                    rect = c.find(NS + 'rect')
                    figs = '%s %s' % (COLORS.get(rect.get('fill'), '?'),
                                      text(c))
            print('spot %s %s %s %s %s %s' % (g.get('id')[5:], owner, kind,
                                               n, palace, figs))
        elif cls == 'crossing':
            rect = g.find(NS + 'rect')
            print('crossing %s %s' % (COLORS.get(rect.get('fill'), '?'),
                                      text(g)))
        elif cls == 'panels':
            for t in g.iter(NS + 'text'):
                print('panel %s' % text(t))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
