/**
 * A minimal, valid PDF 1.4: one A4 page of Helvetica text lines, with a
 * correct cross-reference table (byte offsets computed, not guessed), so any
 * reader opens it. Deterministic: the same lines give the same bytes.
 */
export function renderPdf(lines: readonly string[]): Buffer {
  const text = lines.map((line, index) => `BT /F1 11 Tf 50 ${790 - index * 16} Td (${escapePdf(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** PDF string literal escaping; characters outside Latin-1 become `?` rather than corrupt the stream. */
function escapePdf(line: string): string {
  return line.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (char) => `\\${char}`);
}
