import { extractTextItems, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type {
  CompanyDetails,
  DocumentLine,
  DocumentTotals,
  InvoiceDocument,
  QuoteDocument,
} from './documents.js';
import { renderInvoicePdf, renderQuotePdf } from './pdf.js';

// ---------------------------------------------------------------------------------------------------
// Reading the PDFs back: each page as lines of text, a line being the text items on one baseline
// (left to right, joined by one space), so a table row reads "bracket.stl 3 £12.50 £37.50".

interface ReadPdf {
  pages: string[][];
  /** Every line of every page, one per line. */
  text: string;
}

async function readPdf(pdf: Buffer): Promise<ReadPdf> {
  const { items } = await extractTextItems(new Uint8Array(pdf));
  const pages = items.map((page) => {
    const rows = new Map<number, Array<{ x: number; str: string }>>();
    for (const item of page) {
      if (!item.str.trim()) continue;
      const y = Math.round(item.y);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.x, str: item.str }]);
    }
    return [...rows.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, row]) =>
        row
          .sort((a, b) => a.x - b.x)
          .map((item) => item.str)
          .join(' '),
      );
  });
  return { pages, text: pages.flat().join('\n') };
}

/** "£1,234.56" → 123456, "–£5.30" (an en dash stands in for the minus sign) → -530. */
function pence(money: string): number {
  const match = /^([–−-]?)£(\d{1,3}(?:,\d{3})*)\.(\d{2})$/.exec(money);
  if (!match) throw new Error(`not money: "${money}"`);
  const value = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/** The figure on the one line that is `label` and then an amount. */
function figureAfter(read: ReadPdf, label: string): number {
  const lines = read.pages
    .flat()
    .filter((line) => /^[–−-]?£/.test(line.slice(label.length + 1)) && line.startsWith(`${label} `));
  expect(lines, `one line starting "${label}"`).toHaveLength(1);
  return pence(lines[0]!.slice(label.length + 1));
}

// ---------------------------------------------------------------------------------------------------
// Documents.

const seller: CompanyDetails = {
  name: 'PrintLoop Ltd',
  address: ['Unit 4, Canal Works', '12 Wharf Street', 'Leeds LS2 7EQ', 'United Kingdom'],
  email: 'hello@printloop.example',
  website: 'printloop.example',
  vatNumber: 'GB123456789',
  companyNumber: '12345678',
};

const lines: DocumentLine[] = [
  {
    description: 'bracket.stl',
    detail: 'PLA, Black · 0.2 mm layers · 20 % infill · 60 mm/s · supports',
    quantity: 3,
    unitAmount: 1250,
    amount: 3750,
  },
  {
    description: 'enclosure-lid.3mf',
    detail: 'PETG, Grey · 0.16 mm layers',
    quantity: 1,
    unitAmount: 4999,
    amount: 4999,
  },
  { description: 'gear_12t.stl', quantity: 10, unitAmount: 185, amount: 1850 },
];

/** Items 105.99 − 5.30 + 4.50 + 3.95 = 109.14 net; VAT 20% 21.83; total 130.97. */
const ukTotals: DocumentTotals = {
  itemsAmount: 10599,
  discountAmount: 530,
  fulfillmentAmount: 450,
  shippingAmount: 395,
  netAmount: 10914,
  taxRate: 0.2,
  taxAmount: 2183,
  totalAmount: 13097,
  taxLabel: 'VAT 20%',
};

const bank = {
  accountName: 'PrintLoop Ltd',
  bankName: 'Example Bank plc',
  sortCode: '12-34-56',
  accountNumber: '12345678',
  iban: 'GB29 NWBK 6016 1331 9268 19',
  bic: 'NWBKGB2L',
};

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'invoice',
    number: 'INV-2026-000042',
    issueDate: '2026-11-22',
    dueDate: '2026-12-22',
    orderId: 'ord_01JD4X7Q9M2Z',
    orderReference: 'PO-7781',
    seller,
    buyer: {
      name: 'Babbage Engines Ltd',
      lines: ['1 Analytical Way', 'Cambridge CB2 1TN', 'United Kingdom'],
      email: 'accounts@babbage.example',
      vatNumber: 'GB987654321',
    },
    shipTo: {
      name: 'Ada Lovelace',
      lines: ['Workshop 3, Difference Yard', 'Cambridge CB4 0WS', 'United Kingdom'],
    },
    lines,
    totals: ukTotals,
    paymentTerms: 'Net 30',
    bank,
    shippingDescription: 'Royal Mail Tracked 48 (2–3 business days)',
    ...overrides,
  };
}

