import { GeneratorSection } from '@/features/generator/components/generator-section';
import { CallToAction } from '@/features/landing/components/call-to-action';
import { Hero } from '@/features/landing/components/hero';
import { WhySection } from '@/features/landing/components/why-section';

/** /: hero, the generator (#generator), why MailtoKit, and a closing call to action. */
export function HomeRoute() {
  return (
    <>
      <Hero />
      <GeneratorSection />
      <WhySection />
      <CallToAction />
    </>
  );
}
