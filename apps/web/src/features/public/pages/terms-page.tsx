import { Link } from 'react-router';
import { PageHero } from '../components/page-hero';
import { PageSection } from '../components/page-section';
import { Prose } from '../components/prose';

/** /terms and /terms-of-service */
export default function TermsPage() {
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Terms of Service"
        lead="The agreement between you and Stratos when you use the service. Plain language wherever we could manage it."
      />
      <PageSection width={760}>
        <Prose>
          <h2>1. Accepting these terms</h2>
          <p>
            By creating an account or using Stratos, you agree to these terms and to our{' '}
            <Link to="/privacy">Privacy Policy</Link>. If you use Stratos on behalf of an organisation, you
            confirm that you may accept these terms for it.
          </p>

          <h2>2. Your account</h2>
          <p>
            Give accurate details when you sign up and keep your password to yourself. You are responsible for
            what happens under your account. Tell us straight away if you think someone else has access to it.
          </p>

          <h2>3. Your content</h2>
          <p>
            Your files remain yours. You give us only the permission we need to store, process and show them
            to you and to the people you choose to share them with — including sending parts of them to an AI
            provider when you ask the assistant a question.
          </p>

          <h2>4. Acceptable use</h2>
          <p>Do not use Stratos to:</p>
          <ul>
            <li>store or share content that is unlawful or that you have no right to share;</li>
            <li>distribute malware or attack our service or anyone else&apos;s;</li>
            <li>try to reach accounts, files or systems that are not yours;</li>
            <li>overload the service or get around its limits, quotas or security measures.</li>
          </ul>

          <h2>5. Plans, credits and payment</h2>
          <p>
            Paid plans are billed monthly in US dollars, in advance. Prepaid credits cost one dollar each,
            never expire, and are used up daily for the storage and transfer you consume at the prices shown
            on our <Link to="/pricing">pricing page</Link>. You can upgrade at any time; prices are always
            calculated on our side from the current price list.
          </p>

          <h2>6. AI features</h2>
          <p>
            The assistant can be wrong. Check its answers before relying on them for anything important —
            especially legal, medical or financial decisions. Your plan sets how many AI queries you can make
            each month.
          </p>

          <h2>7. Availability and changes</h2>
          <p>
            We work hard to keep Stratos available and your files safe, but we cannot promise uninterrupted
            service. We may improve or change features; if a change removes something you rely on, we will
            give you reasonable notice.
          </p>

          <h2>8. Ending your account</h2>
          <p>
            You can stop using Stratos and close your account at any time. We may suspend or close accounts
            that break these terms, after telling you why unless the law or an urgent security risk prevents
            it.
          </p>

          <h2>9. Liability</h2>
          <p>
            To the extent the law allows, Stratos is provided as is, and our total liability to you for any
            claim is limited to the amount you paid us in the twelve months before it arose. Nothing in these
            terms limits liability that cannot be limited by law.
          </p>

          <h2>10. Changes to these terms</h2>
          <p>
            We may update these terms. If a change matters, we will tell you before it takes effect;
            continuing to use Stratos afterwards means you accept the new terms.
          </p>

          <h2>Questions</h2>
          <p>
            Anything unclear? <Link to="/contact">Get in touch</Link> — a person will answer.
          </p>
        </Prose>
      </PageSection>
    </>
  );
}
