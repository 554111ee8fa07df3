/**
 * A 44-digit chave de acesso: UF 35, year-month, issuer 14 digits, model 55,
 * series (3), number (9), emission type 1, a code (8), and the module-11
 * check digit SEFAZ defines (weights 2..9 from the right; 0 or 1 → 0).
 */
export function nfeAccessKey(issuedAt: string, issuer: string, series: string, number: number, code: number): string {
  const yymm = issuedAt.slice(2, 4) + issuedAt.slice(5, 7);
  const base = `35${yymm}${issuer.padStart(14, '0').slice(-14)}55${series.padStart(3, '0')}${String(number).padStart(9, '0')}1${String(code).padStart(8, '0').slice(-8)}`;
  let sum = 0;
  for (let index = 0; index < base.length; index++) sum += Number(base[base.length - 1 - index]) * (2 + (index % 8));
  const rest = sum % 11;
  return `${base}${rest < 2 ? 0 : 11 - rest}`;
}
