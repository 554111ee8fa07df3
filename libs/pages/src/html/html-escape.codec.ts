/**
 * Unicode's bidirectional controls (embeddings, overrides, isolates, marks):
 * in a name a client chose, they reorder what the person reads
 * ("Trusted\u202Eppa.live" shows as "Trustedevil.app").
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** `text` with every bidirectional control shown as U+FFFD: the person sees that something was there, not what it would reorder. */
function neutralizeBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '\uFFFD');
}

/**
 * Escapes text for HTML element content and quoted attribute values
 * (`& < > " '` as numeric references); bidirectional controls are
 * neutralized ({@link neutralizeBidi}). The {@link html} tag is its only caller.
 */
export function escapeText(text: string): string {
  return neutralizeBidi(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