function quote(overrides: Partial<QuoteDocument> = {}): QuoteDocument {
  return {
    number: 'Q-7F3A21',
    issueDate: '2026-11-22',
    validUntil: '2026-12-06',
    seller,
    buyer: { name: 'Ada Lovelace', lines: ['Cambridge CB4 0WS', 'United Kingdom'], email: 'ada@example.com' },
    lines: [lines[0]!],
    totals: {
      itemsAmount: 3750,
      discountAmount: 0,
      fulfillmentAmount: 450,
      shippingAmount: 0,
      netAmount: 4200,
      taxRate: 0.2,
      taxAmount: 840,
      totalAmount: 5040,
      taxLabel: 'VAT 20%',
    },
    estimate: { printTimeS: 3 * 3600 + 25 * 60, filamentG: 42.08 },
    leadTimeDays: 5,
    priceTableVersion: '2026-11-01',
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------------

describe('renderInvoicePdf: an invoice', () => {
  it('shows the header, both parties, every line and the totals exactly as given', async () => {
    const read = await readPdf(await renderInvoicePdf(invoice()));

    expect(read.pages).toHaveLength(1);
    // The seller's name on the left, the title on the right, on the first line.
    expect(read.pages[0]![0]).toBe('PrintLoop Ltd INVOICE');
    expect(read.text).toMatch(/^Number INV-2026-000042$/m);
    expect(read.text).toMatch(/^Issue date 22 November 2026$/m);
    expect(read.text).toMatch(/^Due date 22 December 2026$/m);
    expect(read.text).toMatch(/^Order ord_01JD4X7Q9M2Z$/m);
    expect(read.text).toMatch(/^Your reference PO-7781$/m);
    // The seller, with its VAT and company numbers.
    expect(read.text).toContain('PrintLoop Ltd');
    expect(read.text).toContain('VAT no. GB123456789');
    expect(read.text).toContain('Company no. 12345678');
    // Bill to and Ship to side by side: their labels and names share a line.
    expect(read.text).toMatch(/^BILL TO SHIP TO$/m);
    expect(read.text).toMatch(/^Babbage Engines Ltd Ada Lovelace$/m);
    expect(read.text).toContain('accounts@babbage.example');
    expect(read.text).toContain('VAT no. GB987654321');

    // Each row: description, quantity, unit price and amount on one line; the detail under it.
    expect(read.text).toMatch(/^DESCRIPTION QTY UNIT PRICE AMOUNT$/m);
    expect(read.text).toMatch(/^bracket\.stl 3 £12\.50 £37\.50$/m);
    expect(read.text).toMatch(/^enclosure-lid\.3mf 1 £49\.99 £49\.99$/m);
    expect(read.text).toMatch(/^gear_12t\.stl 10 £1\.85 £18\.50$/m);
    expect(read.text).toContain('PLA, Black · 0.2 mm layers · 20 % infill · 60 mm/s · supports');

    // Totals: every figure equals the input to the penny; the discount is negative.
    expect(read.text).toMatch(/^Volume discount –£5\.30$/m);
    expect(figureAfter(read, 'Items')).toBe(ukTotals.itemsAmount);
    expect(figureAfter(read, 'Volume discount')).toBe(-ukTotals.discountAmount);
    expect(figureAfter(read, 'Fulfilment')).toBe(ukTotals.fulfillmentAmount);
    expect(figureAfter(read, 'Shipping')).toBe(ukTotals.shippingAmount);
    expect(figureAfter(read, 'Net')).toBe(ukTotals.netAmount);
    expect(figureAfter(read, 'VAT 20%')).toBe(ukTotals.taxAmount);
    expect(figureAfter(read, 'Total')).toBe(ukTotals.totalAmount);
    expect(read.text.replaceAll('\n', ' ')).toContain(
      'Shipping £3.95 Royal Mail Tracked 48 (2–3 business days)',
    );

    // Payment: terms, bank details and the reference to quote; not paid.
    expect(read.text).toContain('Net 30');
    expect(read.text).toContain('Account name: PrintLoop Ltd');
    expect(read.text).toContain('Bank: Example Bank plc');
    expect(read.text).toContain('Sort code: 12-34-56');
    expect(read.text).toContain('Account number: 12345678');
    expect(read.text).toContain('IBAN: GB29 NWBK 6016 1331 9268 19');
    expect(read.text).toContain('BIC: NWBKGB2L');
    expect(read.text).toContain('Please quote INV-2026-000042 as the payment reference.');
    expect(read.text).not.toContain('PAID');

    expect(read.text).toMatch(/^PrintLoop Ltd · page 1 of 1$/m);
  });

  it('prints the reverse-charge label and note, and no discount line when there is none', async () => {
    const taxNote =
      'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';
    const read = await readPdf(
      await renderInvoicePdf(
        invoice({
          buyer: { name: 'Zuse Werkstatt GmbH', lines: ['Berlin', 'Germany'], vatNumber: 'DE123456789' },
          totals: {
            ...ukTotals,
            discountAmount: 0,
            netAmount: 11444,
            taxRate: 0,
            taxAmount: 0,
            totalAmount: 11444,
            taxLabel: 'VAT 0% (reverse charge)',
            taxNote,
          },
        }),
      ),
    );
    expect(read.text).toMatch(/^VAT 0% \(reverse charge\) £0\.00$/m);
    expect(figureAfter(read, 'Total')).toBe(11444);
    expect(read.text).not.toContain('Volume discount');
    // The note may wrap: compare with the line breaks taken out.
    expect(read.text.replaceAll('\n', ' ')).toContain(taxNote);
  });

  it('says PAID on the date when paid, and shows no bank details when none are given', async () => {
    const read = await readPdf(
      await renderInvoicePdf(
        invoice({ dueDate: null, paidDate: '2026-11-25', bank: undefined, paymentTerms: 'Paid by card' }),
      ),
    );
    expect(read.text).toMatch(/^PAID on 25 November 2026$/m);
    expect(read.text).not.toContain('Due date');
    expect(read.text).not.toContain('Sort code');
    expect(read.text).not.toContain('payment reference');
  });

  it('sets the metadata, dated the issue date, and gives the same bytes twice', async () => {
    const first = await renderInvoicePdf(invoice());
    const { info } = await getMeta(new Uint8Array(first));
    expect(info.Title).toBe('Invoice INV-2026-000042');
    expect(info.Author).toBe('PrintLoop Ltd');
    expect(info.CreationDate).toBe('D:20261122000000Z');
    expect((await renderInvoicePdf(invoice())).equals(first)).toBe(true);
  });
});

describe('renderInvoicePdf: a pro-forma invoice', () => {
  it('is titled PRO-FORMA INVOICE and asks for a bank transfer quoting its number', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        kind: 'proforma',
        number: 'PRO-2026-000007',
        dueDate: null,
        paymentTerms: 'Payment before production (bank transfer)',
      }),
    );
    const read = await readPdf(pdf);
    expect(read.pages[0]![0]).toBe('PrintLoop Ltd PRO-FORMA INVOICE');
    expect(read.text).toMatch(/^Number PRO-2026-000007$/m);
    expect(read.text).not.toContain('Due date');
    expect(read.text).toContain('Payment before production (bank transfer)');
    expect(read.text).toContain('Sort code: 12-34-56');
    expect(read.text).toContain('Account number: 12345678');
    expect(read.text).toContain('Please quote PRO-2026-000007 as the payment reference.');
    expect((await getMeta(new Uint8Array(pdf))).info.Title).toBe('Pro-forma invoice PRO-2026-000007');
  });
});

