import type { IntegrationGuide } from '../../config/paths';

/** One numbered step of a setup guide. Plain data: it is returned by the route loader. */
export interface GuideStep {
  title: string;
  paragraphs: string[];
  list?: string[];
  code?: { label: string; code: string };
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
  amazon: 'Amazon setup guide',
  etsy: 'Etsy setup guide',
  ebay: 'eBay setup guide',
};

const testStep = (platform: string, howToOrder: string): GuideStep => ({
  title: 'Test with a test key',
  paragraphs: [
    `While the connection uses a test key (pl_test_...), every ${platform} order is received, matched to its model, analysed and priced exactly as it will be in production, and appears in PrintLoop marked as a test order. Nothing is printed, shipped or charged, and nothing is written back to your ${platform} store, so your customers receive no emails.`,
    howToOrder,
  ],
  list: [
    'The order appears in PrintLoop within a few minutes, with each mapped line item and its price.',
    'Line items you did not map are listed as “not routed” and stay with you.',
    'The shipping address and chosen carrier are what you expect.',
  ],
});

const liveStep = (platform: string, extra: string): GuideStep => ({
  title: 'Go live',
  paragraphs: [
    `Create a live key (pl_live_...) and replace the test key in the ${platform} connection settings. From then on, every new paid order with mapped items is manufactured and shipped. Orders placed before the switch are not re-sent.`,
    extra,
    'Keep both keys out of public code. If a key leaks, revoke it and paste a new one into the connection; the connection keeps working with the new key.',
  ],
});

