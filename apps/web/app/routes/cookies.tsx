import { Link } from 'react-router';
import { paths } from '../config/paths';
import { LegalPage, type LegalSection } from '../features/legal/LegalPage';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Cookie policy',
    description:
      'PrintLoop sets one strictly necessary session cookie when you sign in and no analytics or advertising cookies. What it does, how long it lasts, how to clear it.',
    path: paths.cookies,
  });

const sections: LegalSection[] = [
  {
    id: 'summary',
    title: 'The short version',
    body: (
      <>
        <p>
          We set <strong>one cookie</strong>, and only when you sign in: a strictly necessary session cookie
          that keeps you signed in. We use <strong>no analytics, advertising or tracking cookies</strong>, and
          no third-party cookies. Browsing the site without signing in sets no cookies at all.
        </p>
        <p>
          Because the session cookie is strictly necessary for a service you ask for, UK law (the Privacy and
          Electronic Communications Regulations) does not require a consent banner for it, so we do not show
          one.
        </p>
      </>
    ),
  },
  {
    id: 'session-cookie',
    title: 'The session cookie',
    body: (
      <>
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Details of the session cookie</caption>
            <tbody className="divide-y divide-slate-200">
              <tr>
                <th scope="row" className="w-28 bg-slate-50 sm:w-40 px-4 py-2 font-semibold text-slate-900">
                  Purpose
                </th>
                <td className="px-4 py-2">
                  Identifies your signed-in session, so you stay signed in as you move between pages and can
                  upload models and save quotes.
                </td>
              </tr>
              <tr>
                <th scope="row" className="bg-slate-50 px-4 py-2 font-semibold text-slate-900">
                  Set when
                </th>
                <td className="px-4 py-2">
                  You sign in. Signing out deletes it, and ends the session on our server.
                </td>
              </tr>
              <tr>
                <th scope="row" className="bg-slate-50 px-4 py-2 font-semibold text-slate-900">
                  Contents
                </th>
                <td className="px-4 py-2">
                  A random session token. It contains no personal data; the session it points to is stored on
                  our server.
                </td>
              </tr>
              <tr>
                <th scope="row" className="bg-slate-50 px-4 py-2 font-semibold text-slate-900">
                  Duration
                </th>
                <td className="px-4 py-2">
                  Ends when you close your browser. If you tick <strong>Remember me</strong> when signing in,
                  it lasts 30 days instead.
                </td>
              </tr>
              <tr>
                <th scope="row" className="bg-slate-50 px-4 py-2 font-semibold text-slate-900">
                  Protection
                </th>
                <td className="px-4 py-2">
                  httpOnly (page scripts cannot read it), Secure (sent only over HTTPS) and SameSite=Lax (not
                  sent with requests started by other sites).
                </td>
              </tr>
              <tr>
                <th scope="row" className="bg-slate-50 px-4 py-2 font-semibold text-slate-900">
                  Category
                </th>
                <td className="px-4 py-2">Strictly necessary. First party: only PrintLoop can read it.</td>
              </tr>
            </tbody>
          </table>
        </div>
      </>
    ),
  },
  {
    id: 'no-tracking',
    title: 'What we do not use',
    body: (
      <ul>
        <li>No analytics cookies: we do not measure visits with Google Analytics or similar tools.</li>
        <li>No advertising or retargeting cookies, and no social media pixels.</li>
        <li>No third-party embeds that set their own cookies.</li>
      </ul>
    ),
  },
  {
    id: 'clear-cookies',
    title: 'How to clear cookies',
    body: (
      <>
        <p>
          The simplest way is to <strong>sign out</strong>: the session cookie is deleted and the session ends
          on our server. You can also delete cookies in your browser:
        </p>
        <ul>
          <li>
            <strong>Chrome:</strong> Settings → Privacy and security → Third-party cookies → See all site data
            and permissions, then delete the data for this site.
          </li>
          <li>
            <strong>Firefox:</strong> Settings → Privacy &amp; Security → Cookies and Site Data → Manage Data.
          </li>
          <li>
            <strong>Safari:</strong> Settings (Preferences) → Privacy → Manage Website Data.
          </li>
          <li>
            <strong>Edge:</strong> Settings → Cookies and site permissions → Manage and delete cookies and
            site data.
          </li>
        </ul>
        <p>
          If you block cookies for this site, browsing still works but you cannot sign in. Deleting the cookie
          signs you out.
        </p>
      </>
    ),
  },
  {
    id: 'more',
    title: 'More information',
    body: (
      <p>
        How we handle personal data in general is described in our{' '}
        <Link to={paths.privacy}>privacy policy</Link>. If we ever add a cookie, we will list it here first
        and change the date at the top. Questions? <Link to={paths.contact}>Contact us</Link>.
      </p>
    ),
  },
];

export default function Cookies() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Cookie policy"
      intro={<p>Which cookies PrintLoop uses (just one), why, and how you can remove them.</p>}
      sections={sections}
    />
  );
}
