/**
 * The data a printed document (PDF) shows: the quote, the pro-forma invoice and the invoice. Built by
 * the order domain from stored figures only (never recomputed while rendering), so a document always
 * agrees with the order to the penny. Money is integer pence; dates are ISO `YYYY-MM-DD`.
 */

/** The company that prints and sells (from configuration). */
export interface CompanyDetails {
  name: string;
  /** Postal address, one line each. */
  address: string[];
  email: string;
  website?: string;
  vatNumber?: string;
  companyNumber?: string;
}

/** Where a pro-forma or net-30 invoice is paid (from configuration). */
export interface BankDetails {
  accountName: string;
  bankName?: string;
  sortCode?: string;
  accountNumber?: string;
  iban?: string;
  bic?: string;
}

/** The buyer, or the delivery address. */
export interface DocumentParty {
  name: string;
  /** Address lines (street, city and postcode, country), one each. */
  lines: string[];
  email?: string;
  vatNumber?: string;
}

export interface DocumentLine {
  /** E.g. "bracket.stl" */
  description: string;
  /** E.g. "PLA, Black · 0.2 mm layers · 20 % infill · 60 mm/s · supports" */
  detail?: string;
  quantity: number;
  /** Price of one unit, pence. */
  unitAmount: number;
  /** quantity × unitAmount, pence (before any volume discount). */
  amount: number;
}

export interface DocumentTotals {
  /** Sum of the lines' amounts. */
  itemsAmount: number;
  /** Volume discount on the items (0 or more; shown as a negative line). */
  discountAmount: number;
  /** Picking, packing, materials and delivery handling. */
  fulfillmentAmount: number;
  /** Carriage (0 on a quote, which has no shipping yet). */
  shippingAmount: number;
  /** items − discount + fulfilment + shipping: the amount VAT is charged on. */
  netAmount: number;
  /** VAT as a fraction (0.2), and its amount in pence. */
  taxRate: number;
  taxAmount: number;
  /** netAmount + taxAmount. */
  totalAmount: number;
  /** E.g. "VAT 20%", "VAT 0% (reverse charge)", "VAT 0% (export)". */
  taxLabel: string;
  /** A sentence the law asks for, e.g. the reverse-charge statement. */
  taxNote?: string;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'proforma';
  /** INV-2026-000001 or PRO-2026-000001 */
  number: string;
  issueDate: string;
  /** Payment due (net 30), or null when paid or due before production (pro-forma: "payable before production"). */
  dueDate: string | null;
  /** ord_… */
  orderId: string;
  /** The order's own reference for the buyer, e.g. their external id. */
  orderReference?: string;
  seller: CompanyDetails;
  buyer: DocumentParty;
  shipTo: DocumentParty;
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** E.g. "Net 30", "Payment before production (bank transfer)". */
  paymentTerms: string;
  /** Shown when payment is due by bank transfer. */
  bank?: BankDetails;
  /** Paid invoices say so (with the date). */
  paidDate?: string;
  /** The shipping service, e.g. "Royal Mail Standard (3–5 business days)". */
  shippingDescription?: string;
}

export interface QuoteDocument {
  /** The quote's reference, e.g. "Q-7F3A21". */
  number: string;
  issueDate: string;
  validUntil: string;
  seller: CompanyDetails;
  buyer: DocumentParty;
  lines: DocumentLine[];
  /** Without shipping: shippingAmount 0; VAT shown as it would apply to a UK buyer, or omitted (taxRate 0, taxLabel ''). */
  totals: DocumentTotals;
  /** Print time and filament of one unit, for the reader. */
  estimate: { printTimeS: number; filamentG: number };
  /** Lead time: ready to ship within this many working days. */
  leadTimeDays: number;
  priceTableVersion: string;
}
