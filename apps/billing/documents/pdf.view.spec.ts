import { renderPdf } from './pdf.view';

describe('renderPdf', () => {
  it('writes a PDF 1.4 whose xref offsets point at each object', () => {
    const pdf = renderPdf(['Fatura nº 1', 'Total R$ 10,00 (a) \\ b']);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => expect(text.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`));
    expect(text).toContain('(Total R$ 10,00 \\(a\\) \\\\ b) Tj');
    expect(renderPdf(['x']).equals(renderPdf(['x']))).toBe(true);
  });
});
