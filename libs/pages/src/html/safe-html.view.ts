/** Proves a {@link SafeHtml} came from this kit: nothing outside it can build one from a string. */
const KIT = Symbol('SafeHtml');

/**
 * HTML the kit has built: the result of the {@link html} tag, whose every
 * interpolated value was escaped or was itself a `SafeHtml`. It is the only
 * value a template inserts as it is; anything else is text. There is no
 * public way to make one from a string, so "already escaped" is a type, not
 * a promise in a comment.
 */
export class SafeHtml {
  /** The markup. Read it through {@link SafeHtml.toString} (which is what a response sends). */
  readonly #markup: string;

  /** Only the kit calls this, through {@link trustedHtml}. */
  constructor(markup: string, kit: typeof KIT) {
    if (kit !== KIT) throw new TypeError('SafeHtml is built by the html tag, never from a string');
    this.#markup = markup;
  }

  /** The markup, as sent. */
  toString(): string {
    return this.#markup;
  }
}

/**
 * Markup the kit wrote itself (its stylesheet and script, a template's own
 * text): never called with a value that came from outside. Not exported by
 * the library.
 */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup, KIT);
}
