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
      'Install the app, link products to print files, and paid orders go straight into the print queue.',
    guide: 'shopify',
  },
  WooCommerce: {
    category: 'Store platform',
    colour: '#6b3fa0',
    summary: 'A plugin for WordPress shops that sends orders by webhook and writes tracking numbers back.',
    guide: 'woocommerce',
  },
  Amazon: {
    category: 'Marketplace',
    colour: '#1f2937',
    summary: 'Fulfil merchant-fulfilled orders from Seller Central and confirm shipment automatically.',
    guide: 'amazon',
  },
  Etsy: {
    category: 'Marketplace',
    colour: '#b03a0c',
    summary: 'Made-to-order listings print when a buyer checks out; dispatch and tracking sync back to Etsy.',
    guide: 'etsy',
  },
  eBay: {
    category: 'Marketplace',
    colour: '#1e4fa3',
    summary: 'Connect your eBay account so sold items are printed, packed and marked as dispatched.',
    guide: 'ebay',
  },
  Magento: {
    category: 'Store platform',
    colour: '#a3330f',
    summary: 'An Adobe Commerce (Magento 2) module for stores with large catalogues and custom checkouts.',
  },
  BigCommerce: {
    category: 'Store platform',
    colour: '#252a3d',
    summary: 'Map BigCommerce products and variants to models, materials and finishing options.',
  },
  Walmart: {
    category: 'Marketplace',
    colour: '#0b4f9c',
    summary: 'Accept Walmart Marketplace orders and return carrier and tracking details within the deadline.',
  },
  ShipStation: {
    category: 'Shipping and fulfilment',
    colour: '#2f6b2f',
    summary: 'Keep ShipStation as your shipping hub: printed orders arrive ready to label.',
  },
  ShipBob: {
    category: 'Shipping and fulfilment',
    colour: '#1d4f91',
    summary: 'Send finished stock to your ShipBob warehouses, or print on demand alongside them.',
  },
  ShipMonk: {
    category: 'Shipping and fulfilment',
    colour: '#7a2e8e',
    summary: 'Replenish ShipMonk inventory with printed batches and track each inbound shipment.',
  },
  Shippo: {
    category: 'Shipping and fulfilment',
    colour: '#0f5e5a',
    summary: 'Use your own Shippo carrier accounts and rates for labels on orders we print.',
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
