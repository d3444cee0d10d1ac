// Help a phone can show: a control's explanation given as its label's
// title (a tooltip, which only a mouse pointer shows) becomes a (?) button
// after the label that shows and hides the text under it. Controls built
// later (a faction's technologies, cards and leaders) get theirs as they
// appear.

import { h } from "./dom.js";

let count = 0;

// setup gives every label[title] under root, now and later, visible help.
export function setup(root) {
  const apply = () => {
    for (const label of root.querySelectorAll("label[title]")) convert(label);
  };
  apply();
  new MutationObserver(apply).observe(root, { childList: true, subtree: true });
}

// convert moves a label's title into a help text toggled by a button.
function convert(label) {
  const text = label.title;
  label.removeAttribute("title");
  const id = `help-text-${++count}`;
  const name = label.textContent.replace(/\s+/g, " ").trim();
  const button = h("button", { type: "button", class: "help-btn", "aria-expanded": "false", "aria-controls": id, "aria-label": `What is ${name}?` }, "?");
  const note = h("span", { class: "help-text", id, hidden: true }, text);
  button.addEventListener("click", () => {
    const open = note.hidden;
    note.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  });
  const item = h("span", { class: "help-item" });
  label.replaceWith(item);
  item.append(label, button, note);
}
