import { Link } from 'react-router';
import { SecondaryParagraph } from '../../../lib/plain-text';
import { PricingGrid } from '../../../lib/plans/pricing-grid';
import { SectionHeading } from './section-heading';

export function HomePricing() {
  return (
    <section
      aria-labelledby="pricing-title"
      style={{ maxWidth: 1200, margin: '0 auto', padding: '48px 24px 96px' }}
    >
      <SectionHeading
        id="pricing-title"
        eyebrow="Pricing"
        title="Simple, transparent pricing"
        lead="Start free and move up when you need more space or more answers. Every plan is billed monthly."
      />
      <PricingGrid />
      <SecondaryParagraph style={{ textAlign: 'center', marginTop: 32 }}>
        Questions about plans or prepaid credits? <Link to="/pricing">Read the pricing FAQ</Link>.
      </SecondaryParagraph>
    </section>
  );
}