export const integrationGuideData: Record<IntegrationGuide, IntegrationGuideData> = {
  shopify: {
    platform: 'shopify',
    name: 'Shopify',
    metaTitle: 'Shopify integration guide',
    metaDescription:
      'Connect your Shopify store to PrintLoop: install the app, map products to models, choose materials, route paid orders with webhooks and push tracking back.',
    lead: 'Install the PrintLoop app on your Shopify store, link your products to 3D models, and paid orders go straight to production. Tracking numbers are written back to Shopify, which emails your customer.',
    requirements: [
      'A Shopify store on any plan, and staff permission to install apps.',
      'A PrintLoop account with a test key (pl_test_...) and, to go live, a live key (pl_live_...).',
      'Your products’ model files (STL, OBJ, 3MF or STEP, up to 50 MB each).',
    ],
    steps: [
      {
        title: 'Connect the store',
        paragraphs: [
          'In PrintLoop, open Integrations, choose Shopify and enter your store’s myshopify.com domain. You are sent to Shopify to approve the PrintLoop app. It asks only for the access it needs:',
        ],
        list: [
          'read_products: to list your products and variants for mapping.',
          'read_orders: to receive paid orders.',
          'write_fulfillments: to register PrintLoop as a fulfilment service location.',
          'read_assigned_fulfillment_orders and write_assigned_fulfillment_orders: to accept fulfilment orders and create fulfilments with tracking.',
        ],
      },
      {
        title: 'Map products to uploaded models',
        paragraphs: [
          'Upload a model for each product you want printed, or register it through the Products API. Then, under Integrations → Shopify → Products, pick the model for each Shopify variant. Mapping is per variant, so a “Small” and a “Large” variant can point to different models or scales.',
          'Each model is analysed once when you map it: if it is not printable (not watertight, larger than the build volume of 250 × 210 × 210 mm), you see why before any order arrives.',
        ],
      },
      {
        title: 'Choose material and colour',
        paragraphs: [
          'Set the material (PLA, ABS, PETG or TPU) and colour for each mapped variant. If your Shopify product already has a Material or Colour option, map the option values instead, and the customer’s choice is printed.',
        ],
      },
      {
        title: 'Set up order routing',
        paragraphs: [
          'PrintLoop registers itself as a fulfilment service location and subscribes to the orders/create and orders/cancelled webhooks. Each webhook is verified with its X-Shopify-Hmac-Sha256 signature before it is accepted.',
          'Only paid orders are routed, and only the line items you mapped; the rest of a mixed order stays with you. Assign the mapped products’ inventory to the PrintLoop location so Shopify sends their fulfilment orders to us. Cancelling an order in Shopify before printing starts cancels it in PrintLoop.',
        ],
      },
      testStep(
        'Shopify',
        'Activate Shopify’s Bogus Gateway for testing (Settings → Payments) and place an order for a mapped product. Then check:',
      ),
      liveStep(
        'Shopify',
        'When a parcel ships, PrintLoop creates the fulfilment with the carrier and tracking number, and Shopify sends its shipping confirmation email to the customer.',
      ),
    ],
    notes: [
      {
        title: 'Shipping rates at checkout',
        body: 'Shopify shows the shipping rates you configure. To match our costs, use the Shipping API rates for your main destinations when you set your Shopify shipping profiles.',
      },
      {
        title: 'Uninstalling',
        body: 'Uninstalling the app removes the webhooks and the fulfilment location. Orders already in production are still completed and shipped.',
      },
    ],
  },
  woocommerce: {
    platform: 'woocommerce',
    name: 'WooCommerce',
    metaTitle: 'WooCommerce integration guide',
    metaDescription:
      'Connect WooCommerce to PrintLoop with REST API keys and webhooks: map products by SKU, choose materials, route processing orders and write tracking back.',
    lead: 'Connect your WooCommerce shop with a REST API key and a webhook. Orders that reach the Processing status are sent to production, and the order is completed with a tracking note when it ships.',
    requirements: [
      'WordPress with WooCommerce 8 or newer, served over HTTPS, with pretty permalinks enabled (the REST API needs them).',
      'An administrator account on the shop.',
      'A PrintLoop account with a test key and, to go live, a live key.',
    ],
    steps: [
      {
        title: 'Connect the store',
        paragraphs: [
          'In WordPress, go to WooCommerce → Settings → Advanced → REST API and choose Add key. Give it a description such as “PrintLoop”, pick an administrator as the user and set Permissions to Read/Write. Copy the consumer key (ck_...) and consumer secret (cs_...): WooCommerce shows the secret once.',
          'In PrintLoop, open Integrations → WooCommerce, enter your shop URL and paste both values. PrintLoop checks them with a read of /wp-json/wc/v3/system_status before saving.',
          'PrintLoop then creates the webhooks it needs (topics order.created and order.updated) with a random secret. Each delivery is verified with its X-WC-Webhook-Signature header (base64 HMAC-SHA256 of the body).',
        ],
      },
      {
        title: 'Map products to uploaded models',
        paragraphs: [
          'Upload a model for each product, then under Integrations → WooCommerce → Products pick the model for each product or variation. Products are matched by SKU, so give every printed product and variation a unique SKU in WooCommerce first.',
        ],
      },
      {
        title: 'Choose material and colour',
        paragraphs: [
          'Set a fixed material and colour per product, or map the values of a WooCommerce attribute (for example pa_material and pa_colour) so the customer’s choice is printed.',
        ],
      },
      {
        title: 'Set up order routing',
        paragraphs: [
          'An order is routed when it reaches the Processing status (paid). Pending payment and On hold orders wait. Only mapped line items are sent; others stay with you.',
          'When the parcel ships, PrintLoop adds a customer note with the carrier and tracking number and sets the order to Completed through the REST API, which triggers WooCommerce’s completed-order email.',
        ],
        code: {
          label: 'What PrintLoop sends when an order ships',
          code: `PUT /wp-json/wc/v3/orders/1042
{ "status": "completed" }

POST /wp-json/wc/v3/orders/1042/notes
{ "note": "Shipped with Royal Mail, tracking AB123456789GB", "customer_note": true }`,
        },
      },
      testStep(
        'WooCommerce',
        'Enable the Cash on delivery or Direct bank transfer method, place an order for a mapped product, and set it to Processing by hand. Then check:',
      ),
      liveStep(
        'WooCommerce',
        'If you use a shipment tracking plugin, PrintLoop also fills its tracking fields when the plugin exposes them in the order REST API.',
      ),
    ],
    notes: [
      {
        title: 'Security plugins and firewalls',
        body: 'Some security plugins block REST API requests or strip the Authorization header. If the connection check fails with 401, allow the /wp-json/wc/v3/ routes for the PrintLoop key.',
      },
      {
        title: 'Revoking access',
        body: 'Revoke the PrintLoop key under WooCommerce → Settings → Advanced → REST API at any time; routing stops immediately.',
      },
    ],
  },
  amazon: {
    platform: 'amazon',
    name: 'Amazon',
    metaTitle: 'Amazon integration guide',
    metaDescription:
      'Fulfil Amazon merchant-fulfilled (MFN) orders with PrintLoop: authorise the SP-API app, map SKUs to models, route unshipped orders and confirm shipment.',
    lead: 'Authorise PrintLoop in Seller Central and your merchant-fulfilled (MFN) orders are printed and shipped by us, with shipment confirmation and tracking sent to Amazon before the ship-by date.',
    requirements: [
      'A Professional selling account in Seller Central.',
      'Listings fulfilled by you (merchant-fulfilled network, MFN). Fulfilled by Amazon (FBA) orders are shipped by Amazon and are never routed.',
      'A PrintLoop account with a test key and, to go live, a live key.',
    ],
    steps: [
      {
        title: 'Connect the store',
        paragraphs: [
          'In PrintLoop, open Integrations → Amazon and choose your marketplace region (Europe, North America or Far East). You are sent to Seller Central to authorise the PrintLoop app through the Selling Partner API (SP-API).',
          'The app uses the Orders API to read orders and confirm shipments. Reading the buyer’s shipping address is restricted data: PrintLoop requests it with a Restricted Data Token for the Direct-to-Consumer Shipping role, only for orders it fulfils.',
        ],
      },
      {
        title: 'Map products to uploaded models',
        paragraphs: [
          'Amazon orders are matched by Seller SKU. Under Integrations → Amazon → Products, PrintLoop lists the SKUs of your active MFN listings; pick a model for each one you want printed.',
        ],
      },
      {
        title: 'Choose material and colour',
        paragraphs: [
          'Amazon listings are usually one SKU per colour or material, so set the material and colour on each SKU mapping. A child ASIN in a variation family gets its own mapping.',
        ],
      },
      {
        title: 'Set up order routing',
        paragraphs: [
          'PrintLoop polls the Orders API (getOrders with FulfillmentChannels=MFN and OrderStatuses=Unshipped,PartiallyShipped) every few minutes. Pending orders, whose payment is not yet authorised, are not routed.',
          'When the parcel ships, PrintLoop confirms the shipment with confirmShipment, giving the carrier, the tracking number and the shipped quantities, so Amazon updates the order and notifies the buyer.',
          'Set your listings’ handling time to at least 2 business days so the promised ship-by date allows for printing.',
        ],
      },
      testStep(
        'Amazon',
        'Amazon has no test orders for live listings; instead, connect with the test key and wait for a real MFN order, or leave the integration in test mode for your first orders and ship those yourself. Check:',
      ),
      liveStep(
        'Amazon',
        'Watch your Account Health page for the first week: late shipment and valid tracking rates are measured on the confirmations PrintLoop sends.',
      ),
    ],
    notes: [
      {
        title: 'FBA and multi-channel',
        body: 'Orders fulfilled by Amazon are ignored. If you stock printed goods in FBA, create shipments to Amazon yourself; PrintLoop can print the stock for you as a normal API order.',
      },
      {
        title: 'Buyer data',
        body: 'Buyer names and addresses are used only to ship the order and are deleted from PrintLoop 30 days after delivery, as Amazon’s data protection policy requires.',
      },
    ],
  },
  etsy: {
    platform: 'etsy',
    name: 'Etsy',
    metaTitle: 'Etsy integration guide',
    metaDescription:
      'Connect your Etsy shop to PrintLoop with Etsy Open API v3: map listings to models, route paid receipts to production and send tracking back to Etsy.',
    lead: 'Connect your Etsy shop through the Etsy Open API v3. Paid receipts for mapped listings are printed and shipped, and tracking is added to the receipt so Etsy notifies the buyer.',
    requirements: [
      'An Etsy shop and its owner’s login.',
      'A PrintLoop account with a test key and, to go live, a live key.',
      'Etsy requires you to name PrintLoop as a production partner on listings that we print (see below).',
    ],
    steps: [
      {
        title: 'Connect the store',
        paragraphs: [
          'In PrintLoop, open Integrations → Etsy and choose Connect. You sign in to Etsy and grant access through OAuth 2.0 (with PKCE). PrintLoop asks for these scopes:',
        ],
        list: [
          'listings_r: to list your listings and their variations for mapping.',
          'transactions_r: to read receipts (orders) and their shipping addresses.',
          'transactions_w: to add tracking to receipts when they ship.',
        ],
      },
      {
        title: 'Map products to uploaded models',
        paragraphs: [
          'Under Integrations → Etsy → Listings, pick a model for each listing. For listings with variations, map each product (combination of property values) or match by the SKU you set on it in Etsy.',
          'In each printed listing, add PrintLoop as a production partner (Listing → Production partners) and describe it, for example “PrintLoop, 3D printing, United Kingdom”.',
        ],
      },
      {
        title: 'Choose material and colour',
        paragraphs: [
          'Set the material and colour per mapped product, or map the values of your “Colour” and “Material” variation properties to PrintLoop materials and colours.',
        ],
      },
      {
        title: 'Set up order routing',
        paragraphs: [
          'PrintLoop reads new receipts every few minutes with getShopReceipts (was_paid=true, was_shipped=false) and routes the transactions of mapped listings. Personalisation text the buyer entered is shown with the order, for your review.',
          'When the parcel ships, PrintLoop calls createReceiptShipment with the tracking code and carrier name, which marks the receipt as dispatched and emails the buyer.',
        ],
        code: {
          label: 'How the receipts are read (Etsy Open API v3)',
          code: 'GET https://openapi.etsy.com/v3/application/shops/{shop_id}/receipts?was_paid=true&was_shipped=false',
        },
      },
      testStep(
        'Etsy',
        'Etsy has no sandbox. Create a private test listing, or buy one of your own cheapest listings from another Etsy account and refund it afterwards. Check:',
      ),
      liveStep(
        'Etsy',
        'Set the processing time of printed listings to at least 2 business days, so Etsy’s estimated dispatch date includes printing.',
      ),
    ],
    notes: [
      {
        title: 'Personalised items',
        body: 'Personalised listings need a model per variant or a manual step: orders with personalisation are held for you to confirm the model before printing.',
      },
      {
        title: 'Disconnecting',
        body: 'Remove access under Etsy → Settings → Apps, or disconnect in PrintLoop; routing stops at once.',
      },
    ],
  },
  ebay: {
    platform: 'ebay',
    name: 'eBay',
    metaTitle: 'eBay integration guide',
    metaDescription:
      'Connect eBay to PrintLoop with the Fulfillment API: map listings by custom label (SKU), route paid orders to production and upload tracking to eBay.',
    lead: 'Connect your eBay seller account through the eBay Sell Fulfillment API. Paid orders for mapped listings are printed and shipped, and tracking is uploaded to eBay before your handling time runs out.',
    requirements: [
      'An eBay seller account (business accounts recommended).',
      'A custom label (SKU) on every listing you want printed.',
      'A PrintLoop account with a test key and, to go live, a live key.',
    ],
    steps: [
      {
        title: 'Connect the store',
        paragraphs: [
          'In PrintLoop, open Integrations → eBay and choose Connect. You sign in to eBay and consent to the OAuth scopes sell.fulfillment (orders and shipping fulfilments) and sell.inventory.readonly (listings and SKUs). eBay refresh tokens last 18 months; PrintLoop reminds you to reconnect before yours expires.',
        ],
      },
      {
        title: 'Map products to uploaded models',
        paragraphs: [
          'Orders are matched by the listing’s custom label (SKU). Under Integrations → eBay → Listings, pick a model for each SKU. For multi-variation listings, each variation has its own SKU and its own mapping.',
        ],
      },
      {
        title: 'Choose material and colour',
        paragraphs: [
          'Set the material and colour per SKU. If a listing varies by colour, each colour variation has its own SKU, so map each one to the matching PrintLoop colour.',
        ],
      },
      {
        title: 'Set up order routing',
        paragraphs: [
          'PrintLoop reads orders through the Fulfillment API (getOrders with filter orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}) every few minutes and routes paid orders with mapped line items.',
          'When the parcel ships, PrintLoop calls createShippingFulfillment with the line items, carrier code and tracking number; eBay marks the order as shipped and tells the buyer.',
        ],
        code: {
          label: 'Orders read from eBay',
          code: 'GET https://api.ebay.com/sell/fulfillment/v1/order?filter=orderfulfillmentstatus:%7BNOT_STARTED%7CIN_PROGRESS%7D',
        },
      },
      testStep(
        'eBay',
        'eBay’s sandbox cannot place orders on your real listings. Connect with the test key and let your first real orders arrive in test mode (ship those yourself), or create a low-priced private listing and buy it from a second account. Check:',
      ),
      liveStep(
        'eBay',
        'Set a handling time of at least 2 business days on printed listings so late-shipment rates stay low.',
      ),
    ],
    notes: [
      {
        title: 'Returns',
        body: 'Returns are handled in eBay as usual. If an item arrives damaged or misprinted, contact support with the order number and we reprint it.',
      },
      {
        title: 'Disconnecting',
        body: 'Disconnect in PrintLoop or revoke access under eBay → Account → Site preferences → Third-party authorisations.',
      },
    ],
  },
};

export function isIntegrationGuide(value: string | undefined): value is IntegrationGuide {
  return value !== undefined && Object.hasOwn(integrationGuideData, value);
}
