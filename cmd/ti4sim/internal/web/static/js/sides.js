// The Battle tab's buttons over both fleets: Clear one side's fleet,
// Swap the two sides (fleets, factions, technologies, cards and the rest
// of each side), Reset to the sample battle. Each says what it did under
// the table and then sends the form's change event, so the page answers
// the new battle as it does any edit.

import { $ } from "./dom.js";
import * as memory from "./memory.js";

// setup wires the buttons of battle (the Battle form); sample is the
// battle Reset opens.
export function setup(battle, sample) {
  // What a button did is said until the next edit.
  $("battle").addEventListener("input", () => ($("fleet-status").textContent = ""));
  const done = (text) => {
    $("fleet-status").textContent = text;
    $("battle").dispatchEvent(new Event("change", { bubbles: true }));
  };
  for (const [p, role] of [["a", "attacker"], ["d", "defender"]]) {
    $(`${p}-clear`).addEventListener("click", () => {
      const side = battle.readSide(p, role);
      battle.writeSide(p, { ...side, fleet: [], galvanized: [] });
      done(`Cleared the ${role}'s fleet.`);
    });
  }
  $("swap").addEventListener("click", () => {
    const missed = battle.load(swapped(battle.document()));
    memory.remember();
    done(missed.length ? `Swapped the sides; not shown: ${missed.join(", ")}.` : "Swapped the sides.");
  });
  $("reset").addEventListener("click", () => {
    battle.load(sample);
    memory.remember();
    done("Opened the sample battle.");
  });
}

// swapped returns a combat document with its attacker and defender
// exchanged.
export function swapped(doc) {
  return { ...doc, attacker: doc.defender, defender: doc.attacker };
}
