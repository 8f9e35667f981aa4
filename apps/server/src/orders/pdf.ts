/**
 * The order documents as PDFs: the quote, the pro-forma invoice and the invoice. A4, pdfkit's built-in
 * Helvetica (nothing to bundle), every figure printed exactly as the document gives it. The output is
 * reproducible: the same document gives the same bytes (the PDF's dates are the issue date).
 */
import PDFDocument from 'pdfkit';
import type {
  BankDetails,
  CompanyDetails,
  DocumentLine,
  DocumentParty,
  DocumentTotals,
  InvoiceDocument,
  QuoteDocument,
} from './documents.js';
import {
  formatCount,
  formatDate,
  formatGrams,
  formatPence,
  formatPrintTime,
  pdfSafeText,
  utcMidnight,
} from './pdf-text.js';

type Pdf = PDFKit.PDFDocument;

const MARGIN = 50;
const COLOR = { text: '#1a1a1a', muted: '#6b6b6b', rule: '#d4d4d4', band: '#f2f2f2' } as const;

interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

const BODY: TextStyle = { size: 10 };
const SMALL: TextStyle = { size: 9 };
const MUTED: TextStyle = { size: 9, color: COLOR.muted };
const DETAIL: TextStyle = { size: 8, color: COLOR.muted };
const LABEL: TextStyle = { size: 8, bold: true, color: COLOR.muted };
const HEADING: TextStyle = { size: 10, bold: true };
const TITLE: TextStyle = { size: 18, bold: true };

/** Descriptions and details longer than this are cut (with "…") so one row can never outgrow a page. */
const MAX_CELL_CHARS = 400;

/** One pdfkit document and a cursor running down its pages; every string drawn goes through pdfSafeText. */
class Sheet {
  readonly pdf: Pdf;
  y = MARGIN;

