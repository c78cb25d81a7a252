import { CapabilityGrid } from '../components/capability-grid';
import { ClosingCta } from '../components/closing-cta';
import { HomeHero } from '../components/home-hero';
import { HomePricing } from '../components/home-pricing';
import { HowItWorks } from '../components/how-it-works';
import { StatTiles } from '../components/stat-tiles';

/** `/`: hero, the four figures, what Stratos does, how to start, and the plan catalogue. */
export default function HomePage() {
  return (
    <>
      <HomeHero />
      <StatTiles />
      <CapabilityGrid />
      <HowItWorks />
      <HomePricing />
      <ClosingCta />
    </>
  );
}
