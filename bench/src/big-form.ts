import { invoiceOfLines } from '../../apps/api/test/support/factories.ts';
import { pdfPages } from '../../apps/api/test/support/pdf-text.ts';
import { issueBody, type ScenarioContext } from './scenarios.ts';

const INVOICES = 50;
const LINES = 20;
const SAMPLES = 3;

export type BigFormFigures = {
  invoices: number;
  linesPerInvoice: number;
  /** The download call of a first print (render and store), ms, per form printed. */
  firstPrintMs: number[];
  /** The same call again (the stored PDF), ms. */
  reprintMs: number[];
  pages: number;
  bytes: number;
};

/** One form of 50 invoices × 20 lines, as the issue drawer would send it. */
function bigFormBody(passport: string): string {
  const form = JSON.parse(issueBody(passport)) as { invoice: { invoice_date: string }[] };
  const date = form.invoice[0]!.invoice_date;
  const rates = [25, 13, 5];
  const invoice = Array.from({ length: INVOICES }, (_, i) =>
    invoiceOfLines(
      `R-${String(i + 1).padStart(3, '0')}`,
      date,
      Array.from({ length: LINES }, (_, k) => ({
        rate: rates[k % rates.length]!,
        gross: 10_00 + 7 * k,
      })),
    ),
  );
  return JSON.stringify({ ...form, invoice });
}

/**
 * The longest form a payload may carry, printed: issues a few, times the first print of each
 * (render, store) and a reprint, and reads the PDF back for its page count.
 */
export async function measureBigForm(
  origin: string,
  context: ScenarioContext,
  log: (line: string) => void,
): Promise<BigFormFigures> {
  const { companyId, branchId } = context.tenant;
  const forms = `${origin}/api/v2/companies/${companyId}/retailers/${branchId}/taxforms`;
  const headers = { authorization: `Bearer ${context.token}`, 'accept-language': 'en' };
  const figures: BigFormFigures = {
    invoices: INVOICES,
    linesPerInvoice: LINES,
    firstPrintMs: [],
    reprintMs: [],
    pages: 0,
    bytes: 0,
  };
  for (let n = 0; n < SAMPLES; n += 1) {
    const issued = await fetch(`${forms}/issue`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: bigFormBody(`BIG${n}${Date.now().toString(36).toUpperCase()}`),
    });
    if (!issued.ok) throw new Error(`the 50 × 20 form was refused: ${await issued.text()}`);
    const { id } = ((await issued.json()) as { data: { id: number } }).data;
    const timed = async () => {
      const started = performance.now();
      const answer = await fetch(`${forms}/download/${id}`, { headers });
      const { data } = (await answer.json()) as { data: string };
      return { ms: Math.round((performance.now() - started) * 10) / 10, name: data };
    };
    const first = await timed();
    figures.firstPrintMs.push(first.ms);
    figures.reprintMs.push((await timed()).ms);
    const pdf = Buffer.from(
      await (await fetch(`${origin}/uploads/electronic/${first.name}`)).arrayBuffer(),
    );
    figures.pages = (await pdfPages(pdf)).length;
    figures.bytes = pdf.length;
  }
  log(
    `50 × 20 form: first print ${figures.firstPrintMs.join(' / ')} ms, reprint ${figures.reprintMs.join(' / ')} ms, ` +
      `${figures.pages} pages, ${Math.round(figures.bytes / 1024)} KiB`,
  );
  return figures;
}
