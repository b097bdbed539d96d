#!/usr/bin/env python3
"""mimeparts.py -- a test helper, not part of trigon: read a mail with the
standard library's parser (as a mail reader would) and print its parts,
one line each:

    TYPE DISPOSITION FILENAME ENCODING

(- for what a part lacks); with DIR, write each attachment's decoded
bytes to DIR/FILENAME.  Exit 1 when the mail has defects the parser
reports.
"""
import email
import email.policy
import os
import sys


def main(argv):
    with open(argv[1], 'rb') as f:
        msg = email.message_from_binary_file(f, policy=email.policy.default)
    bad = list(msg.defects)
    for part in msg.walk():
        bad += part.defects
        if part.is_multipart():
            print('%s - - -' % part.get_content_type())
            continue
        name = part.get_filename() or '-'
        print('%s %s %s %s' % (part.get_content_type(),
                               part.get_content_disposition() or '-', name,
                               part.get('Content-Transfer-Encoding', '-')))
        if len(argv) > 2 and name != '-':
            with open(os.path.join(argv[2], os.path.basename(name)),
                      'wb') as out:
                out.write(part.get_payload(decode=True))
    for d in bad:
        print('defect: %s' % d)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
