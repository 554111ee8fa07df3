/**
 * A CPF or CNPJ as a person deciding on a call may see it: the middle digits
 * only, the way Brazilian public services mask a CPF (`***.456.789-**`), so
 * the customer is recognised without the number being written down whole.
 * Anything else is shown as asterisks of its length, bounded.
 */
export function maskDocument(document: unknown): string {
  const digits = String(document);
  if (/^\d{11}$/.test(digits)) return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
  if (/^\d{14}$/.test(digits)) return `**.${digits.slice(2, 5)}.${digits.slice(5, 8)}/****-**`;
  return '*'.repeat(Math.min(digits.length, 20));
}
