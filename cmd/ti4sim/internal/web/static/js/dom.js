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

// showError shows an engine's error in el ("" hides it). With the control
// at fault (control, found from the error's JSON path), the message is
// prefixed by that control's name as the form shows it, the control is
// marked invalid and the message says which; with none, by the JSON path.
// el's data-path holds the path, data-control the control's id.
export function showError(el, msg, path = "", control = null) {
  for (const c of document.querySelectorAll('[aria-invalid="true"]')) c.removeAttribute("aria-invalid");
  el.hidden = !msg;
  const name = control ? controlName(control) : "";
  el.textContent = msg ? (name ? `${name}: ${msg}` : path ? `${path}: ${msg}` : msg) : "";
  el.dataset.path = path;
  el.dataset.control = control && msg ? control.id : "";
  if (control && msg) {
    control.setAttribute("aria-invalid", "true");
    if (el.id) control.setAttribute("aria-errormessage", el.id);
  }
}

// controlName names a control as the form shows it: its side's title, then
// its label's words ("Attacker · Trade goods to spend").
function controlName(control) {
  const label = control.closest("label");
  const own = control.getAttribute("aria-label") || (label ? label.textContent : "") || control.id;
  const legend = control.closest("fieldset")?.querySelector("legend");
  const words = own.replace(/\s+/g, " ").trim();
  const side = legend && /^(Attacker|Defender)/.test(legend.textContent.trim()) ? legend.textContent.trim().split(/\s/)[0] : "";
  return side && !words.startsWith(side) ? `${side} · ${words}` : words;
}
