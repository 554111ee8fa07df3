import { html, SafeHtml } from '../index';
import type { HtmlValue } from '../index';

describe('html', () => {
  it('escapes & < > " \' in text', () => {
    expect(html`<p>${`a & b < c > d " e ' f`}</p>`.toString()).toBe('<p>a &#38; b &#60; c &#62; d &#34; e &#39; f</p>');
  });

  it('escapes quotes in attribute values, so a value cannot end its attribute', () => {
    const value = `x" onmouseover="alert(1)`;
    expect(html`<input value="${value}">`.toString()).toBe('<input value="x&#34; onmouseover=&#34;alert(1)">');
    expect(html`<input value='${"x' autofocus onfocus='alert(1)"}'>`.toString()).toBe(`<input value='x&#39; autofocus onfocus=&#39;alert(1)'>`);
  });

  it('keeps a value that tries to break out of its element as text', () => {
    const name = '</strong><script>alert(document.cookie)</script><strong>';
    const out = html`<strong id="client-name">${name}</strong>`.toString();
    expect(out).toBe('<strong id="client-name">&#60;/strong&#62;&#60;script&#62;alert(document.cookie)&#60;/script&#62;&#60;strong&#62;</strong>');
    expect(out).not.toContain('<script>');
  });

  it('shows bidirectional controls as U+FFFD, so a name cannot reorder what the person reads', () => {
    expect(html`<b>${'Trusted\u202Eppa.live\u2066'}</b>`.toString()).toBe('<b>Trusted\uFFFDppa.live\uFFFD</b>');
  });

  it('inserts what html returned as it is, so templates nest; escaping happens once', () => {
    const inner = html`<em>${'a<b'}</em>`;
    const outer = html`<p>${inner} and ${'<em>'}</p>`;
    expect(outer.toString()).toBe('<p><em>a&#60;b</em> and &#60;em&#62;</p>');
    expect(html`<div>${outer}</div>`.toString()).toBe('<div><p><em>a&#60;b</em> and &#60;em&#62;</p></div>');
  });

  it('joins arrays with nothing between, escaping strings and nesting arrays', () => {
    const items = ['<1>', '2'].map((label) => html`<li>${label}</li>`);
    expect(html`<ul>${items}</ul>`.toString()).toBe('<ul><li>&#60;1&#62;</li><li>2</li></ul>');
    expect(html`${['<a>', [html`<b></b>`, 3], []]}`.toString()).toBe('&#60;a&#62;<b></b>3');
  });

  it('renders null and undefined as nothing, and numbers as text', () => {
    const missing: HtmlValue = null;
    expect(html`<p>${missing}${undefined}${0}${-1.5}</p>`.toString()).toBe('<p>0-1.5</p>');
  });

  it('escapes a string that looks like markup: only html itself makes SafeHtml', () => {
    expect(html`${'<b>bold</b>'}`.toString()).toBe('&#60;b&#62;bold&#60;/b&#62;');
    expect(html`${String(html`<b>bold</b>`)}`.toString()).toBe('&#60;b&#62;bold&#60;/b&#62;');
    expect(() => new (SafeHtml as unknown as new (markup: string) => SafeHtml)('<script></script>')).toThrow(TypeError);
  });

  it('refuses a value in an unquoted attribute, an attribute name or a tag name', () => {
    expect(() => html`<a href=${'x onclick=alert(1)'}>`).toThrow(/inside a tag/);
    expect(() => html`<p class="a" ${'onclick=alert(1)'}>`).toThrow(/inside a tag/);
    expect(() => html`<${'script'}>`).toThrow(/inside a tag/);
  });

  it('accepts values after quoted attributes, inside quoted ones with = in them, and in text with = or > in it', () => {
    expect(html`<a id="older" href="/audit?cursor=${'a=b'}">${'x'}</a>`.toString()).toBe('<a id="older" href="/audit?cursor=a=b">x</a>');
    expect(html`<p data-a="1>2" data-b='${'q'}'>x = ${1}, 2 > ${0}</p>`.toString()).toBe(`<p data-a="1>2" data-b='q'>x = 1, 2 > 0</p>`);
  });
});