describe('renderQuotePdf', () => {
  it('shows the validity, the estimate, the lead time and no shipping figure', async () => {
    const doc = quote();
    const read = await readPdf(await renderQuotePdf(doc));
    expect(read.pages[0]![0]).toBe('PrintLoop Ltd QUOTE');
    expect(read.text).toMatch(/^Number Q-7F3A21$/m);
    expect(read.text).toMatch(/^Valid until 6 December 2026$/m);
    expect(read.text).toMatch(/^PREPARED FOR$/m);
    expect(read.text).toMatch(/^bracket\.stl 3 £12\.50 £37\.50$/m);
    expect(read.text).toContain('Print time: 3 h 25 min');
    expect(read.text).toContain('Filament: 42.1 g');
    expect(read.text).toContain('Ready to ship within 5 working days.');
    expect(read.text).toContain('Prices exclude shipping, which is added at checkout.');
    expect(read.text).toContain('Price table 2026-11-01');
    // The quote has no shipping yet: no Shipping row, and the total is items + fulfilment + VAT.
    expect(read.text).not.toMatch(/^Shipping/m);
    expect(figureAfter(read, 'Items')).toBe(doc.totals.itemsAmount);
    expect(figureAfter(read, 'Fulfilment')).toBe(doc.totals.fulfillmentAmount);
    expect(figureAfter(read, 'Net')).toBe(doc.totals.netAmount);
    expect(figureAfter(read, 'VAT 20%')).toBe(doc.totals.taxAmount);
    expect(figureAfter(read, 'Total')).toBe(doc.totals.totalAmount);
    expect((await getMeta(new Uint8Array(await renderQuotePdf(doc)))).info.Title).toBe('Quote Q-7F3A21');
  });

  it('leaves the VAT line out when the quote omits VAT', async () => {
    const doc = quote();
    const totals = { ...doc.totals, taxRate: 0, taxAmount: 0, totalAmount: 4200, taxLabel: '' };
    const read = await readPdf(await renderQuotePdf({ ...doc, totals, leadTimeDays: 1 }));
    expect(read.text).not.toContain('VAT 20%');
    expect(figureAfter(read, 'Total')).toBe(4200);
    expect(read.text).toContain('Ready to ship within 1 working day.');
  });
});

