import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * When the policy's text last changed. Change it together with the text: a policy whose date
 * is always today would tell its reader it changes every day.
 */
export const PRIVACY_LAST_UPDATED = 'November 23, 2026';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-3 grid gap-3 leading-relaxed text-muted-foreground [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}

/** /privacy */
export function PrivacyPage() {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b pb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Privacy policy</h1>
        <p className="mt-3 text-sm text-muted-foreground">Last updated: {PRIVACY_LAST_UPDATED}</p>
        <p className="mt-6 text-lg text-muted-foreground">
          MailtoKit stores as little as it can to do its job. This page says exactly what that is,
          why, and what you can do about it.
        </p>
      </header>

      <div className="mt-10 grid gap-10">
        <Section id="what-we-store" title="What we store">
          <ul>
            <li>
              <strong>Account data.</strong> Your username, email address, optional first and last
              name, your plan, and when the account was created and updated. Your password is stored
              only as a slow one-way hash; nobody can read it, including us.
            </li>
            <li>
              <strong>Sessions.</strong> When you sign in, your browser receives a random session
              token in an httpOnly cookie (marked Secure over HTTPS). We keep only a hash of that
              token, with its creation, expiry and last-activity times and your browser&apos;s
              user-agent string, so a session can be recognised and ended. Signing out deletes the
              session; changing your password ends all your other sessions.
            </li>
            <li>
              <strong>Contact messages.</strong> The name, email address, subject and message you
              send through the contact form, with the time it was received (and your account, if you
              were signed in). We use them only to answer you.
            </li>
            <li>
              <strong>Saved links and teams.</strong> The links you choose to save, the teams you
              create or join, and their members and roles.
            </li>
            <li>
              <strong>API tokens and webhooks.</strong> The names, scopes and dates of the API
              tokens you create (the token itself only as a hash), and the addresses your webhooks
              call with their signing secret and a log of recent deliveries.
            </li>
            <li>
              <strong>Password-reset links.</strong> When you ask for one, we email you a link and
              keep only a hash of it until it is used or expires (60 minutes); a newer link replaces
              it.
            </li>
          </ul>
        </Section>

        <Section id="click-tracking" title="Click tracking">
          <p>
            A tracking link (an address like <code>/t/…</code>) counts a click, then opens the
            visitor&apos;s mail app. For each click we record only:
          </p>
          <ul>
            <li>when it happened;</li>
            <li>
              the host name of the referring site, if the browser sent one (for example{' '}
              <code>news.example.com</code>, never the full address);
            </li>
            <li>
              the browser, the operating system and the device type (desktop, mobile, tablet),
              worked out from the user-agent string, which is not kept itself;
            </li>
            <li>whether the click came from a bot or a link preview (those are counted apart);</li>
            <li>
              the country the IP address belongs to (and, where the operator installed a city
              database, the region and city), looked up on the server without asking anyone else;
            </li>
            <li>a visitor hash.</li>
          </ul>
          <p>
            The visitor hash is a one-way hash of a random secret salt, the IP address and the user
            agent. The salt is replaced every day and each salt is deleted after two days; from then
            on nobody, us included, can link a hash back to an IP address. It lets the link owner
            see how many different visitors clicked on a day without identifying anyone, and the
            same person on another day is a new visitor.{' '}
            <strong>We never store the raw IP address.</strong> Only two things are derived from it
            while the click is answered: the place above (a country code, and a region and city only
            with an operator&apos;s city database) and the visitor hash; then the address is
            dropped.
          </p>
          <p>
            The owner of a link, and the members of a team it is shared with, see these figures for
            that link and can download them as CSV. Requests for the tracking address itself without
            a click (a <code>HEAD</code> request) are not recorded.
          </p>
        </Section>

        <Section id="cookies" title="Cookies and local storage">
          <p>
            We use one essential cookie: the session cookie described above. We use no advertising
            or analytics cookies. Your browser&apos;s local storage keeps your theme (when you chose
            one) and a flag saying whether you are signed in; they never leave your device.
          </p>
        </Section>

        <Section id="third-parties" title="Third parties">
          <p>
            Our pages load no third-party scripts, fonts or trackers. We do not sell, rent or share
            your data with anyone. The only emails we send are about your password (a reset link,
            and a notice when it was changed); they go out through this instance&apos;s own mail
            server.
          </p>
        </Section>

        <Section id="retention" title="How long we keep data">
          <ul>
            <li>Account data, saved links and teams: until you delete them or your account.</li>
            <li>Sessions: until you sign out or the session expires (30 days by default).</li>
            <li>
              Click records: until the saved link they belong to is deleted; they are deleted with
              it. Deleting only a tracking link stops its address but keeps its past clicks in the
              link&apos;s analytics.
            </li>
            <li>Visitor-hash salts: two days.</li>
            <li>Password-reset links: 60 minutes at most, and deleted once used.</li>
            <li>
              When you delete your account: everything above that belongs to it is deleted at once,
              in one step. Tracking links you added to a teammate&apos;s link stay with that link,
              without your name.
            </li>
          </ul>
        </Section>

        <Section id="your-choices" title="Your choices">
          <p>
            You can correct your name and email address on your{' '}
            <Link
              to="/dashboard/profile"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              profile
            </Link>{' '}
            at any time. In{' '}
            <Link
              to="/dashboard/settings"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Settings
            </Link>{' '}
            &gt; Security you can:
          </p>
          <ul>
            <li>
              <strong>Download your data</strong>: one JSON file with your profile, saved links,
              tracking links with their click totals and the countries (and cities) of their clicks,
              teams and roles, API tokens and webhooks (never a password, token or secret).
            </li>
            <li>
              <strong>Delete your account</strong>: after you confirm with your password, your
              account and everything in it are deleted for good, including your links shared with a
              team and teams you own alone. If you own a team with other members, hand it over or
              delete it first. Your username and email address are free again afterwards.
            </li>
          </ul>
          <p>
            Forgot your password? Use &ldquo;Forgot password?&rdquo; on the sign-in page. For
            anything else,{' '}
            <Link
              to="/contact"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              contact us
            </Link>
            .
          </p>
          <p>
            MailtoKit can be self-hosted. The administrator of this instance is responsible for the
            data stored on it.
          </p>
        </Section>
      </div>
    </article>
  );
}
