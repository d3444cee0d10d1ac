// Assembles testdata/peers/figures.json from the drivers' output lines, keeping the reasons
// already written there for the rows that still differ (review them: the test says which
// rows agree and which need one).
//
//   node figures.mjs OLD_FIGURES_JSON TI4CALC_COMMIT ti4calc.jsonl TISA_COMMIT ti-sa.jsonl > figures.json
import fs from 'fs'

const [oldFile, ti4Commit, ti4File, tisaCommit, tisaFile] = process.argv.slice(2)
const old = JSON.parse(fs.readFileSync(oldFile, 'utf8'))
const lines = (f) => fs.readFileSync(f, 'utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l))

function figures(peer, file, sampled) {
  const reasons = Object.fromEntries((old.figures[peer] ?? []).map((f) => [f.id, f.reason]))
  return lines(file).map((r) => {
    const f = { id: r.id, attacker: r.attacker, draw: r.draw, defender: r.defender }
    if (sampled) f.trials = r.n
    if (reasons[r.id]) f.reason = reasons[r.id]
    return f
  })
}

const out = {
  peers: {
    ti4calc: { ...old.peers.ti4calc, commit: ti4Commit },
    'ti-sa-combat-calc': { ...old.peers['ti-sa-combat-calc'], commit: tisaCommit },
  },
  figures: {
    ti4calc: figures('ti4calc', ti4File, true),
    'ti-sa-combat-calc': figures('ti-sa-combat-calc', tisaFile, false),
  },
}
process.stdout.write(JSON.stringify(out, null, 1) + '\n')
