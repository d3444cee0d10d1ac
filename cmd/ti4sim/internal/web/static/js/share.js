// Share links: the whole scenario document in the URL fragment,
// #combat=, #compare=, #advise=, #vote= or #luck= followed by the base64url (RFC 4648 §5,
// no padding) of its UTF-8 JSON text, so a link reproduces the same
// document — and with its seed, the same digits — anywhere.

import { forLink } from "./homebrew.js";

const kinds = ["combat", "compare", "advise", "vote", "luck"];

// encode returns the fragment for a document of the given kind (without
// its homebrew unit files when they are too long for a link: forLink).
export function encode(kind, doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(forLink(doc)));
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return `#${kind}=` + btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

// decode reads a fragment; it returns {kind, doc}, null for a fragment
// that is no link (none, or an anchor such as #top), or throws an Error
// saying, in a player's words, how the link is damaged: cut short or
// garbled in copying, or naming a page this site does not have.
export function decode(hash) {
  const m = /^#([A-Za-z0-9_-]+)=(.*)$/s.exec(hash || "");
  if (!m) return null;
  if (!kinds.includes(m[1])) throw new Error(`it asks for "${m[1]}", which is not one of this page's tabs`);
  const text = m[2].trim();
  if (text === "") throw new Error("it holds no battle (nothing follows the = sign)");
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("it holds characters a link of this page never has (it was garbled in copying)");
  const b64 = text.replaceAll("-", "+").replaceAll("_", "/");
  let bin;
  try {
    bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  } catch {
    throw new Error("it is cut short (a character is missing at its end)");
  }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  let doc;
  try {
    doc = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new Error("it is cut short or garbled (its battle cannot be read)");
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new Error("it holds no battle (its text is not a scenario)");
  }
  return { kind: m[1], doc };
}