describe('renderQuotePdf: stated shipping', () => {
  it('prints a shipping line only when the quote states an amount', async () => {
    const doc = quote();
    const totals = { ...doc.totals, shippingAmount: 500, netAmount: 4700, taxAmount: 940, totalAmount: 5640 };
    const read = await readPdf(await renderQuotePdf({ ...doc, totals }));
    expect(figureAfter(read, 'Shipping')).toBe(500);
    expect(figureAfter(read, 'Total')).toBe(5640);
  });
});

describe('long and awkward content', () => {
  it('cuts a description too long for any page, with an ellipsis, rather than losing the row', async () => {
    const description = `${'word '.repeat(2000)}end.stl`;
    const read = await readPdf(
      await renderInvoicePdf(
        invoice({ lines: [{ description, quantity: 1, unitAmount: 100, amount: 100 }] }),
      ),
    );
    expect(read.text).toMatch(/^word word .* 1 £1\.00 £1\.00$/m);
    expect(read.text).toMatch(/word…$/m);
    expect(read.text).not.toContain('end.stl');
  });

  it('carries a 60-line table over several pages, the header row repeated on each', async () => {
    const many: DocumentLine[] = Array.from({ length: 60 }, (_, i) => ({
      description: `part-${String(i + 1).padStart(2, '0')}.stl`,
      detail: 'PLA, White · 0.2 mm layers · 15 % infill',
      quantity: 2,
      unitAmount: 1234,
      amount: 2468,
    }));
    const itemsAmount = 60 * 2468;
    const totals = {
      ...ukTotals,
      itemsAmount,
      discountAmount: 0,
      netAmount: itemsAmount + 845,
      taxAmount: 29785,
      totalAmount: itemsAmount + 845 + 29785,
    };
    const read = await readPdf(await renderInvoicePdf(invoice({ lines: many, totals })));

    expect(read.pages.length).toBeGreaterThanOrEqual(2);
    const pages = read.pages.length;
    read.pages.forEach((page, i) => {
      expect(page).toContain(`PrintLoop Ltd · page ${i + 1} of ${pages}`);
      if (i > 0) expect(page[0]).toBe('Invoice INV-2026-000042 (continued)');
    });
    expect(read.text).toContain(`page 2 of ${pages}`);
    for (let i = 1; i <= 60; i++) {
      const name = `part-${String(i).padStart(2, '0')}.stl`;
      expect(read.pages.flat().filter((line) => line === `${name} 2 £12.34 £24.68`)).toHaveLength(1);
    }
    // Every later page with rows starts with the table's header row, under the "(continued)" line.
    const continued = read.pages.slice(1).filter((p) => p.some((line) => line.startsWith('part-')));
    expect(continued.length).toBeGreaterThanOrEqual(1);
    for (const page of continued) expect(page[1]).toBe('DESCRIPTION QTY UNIT PRICE AMOUNT');
    expect(figureAfter(read, 'Items')).toBe(148080);
    expect(read.text).toMatch(/^Items £1,480\.80$/m);
    expect(figureAfter(read, 'Total')).toBe(totals.totalAmount);
  });

  it('wraps a long description inside its column, the figures staying on its first line', async () => {
    const description = `${'very long file name '.repeat(6)}final_part_without_any_spaces_at_all_v12.stl`;
    const pdf = await renderInvoicePdf(
      invoice({ lines: [{ description, quantity: 1, unitAmount: 999, amount: 999 }] }),
    );
    const { items } = await extractTextItems(new Uint8Array(pdf));
    const page = items[0]!;
    const descriptionItems = page.filter(
      (item) => item.str.includes('very long') || item.str.includes('final_'),
    );
    expect(descriptionItems.length).toBeGreaterThan(1);
    // The quantity column starts at 314 pt; the description never reaches it.
    for (const item of descriptionItems) expect(item.x + item.width).toBeLessThan(310);
    const read = await readPdf(pdf);
    expect(read.text).toMatch(/^very long file name .* 1 £9\.99 £9\.99$/m);
    expect(read.text.replace(/\n/g, ' ').replace(/\s+/g, ' ')).toContain('very long file name final_');
  });

  it('replaces characters the standard fonts lack with readable ones instead of failing', async () => {
    const read = await readPdf(
      await renderInvoicePdf(
        invoice({
          buyer: { name: 'Łukasz Dvořák', lines: ['Kraków', '東京 🙂'] },
          lines: [
            {
              description: 'clip ≤ 2 mm − ﬁnal',
              detail: 'tolerance ≈ 0.1 mm · 20\u202F% infill · ½ scale',
              quantity: 1,
              unitAmount: 100,
              amount: 100,
            },
          ],
          totals: {
            ...ukTotals,
            itemsAmount: 100,
            discountAmount: 0,
            netAmount: 945,
            taxAmount: 189,
            totalAmount: 1134,
          },
        }),
      ),
    );
    expect(read.text).toMatch(/^clip <= 2 mm – final 1 £1\.00 £1\.00$/m);
    expect(read.text).toContain('tolerance ~ 0.1 mm · 20 % infill · ½ scale');
    expect(read.text).toContain('Lukasz Dvorák');
    expect(read.text).toContain('Kraków');
    expect(read.text).toContain('?? ?');
  });
});
