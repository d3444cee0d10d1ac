// Reads a JSON array of battles [{id, link, times}] (times: 100,000 when not given) on stdin (link: a ti4battle.com share link)
// and prints one line {id, attacker, draw, defender, n} per battle: ti4calc's own reading of the
// link (createParticipant, as its page reads the address) and its own Monte Carlo (getBattleReport).
import { getBattleReport } from './ti4calc/core/index'
import { createParticipant } from './ti4calc/core/battleSetup'
import { Place } from './ti4calc/core/enums'
import * as fs from 'fs'

const input = JSON.parse(fs.readFileSync(0, 'utf8'))
for (const b of input) {
  const q: Record<string, string> = {}
  new URL(b.link).searchParams.forEach((v, k) => { q[k] = v })
  const a = createParticipant('attacker', undefined, q)
  const d = createParticipant('defender', undefined, q)
  const place = q.place === Place.ground ? Place.ground : Place.space
  const n = b.times ?? 100000
  const r = getBattleReport(a, d, place, n)
  console.log(JSON.stringify({ id: b.id, attacker: r.attacker / n, draw: r.draw / n, defender: r.defender / n, n }))
}
