import { Card, PageHero, Section } from '../components/ui/layout';
import { paths } from '../config/paths';
import { ArrowLink } from '../features/marketing/components';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Blog: guides for selling 3D printed products',
    description:
      'Practical articles from the PrintLoop team on pricing 3D printed products, choosing materials, preparing model files and running a print-on-demand shop.',
    path: paths.blog,
  });

type Post = { date: string; title: string; excerpt: string; category: string; readMinutes: number };

/** Summaries of recent articles, newest first. */
const posts: readonly Post[] = [
  {
    date: '2026-11-10',
    category: 'Pricing',
    title: 'Why we price from filament and machine time, not bounding boxes',
    excerpt:
      'A hollow vase and a solid block can share the same bounding box and cost wildly different amounts to print. Here is how our estimator measures what a model really needs, and how close it gets to a slicer.',
    readMinutes: 7,
  },
  {
    date: '2026-10-21',
    category: 'Materials',
    title: 'PLA, PETG or TPU? Choosing a material for products you sell',
    excerpt:
      'Heat, handling, flexibility and finish: a practical guide to picking the material that will survive your customer, with the trade-offs in price and print time.',
    readMinutes: 6,
  },
  {
    date: '2026-09-30',
    category: 'Company',
    title: 'Our quoting platform is now open source',
    excerpt:
      'The code that analyses your files and works out your price is now public. Why we did it, what is included, and how to run your own copy.',
    readMinutes: 4,
  },
  {
    date: '2026-08-14',
    category: 'Guides',
    title: 'Five checks before you upload a model for printing',
    excerpt:
      'Units, wall thickness, watertight meshes, overhangs and file size: the common problems that make quotes less accurate or prints fail, and how to fix each one.',
    readMinutes: 8,
  },
  {
    date: '2026-07-02',
    category: 'Selling',
    title: 'Print on demand or stored stock? Working out which pays',
    excerpt:
      'Storage is charged per cubic foot per month, print on demand costs nothing to hold. A simple way to decide, product by product, using your own sales figures.',
    readMinutes: 5,
  },
];

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export default function BlogPage() {
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Notes on printing, pricing and selling"
        lead={
          <p>
            Practical writing from our engineers and production team for people who sell 3D printed products
            online.
          </p>
        }
      />

      <Section id="latest" title="Latest articles">
        <ul className="grid gap-6 md:grid-cols-2">
          {posts.map((p, i) => (
            <li key={p.title} className={i === 0 ? 'md:col-span-2' : undefined}>
              <Card className="flex h-full flex-col">
                <article className="flex h-full flex-col">
                  <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
                    <span className="font-semibold text-brand-700">{p.category}</span>
                    <time dateTime={p.date}>{dateFormat.format(new Date(`${p.date}T00:00:00Z`))}</time>
                    <span>{p.readMinutes} min read</span>
                  </p>
                  <h3 className="mt-2 text-xl font-semibold text-slate-900">{p.title}</h3>
                  <p className="mt-3 flex-1 text-slate-700">{p.excerpt}</p>
                </article>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="more" title="Looking for something specific?" className="bg-slate-50">
        <p className="max-w-3xl text-slate-700">
          Step-by-step setup guides and API documentation live in the docs. For questions about your account
          or an order, our support team can help.
        </p>
        <div className="mt-6 flex flex-wrap gap-6">
          <ArrowLink to={paths.docs}>Documentation</ArrowLink>
          <ArrowLink to={paths.support}>Support</ArrowLink>
          <ArrowLink to={paths.community}>Community</ArrowLink>
        </div>
      </Section>
    </>
  );
}
