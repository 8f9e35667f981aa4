import { Link } from 'react-router';
import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { integrations } from '../config/facts';
import { integrationGuidePath, paths } from '../config/paths';
import {
  ButtonRow,
  CtaBand,
  FeatureGrid,
  OnDarkButtonLink,
  OnDarkPrimaryLink,
} from '../features/marketing/components';
import { integrationCategories, integrationInfo, Wordmark } from '../features/marketing/integrations';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Integrations: Shopify, Etsy, Amazon, eBay',
    description:
      'Connect PrintLoop to Shopify, WooCommerce, Amazon, Etsy, eBay, Magento, BigCommerce, Walmart, ShipStation, ShipBob, ShipMonk and Shippo. Setup guides included.',
    path: paths.integrations,
  });

const guided = integrations.filter((name) => integrationInfo[name].guide !== undefined);

export default function IntegrationsPage() {
  return (
    <>
      <PageHero
        eyebrow="Integrations"
        title="Connect the store you already sell on"
        lead={
          <p>
            PrintLoop works with {integrations.length} marketplaces, store platforms and shipping tools.
            Shopify and WooCommerce connect directly: their orders arrive by themselves and tracking goes back
            when the parcel ships. Every other platform sends its orders by CSV, checked row by row before
            anything is placed.
          </p>
        }
      >
        <ButtonRow>
          <ButtonLink to={paths.signup}>Connect your store</ButtonLink>
          <ButtonLink to={paths.apiReference} variant="secondary">
            Use the API instead
          </ButtonLink>
        </ButtonRow>
      </PageHero>

      <Section
        id="guides"
        title="Step-by-step setup guides"
        intro={
          <p>
            The five most popular integrations each have a guide that takes you from account to first order.
          </p>
        }
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {guided.map((name) => {
            const guide = integrationInfo[name].guide;
            if (!guide) return null;
            return (
              <li key={name}>
                <Link
                  to={integrationGuidePath(guide)}
                  className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500 hover:bg-brand-50"
                >
                  <Wordmark name={name} />
                  <span className="text-sm font-semibold text-brand-700">
                    {name} setup guide <span aria-hidden="true">→</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>

      {integrationCategories.map((category, i) => (
        <Section
          key={category}
          id={category.toLowerCase().replace(/\s+/g, '-')}
          title={category === 'Shipping and fulfilment' ? 'Shipping and fulfilment tools' : `${category}s`}
          className={i % 2 === 0 ? 'bg-slate-50' : ''}
        >
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {integrations
              .filter((name) => integrationInfo[name].category === category)
              .map((name) => {
                const info = integrationInfo[name];
                return (
                  <li key={name}>
                    <Card className="flex h-full flex-col">
                      <h3>
                        <Wordmark name={name} />
                      </h3>
                      <p className="mt-3 flex-1 text-slate-700">{info.summary}</p>
                      <p className="mt-4">
                        <Link
                          to={integrationGuidePath(info.guide ?? 'csv')}
                          className="font-semibold text-brand-700 hover:underline"
                        >
                          {info.guide ? `Read the ${name} guide` : 'Read the CSV import guide'}
                        </Link>
                      </p>
                    </Card>
                  </li>
                );
              })}
          </ul>
        </Section>
      ))}

      <Section id="how-it-connects" title="How an integration works">
        <FeatureGrid
          columns={3}
          items={[
            {
              icon: 'plug',
              title: 'Connect once',
              text: 'Paste a Shopify custom app’s token or a WooCommerce REST key: PrintLoop registers its own webhooks. Elsewhere, export an order CSV.',
            },
            {
              icon: 'cube',
              title: 'Map your products',
              text: 'A store SKU equal to your product’s SKU maps by itself; map the rest by hand. Unmapped lines are skipped, and you are told.',
            },
            {
              icon: 'truck',
              title: 'Orders flow both ways',
              text: 'Store orders become PrintLoop orders once, however often they are sent; tracking goes back to Shopify and WooCommerce when they ship.',
            },
          ]}
        />
      </Section>

      <CtaBand
        title="Selling somewhere else?"
        text="The REST API covers orders and products, so any platform can send orders to PrintLoop. Tell us what you use and we will help."
      >
        <OnDarkPrimaryLink to={paths.docs}>Read the docs</OnDarkPrimaryLink>
        <OnDarkButtonLink to={paths.contact}>Contact us</OnDarkButtonLink>
      </CtaBand>
    </>
  );
}
