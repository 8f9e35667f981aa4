import type { IntegrationGuide } from '../../config/paths';

/** One numbered step of a setup guide. Plain data: it is returned by the route loader. */
export interface GuideStep {
  title: string;
  paragraphs: string[];
  list?: string[];
  code?: { label: string; code: string };
  /** A screenshot of the real screen (apps/web/public/guides/, taken with Chromium by e2e/integrations.test.ts). */
  image?: { src: string; alt: string; width: number; height: number };
}

export interface IntegrationGuideData {
  platform: IntegrationGuide;
  name: string;
  metaTitle: string;
  metaDescription: string;
  lead: string;
  requirements: string[];
  steps: GuideStep[];
  notes: { title: string; body: string }[];
}

export const guideTitles: Record<IntegrationGuide, string> = {
  shopify: 'Shopify setup guide',
  woocommerce: 'WooCommerce setup guide',
  csv: 'CSV import guide (every other marketplace)',
  amazon: 'Amazon setup guide',
  etsy: 'Etsy setup guide',
  ebay: 'eBay setup guide',
};

/** The screenshots (their real sizes), taken by `GUIDE_SCREENSHOTS=1 npx vitest run --project e2e e2e/integrations.test.ts`. */
const shot = {
  connect: { src: '/guides/connect-shopify.png', width: 1216, height: 476 },
  connectWoo: { src: '/guides/connect-woocommerce.png', width: 1216, height: 460 },
  connection: { src: '/guides/shopify-connection.png', width: 1216, height: 870 },
  importPreview: { src: '/guides/csv-import-preview.png', width: 1216, height: 372 },
};

const productsStep: GuideStep = {
  title: 'Give your PrintLoop products the store’s SKUs',
  paragraphs: [
    'An order line is printed when its SKU is the SKU of one of your live PrintLoop products: the product’s file is printed with the product’s default material, colour and settings, and priced by PrintLoop as any order is. Create the products with a live key through the API, one per model, with the same SKU as in your store:',
  ],
  code: {
    label: 'Create a product with a SKU',
    code: `curl https://YOUR-PRINTLOOP/v1/products \\
  -H "Authorization: Bearer $PRINTLOOP_LIVE_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"name": "Desk tidy", "file_id": "file_…", "sku": "TIDY-BLK",
       "defaults": {"material": "PLA", "color": "black"}}'`,
  },
};

const csvSteps = (marketplace: string, exportHow: string[], preset: boolean): GuideStep[] => [
  productsStep,
  {
    title: `Export your ${marketplace} orders`,
    paragraphs: exportHow,
  },
  {
    title: 'Upload the file at Store connections → Import orders from a CSV',
    paragraphs: [
      `Open /dashboard/integrations/import, choose “${marketplace}” as the source and choose the file. ${
        preset
          ? `${marketplace}’s export columns are recognised as they are.`
          : 'Check the column chosen for each field (order number, SKU, quantity, recipient, address lines, town, postcode, country; phone, email and shipping service if the file has them) and press “Check again with these columns”. The columns are remembered for this source, so the next file needs nothing.'
      }`,
      'Every row is checked before anything is placed, and each row with a problem says why: a SKU that is not one of your products, a quantity that is not a whole number, an incomplete address or a postcode that is not valid, an unknown country or shipping service, or a row the file itself breaks (a stray quote, a missing column). Rows with the same order number are one order, placed only if all its rows are fine.',
    ],
    image: {
      ...shot.importPreview,
      alt: 'The CSV import page: the file checked row by row, with the rows that have errors and their reasons.',
    },
  },
  {
    title: 'Place the valid orders in one click',
    paragraphs: [
      '“Place N orders” places every order whose rows are all fine, priced by PrintLoop, with the file’s order number as the order’s external_id and the file’s address. Importing the same file again places nothing twice: an order number already used is shown as “Already imported”, with its order.',
    ],
  },
  {
    title: `Tell ${marketplace} when it ships`,
    paragraphs: [
      `There is no connection back to ${marketplace}: when an order ships, its carrier and tracking number are on its page and in the “shipped” email (and in the order.shipped webhook), so you can confirm the dispatch in ${marketplace}.`,
    ],
  },
];

