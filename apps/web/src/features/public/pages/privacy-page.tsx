import { Link } from 'react-router';
import { PageHero } from '../components/page-hero';
import { PageSection } from '../components/page-section';
import { Prose } from '../components/prose';

/** /privacy and /privacy-policy */
export default function PrivacyPage() {
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Privacy Policy"
        lead="What we collect, why we collect it, and the choices you have. Written to be read, not skimmed past."
      />
      <PageSection width={760}>
        <Prose>
          <h2>Who we are</h2>
          <p>
            Stratos is a cloud file-storage service with an AI assistant. This policy explains how we handle
            personal data when you visit our website or use the service. If anything here is unclear,{' '}
            <Link to="/contact">contact us</Link>.
          </p>

          <h2>What we collect</h2>
          <ul>
            <li>
              <strong>Account details</strong> — your name, email address and, if you give it, your company.
              We need these to create your account and to reach you about it.
            </li>
            <li>
              <strong>Your files</strong> — the files you upload and the folders you create. We store them to
              give them back to you; that is the whole point.
            </li>
            <li>
              <strong>Your conversations with the assistant</strong> — the questions you ask and the replies,
              so you can return to them and so that ratings can improve future answers.
            </li>
            <li>
              <strong>Usage and billing records</strong> — storage used, AI queries made, your plan, credit
              balance and payment history. Card details are handled by our payment provider and never reach
              our servers.
            </li>
            <li>
              <strong>Security logs</strong> — sign-in attempts, the network address they came from and
              important account changes, kept to protect your account and to investigate abuse.
            </li>
            <li>
              <strong>Preferences</strong> — settings such as your theme, language and notification choices.
            </li>
          </ul>

          <h2>How we use it</h2>
          <p>
            We use your data to run the service you signed up for: storing and serving your files, answering
            your questions, billing you correctly, keeping your account secure and telling you about things
            that affect it. We do not sell personal data, and we do not use your files for advertising.
          </p>

          <h2>AI processing</h2>
          <p>
            When you chat with the assistant, your question and the recent messages of the conversation are
            sent to the AI provider chosen for your request; when a document is analysed, its text (up to
            8,000 characters) is sent the same way. Models that run on our own servers keep that data within
            our infrastructure; hosted providers receive only what the request requires, under their own terms
            for business customers. We do not train shared models on your files.
          </p>

          <h2>Who we share it with</h2>
          <p>
            Only with the services that help us run Stratos: our hosting and storage providers, our payment
            provider, our email provider and, when you use the assistant, the AI provider handling your
            request. Each receives only what it needs. We disclose data to authorities only when the law
            requires it.
          </p>

          <h2>Cookies and browser storage</h2>
          <p>
            We keep your sign-in tokens and your theme choice in your browser&apos;s storage so that you stay
            signed in and the site looks the way you chose. We do not use advertising cookies or third-party
            trackers.
          </p>

          <h2>How long we keep it</h2>
          <p>
            Your files and account data stay as long as your account exists. Deleted files move to the recycle
            bin until you restore or remove them. When you close your account, we delete your files and
            personal data, keeping only what the law requires us to retain, such as billing records.
          </p>

          <h2>Your rights</h2>
          <p>
            You can see and correct your account details in your profile at any time. You can ask us for a
            copy of your data, ask us to delete it, or object to how we use it, by{' '}
            <Link to="/contact">contacting us</Link>. Depending on where you live, you may also have the right
            to complain to your data-protection authority.
          </p>

          <h2>Security</h2>
          <p>
            We protect your data with strong password hashing, short-lived sessions, encrypted connections and
            per-file download links. Our <Link to="/security">security page</Link> describes each measure.
          </p>

          <h2>Changes to this policy</h2>
          <p>
            If we change this policy in a way that matters, we will tell you by email or in the app before the
            change takes effect.
          </p>
        </Prose>
      </PageSection>
    </>
  );
}
