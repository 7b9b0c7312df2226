// Privacy Policy, English (3 and 9). Prerendered only. Like the terms, it
// keeps both readings of photo deletion: automatic once generation completes (the opt-in setting of
// functions/photos/domain/retention.ts, off by default), and by the user at any time. What it says of backups
// is the table's point-in-time recovery (BACKUP_DAYS, docs/operations.md); of face data, docs/faces.md.
import { PHOTO_RETENTION_DAYS } from '#shared/photo-rules.ts';
import { BACKUP_DAYS } from '#shared/table-design.ts';
import { ContactEmail, TermsLink } from '../components/legal-parts.tsx';
import type { LegalText } from './legal-text.ts';

export const PRIVACY_EN: LegalText = {
  title: 'Privacy Policy',
  updated: '2026-11-27',
  intro: (
    <p>
      This policy explains what personal data Aivatar collects, why, how long we keep it and the rights you
      have over it. The controller of your data is the company identified in the operator details below. It
      completes our <TermsLink>Terms of Service</TermsLink>.
    </p>
  ),
  sections: [
    {
      id: 'data-collected',
      title: 'Data we collect',
      body: (
        <ul>
          <li>
            <strong>Account data:</strong> your name, email address and password (stored only as a secure
            hash). If you sign in with Google, we receive your email address from Google.
          </li>
          <li>
            <strong>Photos:</strong> the reference photos you upload, and the avatars and headshots generated
            from them.
          </li>
          <li>
            <strong>Face measurements:</strong> When you upload a photo, our own servers (not the AI provider)
            look for the faces in it, to refuse photos with no face or with several people before you spend
            any tokens, and to warn you when a face is small, blurry or may be someone else's. From the face
            we compute a set of 128 numbers that describes its features. When an avatar is ready, we compute
            the same numbers for its face and compare them with your photos' to give it a likeness score, and
            to refund it automatically when it does not look enough like you. These numbers are biometric
            data. They are stored only with the photo they come from, never shown, logged, exported or sent to
            anyone, and they are deleted with that photo: when you delete it (or it is deleted because you
            asked for your photos to go once your avatars are ready), when you delete your account, and in any
            case {PHOTO_RETENTION_DAYS} days after the upload, our database erasing them within a few days of
            that date. Like everything deleted from our database, they then remain in its backups for up to{' '}
            {BACKUP_DAYS} days (see Storage and retention). Your data export says which photos were measured,
            and why, without the numbers themselves.
          </li>
          <li>
            <strong>Purchases:</strong> the packs and subscription you buy, their amounts and dates, and your
            token balance. Card details are collected by our payment provider; we never see your full card
            number.
          </li>
          <li>
            <strong>Usage data:</strong> technical information such as your IP address, browser type, the
            pages and features you use, dates and times, and error logs.
          </li>
          <li>
            <strong>Messages:</strong> what you write to us when you contact support.
          </li>
        </ul>
      ),
    },
    {
      id: 'usage',
      title: 'How we use your data',
      body: (
        <>
          <p>We use your data:</p>
          <ul>
            <li>
              to create and run your account and provide the service (performance of our contract with you);
            </li>
            <li>
              to generate your images with our AI provider, which we only do with your consent, given on the
              upload page;
            </li>
            <li>to take payments, keep accounts and meet our legal obligations;</li>
            <li>
              to keep the service secure, prevent fraud and abuse, and understand how the service is used so
              we can improve it (our legitimate interests);
            </li>
            <li>
              to send you the emails the service needs (account activation, login links, receipts) and, if you
              agree, news and offers.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'storage-retention',
      title: 'Storage and retention',
      body: (
        <>
          <p>Your data is stored on servers of Amazon Web Services, our hosting provider.</p>
          <ul>
            <li>
              <strong>Account data</strong> is kept while your account is open and deleted when it is closed,
              except what the law requires us to keep, such as invoices, for the period it requires. We also
              keep a one-way fingerprint (hash) of your email address, linked to nothing else, so that the
              free welcome tokens are given only once per address.
            </li>
            <li>
              <strong>Uploaded photos</strong> are deleted automatically once generation completes if you ask
              for it: this is off until you turn on "Delete my photos once my avatars are ready" on your
              dashboard (Manage Photos), and your photos are then deleted when all the avatars you asked for
              are finished, provided at least one was made. You can delete your photos yourself at any time
              from your dashboard. In any case, {PHOTO_RETENTION_DAYS} days after its upload every photo is
              removed from your account automatically, and our storage erases it within a few days of that
              date. Location and camera data (EXIF) are removed from photos when they are uploaded.
            </li>
            <li>
              <strong>Generated images</strong> stay in your gallery until you delete them or close your
              account.
            </li>
            <li>
              <strong>Usage data</strong> is kept for up to 24 months.
            </li>
            <li>
              <strong>Backups:</strong> our database keeps continuous backups for {BACKUP_DAYS} days, so that
              the service can be restored after an incident. Whatever is deleted from the database (account
              data, the records of your photos and their face measurements) therefore remains in those backups
              for up to {BACKUP_DAYS} days after its deletion. Photo and image files are not in these backups.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Sharing',
      body: (
        <>
          <p>
            We do not sell your personal data. We share it only with the providers that run the service for
            us:
          </p>
          <ul>
            <li>Amazon Web Services, for hosting, storage and sending emails;</li>
            <li>our third-party AI provider, which receives your photos to generate your images;</li>
            <li>our payment provider, which processes payments and subscriptions;</li>
            <li>Google, if you choose to sign in with your Google account.</li>
          </ul>
          <p>
            We may also disclose data when the law requires it, to protect our rights or the safety of others,
            or to a buyer if the service is sold, who will then be bound by this policy.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights (EU and California)',
      body: (
        <>
          <p>
            <strong>In the European Union</strong> (GDPR), you have the right to access your data, correct it,
            have it deleted, restrict or object to its processing, receive it in a portable format, and
            withdraw your consent at any time without affecting earlier processing. You can also lodge a
            complaint with the data protection authority of your country (in France, the CNIL).
          </p>
          <p>
            <strong>In California</strong> (CCPA, as amended by the CPRA), you have the right to know what
            personal information we collect and how we use it, to have it deleted or corrected, to opt out of
            its sale or sharing (we do not sell it or share it for cross-context behavioural advertising), to
            limit the use of sensitive personal information, and not to be discriminated against for
            exercising these rights.
          </p>
          <p>
            To exercise any of these rights, write to <ContactEmail />. We may ask you to confirm your
            identity and will answer within the time the law allows (one month under the GDPR, 45 days under
            the CCPA).
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      body: (
        <p>
          We do not use advertising or analytics cookies. To keep you signed in, your browser stores a session
          token in its local storage; it is removed when you log out. Signing in with Google may set a
          short-lived cookie that protects that sign-in. These are strictly necessary for the service and need
          no consent.
        </p>
      ),
    },
    {
      id: 'email-marketing',
      title: 'Email marketing',
      body: (
        <p>
          Besides the emails the service needs, we only send you news and offers (for example new styles) if
          you have agreed to receive them, or as the law allows for customers about similar services. Every
          such email has an unsubscribe link, and you can also write to <ContactEmail /> to stop them at any
          time.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <p>
          The service is meant for adults: you must be 18 or older, or have the consent of a parent or legal
          guardian. Photos of minors may only be uploaded with the consent of their parent or legal guardian.
          If you believe a child has given us personal data without that consent, contact us and we will
          delete it.
        </p>
      ),
    },
    {
      id: 'international-transfers',
      title: 'International transfers',
      body: (
        <p>
          Some of our providers, such as the AI provider, the payment provider or Google, may process data
          outside the European Economic Area, for example in the United States. When they do, the transfer is
          covered by an adequacy decision of the European Commission or by its Standard Contractual Clauses.
        </p>
      ),
    },
    {
      id: 'ai-provider',
      title: 'AI provider',
      body: (
        <>
          <p>
            Your photos are processed by a third-party AI provider to generate your avatars and headshots. We
            send them only after you have consented on the upload page, where the provider's own policy is
            linked, and only for that purpose.
          </p>
          <p>
            You can withdraw your consent at any time by unticking it on the Manage Photos page, by no longer
            uploading photos, and by deleting the ones you have uploaded; this does not affect images already
            generated. We record when you give or withdraw it.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact and changes',
      body: (
        <p>
          For any question about this policy or your data, write to <ContactEmail /> or by post to the address
          in the operator details. We will tell you about material changes to this policy by email or by a
          notice on the site before they take effect.
        </p>
      ),
    },
  ],
};
