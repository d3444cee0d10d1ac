// Reads a JSON array of battles [{id, peer_input}] on stdin, where peer_input is
// {combat: "space"|"invasion", attacker: side, defender: side} and a side is
// {faction: Faction enum key, units: [{type: UnitType enum key, count, damaged}], tags: [enum key]}
// (tags: technologies, race technologies, General, Agent, High Alert token; the combat's own
// tags, NEBULA or ION_STORM, in peer_input.tags), each with the peer's default setting;
// the race's abilities are granted as the page grants them on choosing the race, but not the race's
// starting technologies (the page also ticks those; a battle here names every technology it means).
// A side may also list upgrades (FactionUpgrade enum keys: the race's upgrades the page offers) and
// technologies (Technology enum keys), each granted with the page's default settings, or
// {tag, settings} to give the settings.
// Prints one line {id, attacker, draw, defender} per battle.
import { calculateCombatOutcome } from 'logic/calculator'
import { defaultFactionAbilities, getParticipantTagDefaultValue, participantTagResources } from 'logic/participant'
import { CombatType } from 'model/calculation'
import { CombatTag, CommonParticipantTag, Faction, FactionUpgrade, Technology } from 'model/combatTags'
import { UnitType } from 'model/unit'
import * as fs from 'fs'

function side(s: any) {
  const faction = (Faction as any)[s.faction]
  if (faction === undefined) throw new Error('unknown faction ' + s.faction)
  const units: any[] = []
  for (const u of s.units) {
    const type = (UnitType as any)[u.type]
    if (type === undefined) throw new Error('unknown unit ' + u.type)
    for (let i = 0; i < u.count; i++) units.push({ type, sustainedHits: i < (u.damaged ?? 0) ? 1 : 0 })
  }
  const tags: any = {}
  for (const a of (defaultFactionAbilities as any)[faction]) {
    if ((participantTagResources as any)[a].implementation !== false) tags[a] = getParticipantTagDefaultValue(a)
  }
  const grant = (u: any, kind: any, what: string) => {
    const key = typeof u === 'string' ? u : u.tag
    const tag = kind[key]
    if (tag === undefined) throw new Error('unknown ' + what + ' ' + key)
    tags[tag] = typeof u === 'string' || u.settings === undefined ? getParticipantTagDefaultValue(tag) : u.settings
  }
  for (const u of s.upgrades ?? []) grant(u, FactionUpgrade, 'upgrade')
  for (const u of s.technologies ?? []) grant(u, Technology, 'technology')
  for (const name of s.tags ?? []) tags[tag(name)] = getParticipantTagDefaultValue(tag(name))
  return { faction, units, tags }
}

// tag names a technology, a race technology, a leader or token (CommonParticipantTag) or a system
// (CombatTag) by its enum key; the peer's default settings for it are used.
function tag(name: string): any {
  for (const e of [Technology, FactionUpgrade, CommonParticipantTag, CombatTag] as any[]) {
    if (e[name] !== undefined) return e[name]
  }
  throw new Error('unknown tag ' + name)
}

const battles = JSON.parse(fs.readFileSync(0, 'utf8'))
for (const b of battles) {
  const p = b.peer_input
  const input: any = {
    combatType: p.combat === 'invasion' ? CombatType.InvasionCombat : CombatType.SpaceBattle,
    attacker: side(p.attacker),
    defender: side(p.defender),
    tags: Object.fromEntries((p.tags ?? []).map((n: string) => [tag(n), getParticipantTagDefaultValue(tag(n))])),
    settings: { simplificationTarget: undefined },
  }
  const v = calculateCombatOutcome(input)!.victorProbabilities
  console.log(JSON.stringify({ id: b.id, attacker: v.attacker, draw: v.draw, defender: v.defender }))
}
