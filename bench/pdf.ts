import fs from 'node:fs';
import path from 'node:path';
import { collectBytes, printDocument } from '../apps/server/src/pdf/pdfmake-printer';
import { renderPdf } from '../apps/server/src/pdf/render-pdf';
import { offerTemplate } from '../apps/server/src/pdf/templates/offer-template';
import { sampleInput, samplePositions } from '../apps/server/test/pdf-samples';

/**
 * `npm run pdf -w @kontor/bench`: renders the sample invoice (logo, GiroCode, PDF_POSITIONS
 * positions, default 50) PDF_RUNS times (default 100) and, in the same run, a one-line document
 * through the same pdfmake printer as the baseline, so the figure reads as a ratio that holds
 * across machines. Target: median ≤ 150 ms for 50 positions. With PDF_SAMPLE_DIR set, it first
 * writes the samples to look at there: kontor-sample-invoice.pdf (60 positions) and
 * kontor-sample-offer.pdf.
 */
const runs = Number(process.env.PDF_RUNS ?? 100);
const positions = Number(process.env.PDF_POSITIONS ?? 50);
const target = 150;
const log = (line: string) => console.log(line);

const sampleDir = process.env.PDF_SAMPLE_DIR;
if (sampleDir) {
  const offer = sampleInput({
    template: offerTemplate,
    positions: samplePositions(5),
    record: {
      number: 'AN-2024-0017',
      valid_until: '2024-06-15',
      subject: 'Ihre Anfrage vom 29.04.2024',
      intro: 'Sehr geehrte Frau Jürgens,\n\nvielen Dank für Ihre Anfrage. Gerne bieten wir Ihnen an:',
    },
  });
  fs.writeFileSync(
    path.join(sampleDir, 'kontor-sample-invoice.pdf'),
    await renderPdf(sampleInput({ positions: samplePositions(60) })),
  );
  fs.writeFileSync(
    path.join(sampleDir, 'kontor-sample-offer.pdf'),
    await renderPdf({ ...offer, meta: { ...offer.meta, title: 'Angebot AN-2024-0017' } }),
  );
  log(`Beispiele geschrieben nach ${sampleDir}`);
}

const invoice = sampleInput({ positions: samplePositions(positions) });
const trivial = async () => {
  await collectBytes(await printDocument({ content: 'Rechnung RE-2024-0042', defaultStyle: { font: 'Roboto' } }));
};
const render = async () => {
  await renderPdf(invoice);
};

// Warm-up: fonts, JIT.
for (let i = 0; i < 10; i++) {
  await trivial();
  await render();
}

// Alternating, so both see the same load of this shared machine.
const baselineTimes: number[] = [];
const invoiceTimes: number[] = [];
const time = async (run: () => Promise<void>, into: number[]) => {
  const started = performance.now();
  await run();
  into.push(performance.now() - started);
};
for (let i = 0; i < runs; i++) {
  await time(trivial, baselineTimes);
  await time(render, invoiceTimes);
}
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
};
const baseline = stats(baselineTimes);
const measured = stats(invoiceTimes);
const ms = (value: number) => `${value.toFixed(1)} ms`;
log(`PDF-Rechnung mit ${positions} Positionen, ${runs} Durchläufe`);
log(`  Rechnung:    Median ${ms(measured.median)}, p95 ${ms(measured.p95)}`);
log(`  Grundlinie:  Median ${ms(baseline.median)}, p95 ${ms(baseline.p95)} (einzeiliges pdfmake-Dokument)`);
log(`  Verhältnis:  ${(measured.median / baseline.median).toFixed(1)} × Grundlinie (Median)`);
log(`  Ziel Median ≤ ${target} ms: ${measured.median <= target ? 'erreicht' : 'verfehlt'}`);