  /** `continued` heads every page after the first, e.g. "Invoice INV-2026-000001 (continued)". */
  constructor(
    info: PDFKit.DocumentInfo,
    private readonly continued: string,
  ) {
    this.pdf = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true, // the footer's "page X of Y" is written once the page count is known
      lang: 'en-GB',
      displayTitle: true,
      info,
    });
  }

  get left(): number {
    return this.pdf.page.margins.left;
  }
  get right(): number {
    return this.pdf.page.width - this.pdf.page.margins.right;
  }
  get width(): number {
    return this.right - this.left;
  }
  get bottom(): number {
    return this.pdf.page.height - this.pdf.page.margins.bottom;
  }

  private style(style: TextStyle): void {
    this.pdf
      .font(style.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(style.size)
      .fillColor(style.color ?? COLOR.text);
  }

  /** The height `text` takes in a box `width` wide. */
  measure(text: string, width: number, style: TextStyle): number {
    this.style(style);
    return this.pdf.heightOfString(pdfSafeText(text), { width, lineGap: 1 });
  }

  /** Draws `text` with its top left at (x, y), wrapped to `width`; returns the height it took. */
  text(text: string, x: number, y: number, width: number, style: TextStyle): number {
    const safe = pdfSafeText(text);
    this.style(style);
    this.pdf.text(safe, x, y, { width, lineGap: 1, align: style.align ?? 'left' });
    return this.pdf.heightOfString(safe, { width, lineGap: 1 });
  }

  rule(y: number, from = this.left, to = this.right): void {
    this.pdf.moveTo(from, y).lineTo(to, y).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
  }

  band(y: number, height: number): void {
    this.pdf.rect(this.left, y, this.width, height).fillColor(COLOR.band).fill();
  }

  newPage(): void {
    this.pdf.addPage();
    this.y = this.pdf.page.margins.top;
    this.y += this.text(this.continued, this.left, this.y, this.width, DETAIL) + 10;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensureSpace(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  /** Writes "<footer> · page X of Y" under every page and returns the finished PDF. */
  finish(footer: string): Promise<Buffer> {
    const { start, count } = this.pdf.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.pdf.switchToPage(i);
      const page = this.pdf.page;
      const bottomMargin = page.margins.bottom;
      page.margins.bottom = 0; // pdfkit starts a new page for text below the bottom margin
      this.rule(page.height - 40);
      this.text(`${footer} · page ${i + 1} of ${count}`, this.left, page.height - 34, this.width, {
        ...DETAIL,
        align: 'center',
      });
      page.margins.bottom = bottomMargin;
    }
    return toBuffer(this.pdf);
  }
}

function toBuffer(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

function clip(text: string, max = MAX_CELL_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

// ---------------------------------------------------------------------------------------------------
// Header: the seller on the left, the document's title and facts on the right.

type Fact = [label: string, value: string];

function sellerLines(seller: CompanyDetails): string[] {
  return [
    ...seller.address,
    seller.email,
    ...(seller.website ? [seller.website] : []),
    ...(seller.vatNumber ? [`VAT no. ${seller.vatNumber}`] : []),
    ...(seller.companyNumber ? [`Company no. ${seller.companyNumber}`] : []),
  ];
}

function drawHeader(sheet: Sheet, seller: CompanyDetails, title: string, facts: Fact[]): void {
  const top = sheet.y;
  const leftWidth = 230;
  let left = top + sheet.text(seller.name, sheet.left, top, leftWidth, TITLE) + 4;
  for (const line of sellerLines(seller)) left += sheet.text(line, sheet.left, left, leftWidth, MUTED);

  // Wide enough for a whole order id (ord_ and 22 characters) on one line.
  const boxX = sheet.right - 255;
  const labelWidth = 70;
  const valueX = boxX + labelWidth + 5;
  const valueWidth = sheet.right - valueX;
  let right = top + sheet.text(title, boxX, top, 255, { ...TITLE, align: 'right' }) + 6;
  for (const [label, value] of facts) {
    sheet.text(label, boxX, right, labelWidth, MUTED);
    right += sheet.text(value, valueX, right, valueWidth, { ...SMALL, align: 'right' }) + 2;
  }

  sheet.y = Math.max(left, right) + 14;
  sheet.rule(sheet.y);
  sheet.y += 16;
}

// ---------------------------------------------------------------------------------------------------
// Parties: Bill to, and Ship to beside it.

function partyLines(party: DocumentParty): string[] {
  return [
    ...party.lines,
    ...(party.email ? [party.email] : []),
    ...(party.vatNumber ? [`VAT no. ${party.vatNumber}`] : []),
  ];
}

function drawParty(sheet: Sheet, label: string, party: DocumentParty, x: number, width: number): number {
  let y = sheet.y;
  y += sheet.text(label.toUpperCase(), x, y, width, LABEL) + 3;
  y += sheet.text(party.name, x, y, width, HEADING) + 1;
  for (const line of partyLines(party)) y += sheet.text(line, x, y, width, SMALL);
  return y;
}

function drawParties(sheet: Sheet, parties: Array<[label: string, party: DocumentParty]>): void {
  const columnWidth = (sheet.width - 30) / 2;
  let bottom = sheet.y;
  parties.forEach(([label, party], i) => {
    const x = sheet.left + i * (columnWidth + 30);
    bottom = Math.max(bottom, drawParty(sheet, label, party, x, columnWidth));
  });
  sheet.y = bottom + 20;
}

// ---------------------------------------------------------------------------------------------------
// The lines table. Rows wrap; a row that does not fit starts a new page, under the header row again.

const CELL_PAD = 6;
const HEADER_ROW_HEIGHT = 20;

function tableColumns(sheet: Sheet) {
  const gap = 10;
  const amount = { x: sheet.right - CELL_PAD - 85, width: 85 };
  const unit = { x: amount.x - gap - 80, width: 80 };
  const qty = { x: unit.x - gap - 40, width: 40 };
  const description = { x: sheet.left + CELL_PAD, width: qty.x - gap - sheet.left - CELL_PAD };
  return { description, qty, unit, amount };
}

function drawTableHeader(sheet: Sheet): void {
  const cols = tableColumns(sheet);
  sheet.band(sheet.y, HEADER_ROW_HEIGHT);
  const y = sheet.y + 6;
  const head: TextStyle = { ...LABEL, color: COLOR.text };
  sheet.text('DESCRIPTION', cols.description.x, y, cols.description.width, head);
  sheet.text('QTY', cols.qty.x, y, cols.qty.width, { ...head, align: 'right' });
  sheet.text('UNIT PRICE', cols.unit.x, y, cols.unit.width, { ...head, align: 'right' });
  sheet.text('AMOUNT', cols.amount.x, y, cols.amount.width, { ...head, align: 'right' });
  sheet.y += HEADER_ROW_HEIGHT;
}

function rowHeight(sheet: Sheet, line: DocumentLine): number {
  const { width } = tableColumns(sheet).description;
  const description = sheet.measure(clip(line.description), width, BODY);
  const detail = line.detail ? 2 + sheet.measure(clip(line.detail), width, DETAIL) : 0;
  return CELL_PAD + description + detail + CELL_PAD;
}

function drawRow(sheet: Sheet, line: DocumentLine): void {
  const height = rowHeight(sheet, line);
  if (sheet.y + height > sheet.bottom) {
    sheet.newPage();
    drawTableHeader(sheet);
  }
  const cols = tableColumns(sheet);
  const y = sheet.y + CELL_PAD;
  const below = sheet.text(clip(line.description), cols.description.x, y, cols.description.width, BODY);
  if (line.detail) {
    sheet.text(clip(line.detail), cols.description.x, y + below + 2, cols.description.width, DETAIL);
  }
  const right: TextStyle = { ...BODY, align: 'right' };
  sheet.text(formatCount(line.quantity), cols.qty.x, y, cols.qty.width, right);
  sheet.text(formatPence(line.unitAmount), cols.unit.x, y, cols.unit.width, right);
  sheet.text(formatPence(line.amount), cols.amount.x, y, cols.amount.width, right);
  sheet.y += height;
  sheet.rule(sheet.y);
}

function drawLines(sheet: Sheet, lines: DocumentLine[]): void {
  const first = lines[0];
  sheet.ensureSpace(HEADER_ROW_HEIGHT + (first ? rowHeight(sheet, first) : 0)); // no header left alone
  drawTableHeader(sheet);
  for (const line of lines) drawRow(sheet, line);
  sheet.y += 16;
}

// ---------------------------------------------------------------------------------------------------
// Totals, right-aligned, kept together on one page.

interface TotalRow {
  label: string;
  value: string;
  /** Small grey text under the label, e.g. the shipping service. */
  note?: string;
  bold?: boolean;
}

function totalRows(totals: DocumentTotals, shipping: { show: boolean; note?: string }): TotalRow[] {
  const rows: TotalRow[] = [{ label: 'Items', value: formatPence(totals.itemsAmount) }];
  if (totals.discountAmount > 0) {
    rows.push({ label: 'Volume discount', value: formatPence(-totals.discountAmount) });
  }
  rows.push({ label: 'Fulfilment', value: formatPence(totals.fulfillmentAmount) });
  if (shipping.show) {
    rows.push({
      label: 'Shipping',
      value: formatPence(totals.shippingAmount),
      ...(shipping.note ? { note: shipping.note } : {}),
    });
  }
  rows.push({ label: 'Net', value: formatPence(totals.netAmount) });
  if (totals.taxLabel || totals.taxAmount !== 0) {
    rows.push({ label: totals.taxLabel || 'Tax', value: formatPence(totals.taxAmount) });
  }
  rows.push({ label: 'Total', value: formatPence(totals.totalAmount), bold: true });
  return rows;
}

const TOTALS_WIDTH = 280;
const TOTALS_VALUE_WIDTH = 90;

function totalRowHeight(sheet: Sheet, row: TotalRow): number {
  const labelWidth = TOTALS_WIDTH - TOTALS_VALUE_WIDTH - 10;
  const style = row.bold ? { ...HEADING, size: 11 } : BODY;
  const label = sheet.measure(row.label, labelWidth, style);
  const note = row.note ? sheet.measure(row.note, labelWidth, DETAIL) + 1 : 0;
  return label + note + (row.bold ? 12 : 5);
}

function drawTotals(sheet: Sheet, rows: TotalRow[]): void {
  sheet.ensureSpace(rows.reduce((sum, row) => sum + totalRowHeight(sheet, row), 0));
  const x = sheet.right - TOTALS_WIDTH;
  const labelWidth = TOTALS_WIDTH - TOTALS_VALUE_WIDTH - 10;
  const valueX = sheet.right - TOTALS_VALUE_WIDTH - CELL_PAD;
  for (const row of rows) {
    const height = totalRowHeight(sheet, row);
    if (row.bold) {
      sheet.rule(sheet.y, x, sheet.right);
      sheet.y += 7;
    }
    const style = row.bold ? { ...HEADING, size: 11 } : BODY;
    const labelHeight = sheet.text(row.label, x, sheet.y, labelWidth, style);
    if (row.note) sheet.text(row.note, x, sheet.y + labelHeight + 1, labelWidth, DETAIL);
    sheet.text(row.value, valueX, sheet.y, TOTALS_VALUE_WIDTH, { ...style, align: 'right' });
    sheet.y += height - (row.bold ? 7 : 0);
  }
  sheet.y += 12;
}

// ---------------------------------------------------------------------------------------------------
// Blocks of notes under the totals: each kept together on one page.

type Block = Array<{ text: string; style: TextStyle; gapBefore?: number }>;

function drawBlock(sheet: Sheet, block: Block): void {
  const height = block.reduce(
    (sum, item) => sum + (item.gapBefore ?? 0) + sheet.measure(item.text, sheet.width, item.style),
    0,
  );
  sheet.ensureSpace(height);
  for (const item of block) {
    sheet.y += item.gapBefore ?? 0;
    sheet.y += sheet.text(item.text, sheet.left, sheet.y, sheet.width, item.style);
  }
  sheet.y += 14;
}

function bankRows(bank: BankDetails): string[] {
  const fields: Array<[string, string | undefined]> = [
    ['Account name', bank.accountName],
    ['Bank', bank.bankName],
    ['Sort code', bank.sortCode],
    ['Account number', bank.accountNumber],
    ['IBAN', bank.iban],
    ['BIC', bank.bic],
  ];
  return fields.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
}

function paymentBlock(doc: InvoiceDocument): Block {
  const block: Block = [
    { text: 'PAYMENT', style: LABEL },
    { text: doc.paymentTerms, style: BODY, gapBefore: 3 },
  ];
  if (doc.paidDate) {
    block.push({
      text: `PAID on ${formatDate(doc.paidDate)}`,
      style: { ...HEADING, size: 11 },
      gapBefore: 6,
    });
  }
  if (doc.bank) {
    block.push({ text: 'Bank transfer', style: HEADING, gapBefore: 8 });
    for (const row of bankRows(doc.bank)) block.push({ text: row, style: SMALL, gapBefore: 1 });
    block.push({ text: `Please quote ${doc.number} as the payment reference.`, style: BODY, gapBefore: 6 });
  }
  return block;
}

function quoteBlock(doc: QuoteDocument): Block {
  const days = doc.leadTimeDays === 1 ? '1 working day' : `${formatCount(doc.leadTimeDays)} working days`;
  return [
    { text: 'ESTIMATE (PER UNIT)', style: LABEL },
    { text: `Print time: ${formatPrintTime(doc.estimate.printTimeS)}`, style: BODY, gapBefore: 3 },
    { text: `Filament: ${formatGrams(doc.estimate.filamentG)}`, style: BODY, gapBefore: 1 },
    { text: `Ready to ship within ${days}.`, style: BODY, gapBefore: 8 },
    { text: 'Prices exclude shipping, which is added at checkout.', style: BODY, gapBefore: 1 },
    { text: `This quote is valid until ${formatDate(doc.validUntil)}.`, style: BODY, gapBefore: 1 },
    { text: `Price table ${doc.priceTableVersion}`, style: DETAIL, gapBefore: 8 },
  ];
}

// ---------------------------------------------------------------------------------------------------
// The documents.

function invoiceTitle(kind: InvoiceDocument['kind']): string {
  return kind === 'proforma' ? 'PRO-FORMA INVOICE' : 'INVOICE';
}

function invoiceFacts(doc: InvoiceDocument): Fact[] {
  return [
    ['Number', doc.number],
    ['Issue date', formatDate(doc.issueDate)],
    ...(doc.dueDate ? [['Due date', formatDate(doc.dueDate)] satisfies Fact] : []),
    ['Order', doc.orderId],
    ...(doc.orderReference ? [['Your reference', doc.orderReference] satisfies Fact] : []),
  ];
}

/** The pro-forma invoice (kind 'proforma') or the invoice, as a PDF. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const name = `${doc.kind === 'proforma' ? 'Pro-forma invoice' : 'Invoice'} ${doc.number}`;
  const sheet = new Sheet(
    {
      Title: name,
      Author: doc.seller.name,
      Subject: `Order ${doc.orderId}`,
      Creator: 'PrintLoop',
      CreationDate: utcMidnight(doc.issueDate),
    },
    `${name} (continued)`,
  );
  drawHeader(sheet, doc.seller, invoiceTitle(doc.kind), invoiceFacts(doc));
  drawParties(sheet, [
    ['Bill to', doc.buyer],
    ['Ship to', doc.shipTo],
  ]);
  drawLines(sheet, doc.lines);
  const shippingNote = doc.shippingDescription;
  drawTotals(sheet, totalRows(doc.totals, { show: true, ...(shippingNote ? { note: shippingNote } : {}) }));
  if (doc.totals.taxNote) drawBlock(sheet, [{ text: doc.totals.taxNote, style: MUTED }]);
  drawBlock(sheet, paymentBlock(doc));
  return sheet.finish(doc.seller.name);
}

/** The quote, as a PDF. Shows a shipping line only if the quote carries a shipping amount. */
export async function renderQuotePdf(doc: QuoteDocument): Promise<Buffer> {
  const sheet = new Sheet(
    {
      Title: `Quote ${doc.number}`,
      Author: doc.seller.name,
      Creator: 'PrintLoop',
      CreationDate: utcMidnight(doc.issueDate),
    },
    `Quote ${doc.number} (continued)`,
  );
  drawHeader(sheet, doc.seller, 'QUOTE', [
    ['Number', doc.number],
    ['Issue date', formatDate(doc.issueDate)],
    ['Valid until', formatDate(doc.validUntil)],
  ]);
  drawParties(sheet, [['Prepared for', doc.buyer]]);
  drawLines(sheet, doc.lines);
  drawTotals(sheet, totalRows(doc.totals, { show: doc.totals.shippingAmount !== 0 }));
  if (doc.totals.taxNote) drawBlock(sheet, [{ text: doc.totals.taxNote, style: MUTED }]);
  drawBlock(sheet, quoteBlock(doc));
  return sheet.finish(doc.seller.name);
}
