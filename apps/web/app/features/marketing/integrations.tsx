import { Link } from 'react-router';
import { integrations } from '../../config/facts';
import { type IntegrationGuide, integrationGuidePath } from '../../config/paths';

export type IntegrationName = (typeof integrations)[number];
type Category = 'Marketplace' | 'Store platform' | 'Shipping and fulfilment';

type IntegrationInfo = {
  category: Category;
  /** Background of the monogram tile; dark enough for white text (AA). */
  colour: string;
  summary: string;
  guide?: IntegrationGuide;
};

/** One line per integration; typed over the shared list so none can be missing. */
export const integrationInfo: Record<IntegrationName, IntegrationInfo> = {
  Shopify: {
    category: 'Store platform',
    colour: '#3f6b1f',
    summary:
      'Connect with a custom app: orders for your products’ SKUs become PrintLoop orders, and tracking goes back to Shopify.',
    guide: 'shopify',
  },
  WooCommerce: {
    category: 'Store platform',
    colour: '#6b3fa0',
    summary:
      'Connect with a REST API key: paid orders arrive by signed webhook; shipped orders are completed with the tracking.',
    guide: 'woocommerce',
  },
  Amazon: {
    category: 'Marketplace',
    colour: '#1f2937',
    summary:
      'Upload Seller Central’s order report: every row checked, valid orders placed in one click, none twice.',
    guide: 'amazon',
  },
  Etsy: {
    category: 'Marketplace',
    colour: '#b03a0c',
    summary:
      'Upload Etsy’s order items CSV as it is: every row checked, valid orders placed in one click, none twice.',
    guide: 'etsy',
  },
  eBay: {
    category: 'Marketplace',
    colour: '#1e4fa3',
    summary:
      'Upload Seller Hub’s orders report, choose its columns once, and place the valid orders in one click.',
    guide: 'ebay',
  },
  Magento: {
    category: 'Store platform',
    colour: '#a3330f',
    summary:
      'Export the orders to ship as a CSV and import them: columns chosen once, remembered for the next file.',
  },
  BigCommerce: {
    category: 'Store platform',
    colour: '#252a3d',
    summary:
      'Export BigCommerce orders as a CSV: rows with your products’ SKUs become orders, the rest are listed with why.',
  },
  Walmart: {
    category: 'Marketplace',
    colour: '#0b4f9c',
    summary:
      'Import Walmart Marketplace order exports by CSV; the tracking is on each order to confirm in Seller Center.',
  },
  ShipStation: {
    category: 'Shipping and fulfilment',
    colour: '#2f6b2f',
    summary:
      'Export orders from ShipStation as a CSV and import them: one order per order number, never twice.',
  },
  ShipBob: {
    category: 'Shipping and fulfilment',
    colour: '#1d4f91',
    summary: 'Import ShipBob order exports by CSV to print on demand alongside your warehouse stock.',
  },
  ShipMonk: {
    category: 'Shipping and fulfilment',
    colour: '#7a2e8e',
    summary: 'Import ShipMonk order exports by CSV; printed orders ship from our floor with tracking.',
  },
  Shippo: {
    category: 'Shipping and fulfilment',
    colour: '#0f5e5a',
    summary: 'Import order CSVs exported from Shippo: every row checked before anything is placed.',
  },
};

export const integrationCategories: readonly Category[] = [
  'Marketplace',
  'Store platform',
  'Shipping and fulfilment',
];

/** A simple text word mark: a monogram tile and the name as real text (no trademark artwork). */
export function Wordmark({ name }: { name: IntegrationName }) {
  const info = integrationInfo[name];
  return (
    <span className="flex items-center gap-2.5">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8 shrink-0">
        <rect width="32" height="32" rx="7" fill={info.colour} />
        <text
          x="16"
          y="21.5"
          textAnchor="middle"
          fontSize="15"
          fontWeight="700"
          fill="#fff"
          fontFamily="ui-sans-serif, system-ui, sans-serif"
        >
          {name[0]?.toUpperCase()}
        </text>
      </svg>
      <span className="min-w-0 text-sm font-bold tracking-tight text-slate-800 sm:text-base">{name}</span>
    </span>
  );
}

/** Every integration as a word mark; those with a setup guide link to it. */
export function LogoCloud({ names = integrations }: { names?: readonly IntegrationName[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {names.map((name) => {
        const guide = integrationInfo[name].guide;
        return (
          <li key={name}>
            {guide ? (
              <Link
                to={integrationGuidePath(guide)}
                className="flex h-full items-center rounded-lg border border-slate-200 bg-white px-3 py-3 hover:border-brand-500 hover:bg-brand-50"
                aria-label={`${name} setup guide`}
              >
                <Wordmark name={name} />
              </Link>
            ) : (
              <span className="flex h-full items-center rounded-lg border border-slate-200 bg-white px-3 py-3">
                <Wordmark name={name} />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
