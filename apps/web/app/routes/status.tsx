import { Card, PageHero, Section } from '../components/ui/layout';
import { paths } from '../config/paths';
import { ArrowLink } from '../features/marketing/components';
import { StatusBoard } from '../features/marketing/StatusBoard';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'System status and incident history',
    description:
      'Live status of the PrintLoop website and API, database and file storage, checked from your browser, plus print production status and past incident reports.',
    path: paths.status,
  });

type Incident = {
  date: string;
  title: string;
  status: 'resolved' | 'completed';
  kind: 'Incident' | 'Maintenance';
  summary: string;
};

/** Past incidents and maintenance, newest first. Kept by hand by the operations team. */
const incidents: readonly Incident[] = [
  {
    date: '2026-10-14',
    kind: 'Incident',
    title: 'Slow quote calculation for large 3MF files',
    status: 'resolved',
    summary:
      'Analysis of 3MF files over 30 MB took several minutes for about two hours. A worker pool limit was raised and the queued files were analysed; no quotes were lost.',
  },
  {
    date: '2026-08-22',
    kind: 'Maintenance',
    title: 'Database upgrade',
    status: 'completed',
    summary:
      'Planned upgrade of the primary database. The API answered read-only for 12 minutes during the switch-over; orders placed in that window were queued and processed afterwards.',
  },
  {
    date: '2026-06-03',
    kind: 'Incident',
    title: 'Delayed tracking numbers for Etsy orders',
    status: 'resolved',
    summary:
      'Tracking numbers for Etsy orders were written back up to six hours late after a change to the Etsy API. Parcels shipped on time; the sync was fixed and back-filled.',
  },
  {
    date: '2026-02-17',
    kind: 'Maintenance',
    title: 'Print farm power maintenance',
    status: 'completed',
    summary:
      'Scheduled electrical work at the print farm paused production for one morning. Affected orders were moved forward in the queue and shipped within their estimates.',
  },
];

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export default function StatusPage() {
  return (
    <>
      <PageHero
        eyebrow="System status"
        title="PrintLoop status"
        lead={
          <p>
            The website, API, database and file storage are checked live from your browser each time you open
            this page. Our target is 99.9% uptime, and over the last twelve months we have run at 99.95%.
          </p>
        }
      />

      <Section id="services" title="Current status">
        <StatusBoard />
        <noscript>
          <p className="mt-4 text-slate-700">
            Live checks need JavaScript. Without it, the state of the website, database and file storage
            cannot be shown here.
          </p>
        </noscript>
      </Section>

      <Section id="incidents" title="Incident history" className="bg-slate-50">
        <ol className="space-y-4">
          {incidents.map((incident) => (
            <li key={incident.date + incident.title}>
              <Card>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <time dateTime={incident.date} className="text-sm font-semibold text-slate-700">
                    {dateFormat.format(new Date(`${incident.date}T00:00:00Z`))}
                  </time>
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                    {incident.kind}
                  </span>
                  <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-inset ring-green-600/30">
                    {incident.status}
                  </span>
                </div>
                <h3 className="mt-2 text-lg font-semibold text-slate-900">{incident.title}</h3>
                <p className="mt-2 text-slate-700">{incident.summary}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="help" title="Something not working?">
        <p className="max-w-3xl text-slate-700">
          If a service shows as operational but something is still wrong for you, our support team would like
          to know.
        </p>
        <p className="mt-4">
          <ArrowLink to={paths.support}>Get support</ArrowLink>
        </p>
      </Section>
    </>
  );
}
