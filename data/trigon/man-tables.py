#!/usr/bin/env python3
"""man-tables.py -- regenerate the sections THE MAP, VILLAGE CARDS, QUEST
CARDS and PLAY CARDS of man/trigon-rules.7 from data/trigon/*.ini and
lib/games/trigon/cards.h (everything from ".Sh THE MAP" up to ".Sh DATA FILES"
is replaced).  Run from the top of the source tree after changing the
data:  python3 data/trigon/man-tables.py.  t/unit/data checks that the page and
the data agree, so a forgotten run fails `make check`.
"""
import os, re, sys
ROOT=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
def parse(path):
    secs=[]; cur=None
    for line in open(path, encoding='utf-8'):
        line=line.strip()
        if not line or line[0] in ';#': continue
        if line.startswith('['):
            cur=(line[1:line.index(']')].split(), []); secs.append(cur); continue
        k,v=line.split('=',1)
        v=v.split(' ;')[0]
        cur[1].append((k.strip(), v.strip()))
    return secs
ESC={'ö':'\\(:o','å':'\\(oa','ø':'\\(/o','ë':'\\(:e','é':'\\(\'e'}
def esc(s):
    out=''
    for ch in s:
        if ch in ESC: out+=ESC[ch]
        elif ord(ch)>127: raise SystemExit('no escape for '+ch)
        else: out+=ch
    if out.startswith('.') or out.startswith("'"): out='\\&'+out
    return out
LANDS=['noorland','lumos','calmania','kalland']
COLOR={'noorland':'green','lumos':'purple','calmania':'yellow','kalland':'white'}
SEAS={'great-ocean':'Great Ocean','inner-sea':'Inner Sea of Cal','ip-sea':'Ip Sea'}
SEADUTCH={}
out=[]
W=out.append
# ---------------- map
m=parse(ROOT+'/data/trigon/map.ini')
lands={}; seas={}; spots=[]; paths=[]
for (kind,*rest),kv in m:
    d=dict(kv)
    if kind=='land': lands[rest[0]]=d
    elif kind=='sea': seas[rest[0]]=d
    elif kind=='spot':
        d['id']=rest[0]; spots.append(d)
    elif kind=='paths':
        for k,v in kv:
            for w in v.split():
                r=w.startswith('~'); paths.append((k,w.lstrip('~'),r))
byid={s['id']:s for s in spots}
nb={s['id']:[] for s in spots}
for a,b,r in paths:
    nb[a].append((b,r)); nb[b].append((a,r))
W('.Sh THE MAP')
W('The embedded map')
W('.Pq Pa data/trigon/map.ini')
nsp=len(spots); nriv=sum(1 for p in paths if p[2])
W('has %d spots in four lands and %d paths, %d of them river crossings.' % (nsp, len(paths), nriv))
W('Spots are named in orders by their ASCII name')
W('.Pq Cm nieuw-delia ;')
W('the display name')
W('.Pq Nieuw Delia')
W('is what the board shows.')
W('Noorland is an island in the north; on the mainland Lumos lies in the')
W('north, Calmania in the south-west and Kalland in the south-east.')
W('.Pp')
W('The seas and the harbors on them:')
W('.Bl -tag -width Ds')
for sid in ['great-ocean','inner-sea','ip-sea']:
    hs=[s for s in spots if sid in s.get('harbor','').split()]
    W('.It Em %s Pq %s , Cm %s' % (esc(seas[sid]['name']), SEAS[sid], sid))
    W(', '.join('%s (%s)' % (h['id'], lands[h['land']]['name']) for h in hs)+'.')
W('.El')
W('.Pp')
W('Every land has 2 or 3 harbors and river crossings inside it; the')
W('mainland lands also have river crossings on their borders.')
W('The capitals are at least 4 paths apart over land.')
W('Below, each spot with its display name, its harbors, and its')
W('neighbours; a neighbour marked')
W('.Sq ~')
W('lies across a river crossing (two turns, R7.2), one in another land')
W('is followed by that land.')
for lid in LANDS:
    ls=[s for s in spots if s['land']==lid]
    W('.Ss %s (%s, %d spots)' % (lands[lid]['name'], COLOR[lid], len(ls)))
    W('.Bl -tag -width Ds')
    for s in ls:
        W('.It Cm %s' % s['id'])
        line=esc(s['name'])
        if s.get('capital')=='yes': line+=', the capital'
        h=s.get('harbor','').split()
        if h: line+=', harbor on the '+' and the '.join(SEAS[x] for x in h)
        line+='.'
        W(line)
        parts=[]
        for b,r in sorted(nb[s['id']], key=lambda t: t[0]):
            t=('~' if r else '')+b
            if byid[b]['land']!=lid: t+=' ('+lands[byid[b]['land']]['name']+')'
            parts.append(t)
        W('Paths: '+', '.join(parts)+'.')
    W('.El')
