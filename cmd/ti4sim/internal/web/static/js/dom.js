// Small DOM helpers.

// $ returns the element with the given id.
export const $ = (id) => document.getElementById(id);

// h creates an element: attrs are properties or attributes ("aria-*",
// "data-*", "for" and "role" are set as attributes), children are nodes or
// strings.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("aria-") || k.startsWith("data-") || k === "for" || k === "role" || k === "list") {
      el.setAttribute(k, v === true ? "" : String(v));
    } else if (k === "class") {
      el.className = v;
    } else {
      el[k] = v;
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// intValue reads an integer input: its value, or def when it is empty or
// not a number. Values out of range are passed on as typed: the engine's
// error names the field.
export function intValue(input, def = 0) {
  const v = Number(input.value.trim());
  return input.value.trim() === "" || !Number.isFinite(v) ? def : Math.trunc(v);
}

// showError shows an engine's error at its control, in a player's words
// (messages.js).
export { showError } from "./messages.js";
