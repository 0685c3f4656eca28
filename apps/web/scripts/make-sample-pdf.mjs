// Writes the sample PDF of the PDF预览 demo page (src/features/demo/pdf/sample.pdf): three A4 pages of
// text and simple shapes in the standard Helvetica fonts, so the file is small and needs no embedded font.
// Run: node apps/web/scripts/make-sample-pdf.mjs
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../src/features/demo/pdf/sample.pdf');

const PAGES = [
  {
    title: 'Campus Safety Handbook',
    lines: ['Anxue Cloud sample document, page 1 of 3.', '', 'Fire safety', '- Know the two nearest exits of every room you use.', '- Keep corridors and stairs free of bicycles and boxes.', '- In smoke, stay low and cover your mouth with a wet cloth.'],
  },
  {
    title: 'Water Safety',
    lines: ['Anxue Cloud sample document, page 2 of 3.', '', '- Never swim alone or in unknown water.', '- Call for help and throw something that floats;', '  do not jump in after a person in trouble.'],
  },
  {
    title: 'Traffic Safety',
    lines: ['Anxue Cloud sample document, page 3 of 3.', '', '- Cross at crossings, on green, after looking both ways.', '- Wear a helmet on a bicycle or an electric bike.'],
  },
];

const esc = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`);

function content(page, i) {
  const ops = [
    // a coloured band across the top and a frame, so zoom visibly changes the drawing
    '0.09 0.47 1 rg 0 782 595 60 re f',
    '0.6 0.6 0.6 RG 1 w 40 60 515 690 re S',
    `BT /F2 26 Tf 1 1 1 rg 56 800 Td (${esc(page.title)}) Tj ET`,
    'BT /F1 14 Tf 0 0 0 rg 56 720 Td 20 TL',
    ...page.lines.map((l) => `(${esc(l)}) '`),
    'ET',
    `BT /F1 10 Tf 0.4 0.4 0.4 rg 500 40 Td (- ${i + 1} -) Tj ET`,
  ];
  return ops.join('\n');
}

const objects = [];
const add = (body) => objects.push(body) && objects.length;
const catalog = add('');
const pages = add('');
const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
const kids = PAGES.map((p, i) => {
  const stream = content(p, i);
  const c = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  return add(`<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${c} 0 R >>`);
});
objects[catalog - 1] = `<< /Type /Catalog /Pages ${pages} 0 R >>`;
objects[pages - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
const info = add('<< /Title (Campus Safety Handbook) /Producer (Anxue Cloud make-sample-pdf) >>');

let out = '%PDF-1.4\n';
const offsets = objects.map((body, i) => {
  const at = Buffer.byteLength(out, 'latin1');
  out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  return at;
});
const xref = Buffer.byteLength(out, 'latin1');
out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
writeFileSync(OUT, Buffer.from(out, 'latin1'));
console.log(`wrote ${OUT} (${out.length} bytes, ${PAGES.length} pages)`);
