/**
 * A one-page PDF for the demo's documents (a calibration certificate, a schematic): text lines
 * and, optionally, drawing operators, with a correct cross-reference table so any reader opens
 * it. A4, Helvetica; text is ASCII (PDF string escapes for `(`, `)` and `\`).
 */
export function onePagePdf(lines: readonly string[], drawing = ''): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((line, n) => `BT /F1 ${n === 0 ? 16 : 10} Tf 56 ${790 - n * 18} Td (${escape(line)}) Tj ET`).join('\n');
  const content = `${text}\n${drawing}`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${Buffer.byteLength(content)}>>stream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, n) => {
    offsets.push(Buffer.byteLength(body));
    body += `${n + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
