// Share links: the whole scenario document in the URL fragment,
// #combat=, #compare=, #advise= or #vote= followed by the base64url (RFC 4648 §5,
// no padding) of its UTF-8 JSON text, so a link reproduces the same
// document — and with its seed, the same digits — anywhere.

const kinds = ["combat", "compare", "advise", "vote"];

// encode returns the fragment for a document of the given kind.
export function encode(kind, doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(doc));
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return `#${kind}=` + btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

// decode reads a fragment; it returns {kind, doc}, null for a fragment
// that holds no document, or throws an Error saying what is wrong.
export function decode(hash) {
  const m = /^#([a-z]+)=(.*)$/s.exec(hash || "");
  if (!m || !kinds.includes(m[1])) return null;
  const b64 = m[2].replaceAll("-", "+").replaceAll("_", "/");
  let bin;
  try {
    bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  } catch {
    throw new Error("the link's scenario is not base64url text");
  }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  let doc;
  try {
    doc = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new Error("the link's scenario is not a JSON document");
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new Error("the link's scenario is not a JSON object");
  }
  return { kind: m[1], doc };
}