export const integrationGuideData: Record<IntegrationGuide, IntegrationGuideData> = {
  shopify: {
    platform: 'shopify',
    name: 'Shopify',
    metaTitle: 'Shopify integration guide',
    metaDescription:
      'Connect your Shopify store to PrintLoop with a custom app: orders for mapped SKUs become PrintLoop orders, and tracking goes back to Shopify when they ship.',
    lead: 'Connect your store with a Shopify custom app. Every new order whose lines carry the SKU of one of your PrintLoop products becomes one PrintLoop order, and when it ships the fulfilment with its tracking number is created in Shopify, which emails your customer.',
    requirements: [
      'A Shopify store, and permission to develop apps in it (Settings → Apps and sales channels → Develop apps).',
      'A PrintLoop account with a live API key, and your products in PrintLoop with the same SKUs as your Shopify variants.',
    ],
    steps: [
      {
        title: 'Create a custom app in Shopify',
        paragraphs: [
          'In Shopify, open Settings → Apps and sales channels → Develop apps, create an app (e.g. “PrintLoop”) and configure its Admin API scopes:',
        ],
        list: [
          'read_orders: to receive orders and read their fulfilment orders.',
          'read_products: to list your variants’ SKUs for the mapping table.',
          'read_merchant_managed_fulfillment_orders and write_merchant_managed_fulfillment_orders: to create the fulfilment with the tracking.',
        ],
      },
      {
        title: 'Install it and copy two values',
        paragraphs: [
          'Install the app. Copy the Admin API access token (shpat_…, shown once) and, under API credentials, the API secret key: Shopify signs the webhooks of this app with it.',
        ],
      },
      productsStep,
      {
        title: 'Connect the store in PrintLoop',
        paragraphs: [
          'Open Store connections (/dashboard/integrations, also in your account menu), choose Shopify, and enter the shop domain (my-shop.myshopify.com), the access token and the secret. Connect checks the token with a read of your shop, registers the orders/create and orders/cancelled webhooks (Admin GraphQL API 2025-10) to this PrintLoop’s /integrations/shopify/{connection}/webhooks, and reads your variants’ SKUs. The token and the secret are encrypted at rest and never shown again.',
        ],
        image: { ...shot.connect, alt: 'Store connections: the Connect a store form with Shopify chosen.' },
      },
      {
        title: 'Check the product mapping',
        paragraphs: [
          'The connection’s table lists every SKU of the store, unmapped ones first. A SKU equal to a product’s SKU maps by itself (“Same SKU”); choose a product for the others. Lines whose SKU maps to nothing are skipped: the rest of the order is placed, and you are told on this page and by email. SKUs first seen in an order join the table.',
        ],
        image: {
          ...shot.connection,
          alt: 'A Shopify connection: its mapping table, the orders it sent and the tracking sent back.',
        },
      },
      {
        title: 'Orders arrive by themselves',
        paragraphs: [
          'Each signed orders/create webhook becomes one live PrintLoop order, with the Shopify order name (#1001) as its external_id, the order’s shipping address, and standard or express shipping from its shipping line. Shopify may send a webhook more than once: the same store order always makes one order. A webhook whose X-Shopify-Hmac-Sha256 signature does not match is refused (401) and nothing is stored.',
          'An order cancelled in Shopify is cancelled in PrintLoop while it has not started printing; after that you are alerted (on the page and by email) to decide what to do.',
          'Like any order of yours, it is printed once paid: accounts on invoice terms go straight to the queue, others receive a pro-forma invoice.',
        ],
      },
      {
        title: 'Tracking goes back to Shopify',
        paragraphs: [
          'When the order ships, PrintLoop calls fulfillmentCreate on the order’s fulfilment order with the carrier, tracking number and tracking link; Shopify sends its shipping confirmation to your customer. If Shopify does not answer or refuses, the call is retried on the webhook schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); each try is shown under “Tracking sent to the store”, and a last failure is an alert.',
        ],
      },
      {
        title: 'Test, pause or remove',
        paragraphs: [
          '“Test connection” reads your shop again and shows the answer. “Pause” stops importing orders (tracking of orders already in PrintLoop still goes back). “Remove” deletes the webhooks from Shopify and forgets the credentials; orders already placed stay.',
        ],
      },
    ],
    notes: [
      {
        title: 'Which URL Shopify calls',
        body: 'The webhooks point at this PrintLoop’s public address (PUBLIC_URL). It must be reachable from the internet over https.',
      },
      {
        title: 'Rotating the token',
        body: 'Remove the connection and connect again with the new token: its webhooks are registered again, and the order history of the old connection is kept on the orders themselves.',
      },
    ],
  },
  woocommerce: {
    platform: 'woocommerce',
    name: 'WooCommerce',
    metaTitle: 'WooCommerce integration guide',
    metaDescription:
      'Connect your WooCommerce store to PrintLoop with a REST API key: paid orders for mapped SKUs become PrintLoop orders, and shipped orders are completed with the tracking.',
    lead: 'Connect your WordPress shop with a WooCommerce REST API key. Paid orders whose lines carry the SKU of one of your PrintLoop products become PrintLoop orders, and when one ships, the WooCommerce order is completed with a note to your customer carrying the tracking.',
    requirements: [
      'WooCommerce 3.5 or later over https, with pretty permalinks (the REST API under /wp-json/wc/v3).',
      'A PrintLoop account with a live API key, and your products in PrintLoop with the same SKUs as in WooCommerce.',
    ],
    steps: [
      {
        title: 'Create a REST API key',
        paragraphs: [
          'In WordPress, open WooCommerce → Settings → Advanced → REST API → Add key, choose a user who manages orders, set the permissions to Read/Write and generate the key. Copy the consumer key (ck_…) and the consumer secret (cs_…): WooCommerce shows the secret once.',
        ],
      },
      productsStep,
      {
        title: 'Connect the store in PrintLoop',
        paragraphs: [
          'Open Store connections (/dashboard/integrations), choose WooCommerce, and enter the site URL, the consumer key and secret, and a webhook secret (or leave it empty and PrintLoop makes one). Connect checks the key with GET /wp-json/wc/v3/system_status, creates the order.created and order.updated webhooks with that secret, pointing at this PrintLoop’s /integrations/woocommerce/{connection}/webhooks, and reads your products’ SKUs. The key, the secret and the webhook secret are encrypted at rest and never shown again.',
        ],
        image: {
          ...shot.connectWoo,
          alt: 'Store connections: the Connect a store form with WooCommerce chosen.',
        },
      },
      {
        title: 'Check the product mapping',
        paragraphs: [
          'Same SKU, same product; choose a product for the other SKUs in the connection’s table. Lines whose SKU maps to nothing are skipped and you are told on the page and by email.',
        ],
      },
      {
        title: 'Orders arrive once they are paid',
        paragraphs: [
          'WooCommerce’s first delivery after the webhooks are saved is a ping; it is answered and nothing else happens. After that, an order is placed in PrintLoop when a signed webhook shows it processing, on hold or completed (an order still pending payment waits for its next update). The WooCommerce order number is the external_id, the shipping address is the order’s, and a shipping method whose name says express is sent express. The same order delivered again makes nothing new; a bad X-WC-Webhook-Signature is refused (401) and nothing is stored.',
          'An order set to cancelled or refunded in WooCommerce is cancelled in PrintLoop while it has not started printing; later, you are alerted instead.',
        ],
      },
      {
        title: 'Tracking goes back to WooCommerce',
        paragraphs: [
          'When the order ships, PrintLoop sets the WooCommerce order to completed and adds a note to the customer with the carrier, the tracking number and the link (WooCommerce emails it). Failures are retried on the webhook schedule and shown under “Tracking sent to the store”; each step is done once, so a retry never adds a second note.',
        ],
      },
      {
        title: 'Test, pause or remove',
        paragraphs: [
          '“Test connection” reads the system status again. “Pause” stops importing orders. “Remove” deletes the two webhooks from WooCommerce and forgets the credentials; orders already placed stay.',
        ],
      },
    ],
    notes: [
      {
        title: 'Firewalls and security plugins',
        body: 'The webhooks come from your site to PrintLoop, and PrintLoop calls /wp-json/wc/v3 with basic authentication over https: allow both if a security plugin filters REST requests.',
      },
      {
        title: 'Variations',
        body: 'Give each variation its own SKU: lines carry the variation’s SKU, and each can map to its own product.',
      },
    ],
  },
  csv: {
    platform: 'csv',
    name: 'any marketplace by CSV',
    metaTitle: 'CSV order import guide',
    metaDescription:
      'Import orders from Amazon, Etsy, eBay, Walmart, Magento, BigCommerce or a shipping platform with a CSV file: every row checked before anything is placed, nothing placed twice.',
    lead: 'Every marketplace without a connector can export its orders as a CSV. Upload it: each row is checked and shown, the valid orders are placed in one click, and importing the same file again places nothing twice.',
    requirements: [
      'A PrintLoop account with your products, each with the SKU the marketplace uses.',
      'An order export with, per line: the order number, SKU, quantity and the delivery address (optionally phone, email and shipping service). Up to 2 MB and 5,000 rows per file; commas, semicolons or tabs.',
    ],
    steps: csvSteps(
      'your marketplace',
      [
        'Export the orders to dispatch from your marketplace or shipping platform as a CSV (or tab-separated) file with one row per order line. Etsy’s and Amazon’s exports are read with their own column names; for Walmart, Magento, BigCommerce, ShipStation, ShipBob, ShipMonk, Shippo and any other source you choose the columns once.',
      ],
      false,
    ),
    notes: [
      {
        title: 'Quotes, line breaks and accents',
        body: 'Fields in quotes may hold commas, quotes ("") and line breaks; a UTF-8 byte order mark and Windows line endings are fine. A row the file breaks is listed with its line and reason, and the other rows are still read.',
      },
      {
        title: 'Re-importing',
        body: 'Order numbers are the orders’ external_id: importing a file twice, or a file that overlaps the last one, places only the orders not placed yet.',
      },
    ],
  },
  amazon: {
    platform: 'amazon',
    name: 'Amazon',
    metaTitle: 'Amazon integration guide',
    metaDescription:
      'Send merchant-fulfilled Amazon orders to PrintLoop with Seller Central’s order report: checked row by row, placed in one click, never twice.',
    lead: 'Amazon orders come to PrintLoop through Seller Central’s order report: upload it at Store connections → Import orders from a CSV, check the rows, and place the valid orders in one click.',
    requirements: [
      'A Seller Central account with merchant-fulfilled (MFN) listings, and your products in PrintLoop with the listings’ seller SKUs.',
    ],
    steps: csvSteps(
      'Amazon',
      [
        'In Seller Central, open Orders → Order Reports, request the Unshipped Orders report and download it. It is tab-separated text with columns such as order-id, sku, quantity-purchased, recipient-name, ship-address-1, ship-city, ship-postal-code, ship-country and ship-service-level: upload it as it is (Expedited, NextDay and SecondDay are sent express).',
      ],
      true,
    ),
    notes: [
      {
        title: 'Confirming shipment',
        body: 'Confirm the shipment in Seller Central with the carrier and tracking number from the order’s page once it ships, within Amazon’s handling time.',
      },
      {
        title: 'One row per item',
        body: 'An Amazon order of several items has several rows with the same order-id: they become one PrintLoop order.',
      },
    ],
  },
  etsy: {
    platform: 'etsy',
    name: 'Etsy',
    metaTitle: 'Etsy integration guide',
    metaDescription:
      'Send Etsy orders to PrintLoop with Etsy’s order items CSV: checked row by row, placed in one click, never twice.',
    lead: 'Etsy orders come to PrintLoop through Etsy’s own order export: upload it at Store connections → Import orders from a CSV, check the rows, and place the valid orders in one click.',
    requirements: [
      'An Etsy shop whose listings (or variations) have SKUs, and your products in PrintLoop with those SKUs.',
    ],
    steps: csvSteps(
      'Etsy',
      [
        'In Shop Manager, open Settings → Options → Download Data, choose “Order Items” (EtsySoldOrderItems) for the period and download the CSV. Its columns Order ID, SKU, Quantity, Ship Name, Ship Address1, Ship Address2, Ship City, Ship State, Ship Zipcode and Ship Country are read as they are; country names such as “United Kingdom” are understood.',
      ],
      true,
    ),
    notes: [
      {
        title: 'Marking orders dispatched',
        body: 'Mark the order dispatched in Etsy with the tracking number from the order’s page once it ships.',
      },
      {
        title: 'Personalised items',
        body: 'A line is printed from its product’s file and defaults: personalisation typed by the buyer is not read from the CSV.',
      },
    ],
  },
  ebay: {
    platform: 'ebay',
    name: 'eBay',
    metaTitle: 'eBay integration guide',
    metaDescription:
      'Send eBay orders to PrintLoop with Seller Hub’s orders report: checked row by row, placed in one click, never twice.',
    lead: 'eBay orders come to PrintLoop through Seller Hub’s orders report: upload it at Store connections → Import orders from a CSV, choose its columns once, and place the valid orders in one click.',
    requirements: [
      'An eBay seller account whose listings have a custom label (SKU), and your products in PrintLoop with those SKUs.',
    ],
    steps: csvSteps(
      'eBay',
      [
        'In Seller Hub, open Orders → Awaiting shipment, select the orders and download them as a CSV (Download report → Orders). Choose eBay as the source: the columns Order number, Custom label (SKU), Quantity and the Post to … address columns are guessed from their names the first time; check them, and they are remembered.',
      ],
      false,
    ),
    notes: [
      {
        title: 'Marking orders dispatched',
        body: 'Add the tracking number in Seller Hub once the order ships, so the buyer is told and your late-dispatch rate stays low.',
      },
      {
        title: 'Header lines',
        body: 'If the report starts with a line before its column names, delete that line first: the first line must be the column names.',
      },
    ],
  },
};

export function isIntegrationGuide(value: string | undefined): value is IntegrationGuide {
  return value !== undefined && Object.hasOwn(integrationGuideData, value);
}
