/** What an NF-e XML states. */
export interface NfeXmlInput {
  access_key: string;
  number: number;
  series: string;
  issued_at: string;
  status: 'issued' | 'cancelled';
  issuer: string;
  customer: { name: string; document: string; email: string };
  description: string;
  total_cents: number;
}

/**
 * An NF-e-like XML in the SEFAZ layout's shape (`nfeProc` > `NFe` > `infNFe`
 * with `ide`, `emit`, `dest`, `det`, `total`), namespace
 * `http://www.portalfiscal.inf.br/nfe`. Not signed: no SEFAZ is reached
 * (openWorldHint false); the structure is what downstream readers parse.
 */
export function renderNfeXml(input: NfeXmlInput): Buffer {
  const value = (input.total_cents / 100).toFixed(2);
  const destTag = input.customer.document.length === 14 ? 'CNPJ' : 'CPF';
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">',
    '<NFe>',
    `<infNFe Id="NFe${input.access_key}" versao="4.00">`,
    `<ide><mod>55</mod><serie>${esc(input.series)}</serie><nNF>${input.number}</nNF><dhEmi>${esc(input.issued_at)}</dhEmi><tpNF>1</tpNF></ide>`,
    `<emit><xNome>${esc(input.issuer)}</xNome></emit>`,
    `<dest><${destTag}>${esc(input.customer.document)}</${destTag}><xNome>${esc(input.customer.name)}</xNome><email>${esc(input.customer.email)}</email></dest>`,
    `<det nItem="1"><prod><xProd>${esc(input.description)}</xProd><qCom>1.0000</qCom><vProd>${value}</vProd></prod></det>`,
    `<total><ICMSTot><vNF>${value}</vNF></ICMSTot></total>`,
    '</infNFe>',
    '</NFe>',
    `<protNFe versao="4.00"><infProt><chNFe>${input.access_key}</chNFe><cStat>${input.status === 'issued' ? 100 : 101}</cStat></infProt></protNFe>`,
    '</nfeProc>',
    '',
  ].join('\n');
  return Buffer.from(xml, 'utf8');
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}