# ---------------- villages
v=parse(ROOT+'/data/trigon/villages.ini')
W('.Sh VILLAGE CARDS')
W('The 50 village cards')
W('.Pq Pa data/trigon/villages.ini :')
W('the 4 capital cards, one per color, and 46 others of three kinds.')
W('Each card shows its village side and its city side (taxes per round')
W('and births), and the one-time bonus given when the village becomes a')
W('city (R5.1); figures of the bonus are placed at that city, cards are')
W('drawn from the decks.')
W('A side written as')
W('.Dq 2c 1s 1g +1')
W('yields 2 copper, 1 silver, 1 gold and 1 birth per round.')
KINDS=[('capital','Capital cards'),('simple','Simple settlements (mostly copper)'),('developed','Developed villages (copper and silver)'),('luxury','Places of luxury and prosperity (silver and gold)')]
def side(val, city):
    d={'copper':0,'silver':0,'gold':0,'births':2 if city else 1}
    for item in val.split(','):
        n,w=item.split()
        w=w if w.endswith('s') or w in('copper','silver','gold') else w+'s'
        d[w]=int(n)
    parts=[]
    for k,a in (('copper','c'),('silver','s'),('gold','g')):
        if d[k]: parts.append('%d%s'%(d[k],a))
    return ' '.join(parts)+' +%d'%d['births']
cards=[]
for (kind,*rest),kv in v:
    d=dict(kv); d['id']=rest[0]; cards.append(d)
for k,title in KINDS:
    cs=[c for c in cards if c['kind']==k]
    W('.Ss %s (%d)' % (title, len(cs)))
    W('.Bl -tag -width Ds')
    for c in cs:
        W('.It Cm %s Pq %s' % (c['id'], esc(c['name']) + (', ' + esc(c['gloss']) if 'gloss' in c else '')))
        if k=='capital': W('Capital card of %s.' % c['capital'])
        W('Village %s; city %s; bonus: %s.' % (side(c['village'],False), side(c['city'],True), c['bonus']))
    W('.El')
# ---------------- quests
q=parse(ROOT+'/data/trigon/quests.ini')
W('.Sh QUEST CARDS')
W('The 27 quest cards')
W('.Pq Pa data/trigon/quests.ini ,')
W('by category, with their points.')
W('What completes each is stated in')
W('.Sx CARDS')
W('(R10.1, R10.5).')
CATS=[('krijgskunst','Krijgskunst','warfare'),('handel','Handel','trade'),('bouw','Bouw & Cultuur','building and culture'),('ontwikkeling','Ontwikkeling','development'),('magie','Magie','magic'),('transport','Transport & Jacht','transport and hunting'),('natuur','Natuur & Geneeskunde','nature and medicine')]
qs=[]
for (kind,*rest),kv in q:
    d=dict(kv); d['id']=rest[0]; qs.append(d)
for cid,dutch,eng in CATS:
    cs=[c for c in qs if c['category']==cid]
    W('.Ss %s (%s, %d cards)' % (dutch, eng, len(cs)))
    W('.Bl -tag -width Ds')
    for c in cs:
        W('.It Em %s Pq Cm %s' % (esc(c['name']), c['id']))
        W('%s; %s point%s.' % (esc(c['gloss']), c['points'], '' if c['points']=='1' else 's'))
    W('.El')
# ---------------- play cards
h=open(ROOT+'/lib/games/trigon/cards.h').read()
rows=re.findall(r'X\(([A-Z_]+), "([a-z-]+)", "([^"]+)", "([^"]+)", TG_([A-Z]+), (\d+), ([^)]*)\)', h)
assert len(rows)==46, len(rows)
W('.Sh PLAY CARDS')
W('The 46 types of play card, 82 cards, as')
W('.Pa lib/games/trigon/cards.h')
W('lists them; the effects are in')
W('.Sx CARDS')
W('(R10.3).')
W('\\(dg marks a negative card, played at once when drawn;')
W('.Sq P')
W('a protection card,')
W('.Sq B')
W('a bonus-point card,')
W('.Sq F')
W('a battle card (R8.7).')
CAT={'GREEN':'Krijgskunst (green)','PURPLE':'Handel (purple)','YELLOW':'Bouw & Cultuur (yellow)','WHITE':'Ontwikkeling (white)'}
for col in ['GREEN','PURPLE','YELLOW','WHITE']:
    rs=[r for r in rows if r[4]==col]
    W('.Ss %s, %d cards' % (CAT[col], sum(int(r[5]) for r in rs)))
    W('.Bl -column "ontdekkingsreiziger" "Ontdekkingsreiziger" "Treasure Hunters" "No." "F"')
    W('.It Sy Slug Ta Sy Dutch Ta Sy English Ta Sy \\&No. Ta Sy \\&')
    for r in rs:
        fl=[]
        if 'NEGATIVE' in r[6]: fl.append('\\(dg')
        if 'PROTECTION' in r[6]: fl.append('P')
        if 'BONUS' in r[6]: fl.append('B')
        if 'BATTLE' in r[6]: fl.append('F')
        W('.It Cm %s Ta %s Ta %s Ta %s Ta %s' % (r[1], r[2], r[3], r[5], ' '.join(fl) if fl else '\\(em'))
    W('.El')
page=ROOT+'/man/trigon-rules.7'
text=open(page, encoding='utf-8').read()
a=text.index('.Sh THE MAP\n'); b=text.index('.Sh DATA FILES\n')
open(page,'w', encoding='utf-8').write(text[:a]+'\n'.join(out)+'\n'+text[b:])
