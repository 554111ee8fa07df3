/** Where the template's own text leaves a value: in text, inside a tag, or inside an attribute value quoted by `"` or `'`. */
type Place = 'text' | 'tag' | '"' | "'";

/** Templates already checked, by their call site (a tagged template passes the same `strings` array each time it runs). */
const checked = new WeakSet<TemplateStringsArray>();

/**
 * Refuses a template that puts a value where escaping cannot contain it:
 * inside a tag but outside a quoted attribute value (an unquoted attribute,
 * an attribute name, the tag's name). Text and quoted values are safe for
 * escaped text; the kit's markup closes its own tags, so a {@link SafeHtml}
 * value leaves the place as it found it. Runs once per call site.
 */
export function checkTemplate(strings: TemplateStringsArray): void {
  if (checked.has(strings)) return;
  let place: Place = 'text';
  for (let i = 0; i < strings.length - 1; i++) {
    place = scan(strings[i], place);
    if (place === 'tag') throw new TypeError(`html: value ${i + 1} is inside a tag but not in a quoted attribute value (after "${strings[i].slice(-20)}")`);
  }
  checked.add(strings);
}

function scan(text: string, from: Place): Place {
  let place = from;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (place === 'text') {
      // A tag opens at `<` and a letter, `/` or `!`, or at a `<` the value itself follows (the value would name the tag).
      if (char === '<' && (i + 1 === text.length || /[A-Za-z/!]/.test(text[i + 1]))) place = 'tag';
    } else if (place === 'tag') {
      if (char === '>') place = 'text';
      else if (char === '"' || char === "'") place = char;
    } else if (char === place) {
      place = 'tag';
    }
  }
  return place;
}
