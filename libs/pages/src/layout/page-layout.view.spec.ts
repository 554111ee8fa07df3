import { createHash } from 'node:crypto';
import { html, localTimeScript, PAGE_HEADERS, pageHtml } from '../index';

/** The sources a CSP directive lists. */
function directive(name: string): string[] {
  const entry = PAGE_HEADERS['Content-Security-Policy'].split('; ').find((part) => part.startsWith(`${name} `));
  return entry ? entry.split(' ').slice(1) : [];
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('page layout', () => {
  it('escapes the title and places the body as html built it', () => {
    const page = pageHtml('A <b>"title"</b>', html`<p>${'<i>'}</p>`);
    expect(page).toContain('<title>A &#60;b&#62;&#34;title&#34;&#60;/b&#62;</title>');
    expect(page).toContain('<main><p>&#60;i&#62;</p></main>');
    expect(page.startsWith('<!doctype html><html lang="en"><head>')).toBe(true);
  });

  it('carries the stylesheet and script the CSP allows, by their exact hashes', () => {
    const page = pageHtml('T', html`${localTimeScript()}`);
    const style = /<style>(.*?)<\/style>/.exec(page)?.[1] ?? '';
    const script = /<script>(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(directive('style-src')).toEqual([sha256(style)]);
    expect(directive('script-src')).toEqual([sha256(script)]);
    expect(directive('default-src')).toEqual(["'none'"]);
  });
});
