import { LinkButton } from '../../../lib/link-button';
import { PricingGrid } from '../../../lib/plans/pricing-grid';
import { CtaBand } from '../components/cta-band';
import { PageHero } from '../components/page-hero';
import { PageSection } from '../components/page-section';
import { PricingFaq } from '../components/pricing-faq';

/** /pricing: the plan catalogue and the questions people ask before choosing. */
export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Plans for every stage"
        lead="Start free, upgrade when you need more space or more answers, and change your mind whenever you like."
      />
      <section
        aria-label="Plans"
        style={{ maxWidth: 1200, margin: '0 auto', padding: 'clamp(32px, 6vw, 64px) 24px 0' }}
      >
        <PricingGrid />
      </section>
      <PageSection title="Frequently asked questions" width={820}>
        <PricingFaq />
      </PageSection>
      <CtaBand
        title="Need something bigger?"
        text="Tell us about your organisation and we will put together the right setup."
      >
        <LinkButton to="/contact?plan=enterprise" type="primary" size="large">
          Talk to us
        </LinkButton>
      </CtaBand>
    </>
  );
}
