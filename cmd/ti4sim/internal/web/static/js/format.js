// Formatting of figures: the browser tests format the service's JSON the
// same way and compare the text shown.

// pct formats a probability 0..1 as a percentage with two decimals.
export function pct(p) {
  return (100 * p).toFixed(2) + "%";
}

// num formats an expected count or resource total with two decimals.
export function num(x) {
  return x.toFixed(2);
}

// interval formats a 95% confidence interval of probabilities.
export function interval(ci) {
  return `95%: ${(100 * ci[0]).toFixed(2)}–${(100 * ci[1]).toFixed(2)}`;
}

// kind says how an answer was computed: "exact" or "N trials, seed S".
export function kind(res) {
  if (res.exact) return "exact";
  return `${res.trials.toLocaleString("en-US")} trials, seed ${res.seed}`;
}

// unitLabel turns a JSON key (war_sun) into words (war sun).
export function unitLabel(key) {
  return key.replaceAll("_", " ");
}
