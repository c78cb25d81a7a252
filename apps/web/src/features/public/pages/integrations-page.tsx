import { CloudServerOutlined, HddOutlined } from '@ant-design/icons';
import { LinkButton } from '../../../lib/link-button';
import { CardGrid } from '../components/card-grid';
import { CtaBand } from '../components/cta-band';
import { type Integration, IntegrationCard } from '../components/integration-card';
import { PageHero } from '../components/page-hero';
import { PageSection } from '../components/page-section';

const STORAGE: Integration[] = [
  {
    name: 'Stratos storage',
    kind: 'Built in · local disk',
    text: 'Your files on our servers, streamed in and written atomically. The default for every account.',
    status: 'available',
    mark: <HddOutlined />,
  },
  {
    name: 'S3-compatible object storage',
    kind: 'Built in · platform storage',
    text: 'Stratos can keep every file in any S3-compatible object store, the standard of large-scale storage.',
    status: 'available',
    mark: <CloudServerOutlined />,
  },
  {
    name: 'Amazon S3',
    kind: 'Your own bucket',
    text: 'Connect a bucket in your own AWS account and browse it alongside your Stratos files.',
    status: 'planned',
    mark: 'S3',
  },
  {
    name: 'Google Drive',
    kind: 'Your own drive',
    text: 'Sign in with Google and bring your Drive files into Stratos search and chat.',
    status: 'planned',
    mark: 'GD',
  },
  {
    name: 'Dropbox',
    kind: 'Your own account',
    text: 'Link your Dropbox to see and use its files without moving them.',
    status: 'planned',
    mark: 'DB',
  },
  {
    name: 'Microsoft OneDrive',
    kind: 'Your own account',
    text: 'Connect OneDrive for personal or work files.',
    status: 'planned',
    mark: 'OD',
  },
  {
    name: 'Azure Blob Storage',
    kind: 'Your own container',
    text: 'Attach a container from your Azure subscription.',
    status: 'planned',
    mark: 'AZ',
  },
  {
    name: 'Google Cloud Storage',
    kind: 'Your own bucket',
    text: 'Attach a bucket from your Google Cloud project.',
    status: 'planned',
    mark: 'GC',
  },
];

const AI: Integration[] = [
  {
    name: 'Ollama',
    kind: 'Local models',
    text: 'Open models such as Llama that run on our own servers, so your prompts and files never leave them.',
    status: 'available',
    mark: 'Ol',
  },
  {
    name: 'OpenAI',
    kind: 'Hosted models',
    text: 'GPT models through the platform key, or your own key stored encrypted on our servers.',
    status: 'available',
    mark: 'OA',
  },
  {
    name: 'Anthropic',
    kind: 'Hosted models',
    text: 'Claude models for careful reading and long documents.',
    status: 'available',
    mark: 'An',
  },
  {
    name: 'Google',
    kind: 'Hosted models',
    text: 'Gemini models, including those with long context windows.',
    status: 'available',
    mark: 'G',
  },
  {
    name: 'Hugging Face',
    kind: 'Inference endpoints',
    text: 'Thousands of open models through OpenAI-compatible inference endpoints.',
    status: 'available',
    mark: 'HF',
  },
];

/** /integrations: what Stratos connects to today, and what is on the way. */
export default function IntegrationsPage() {
  return (
    <>
      <PageHero
        eyebrow="Integrations"
        title="Connect the storage and AI you already use"
        lead="Each integration below is marked honestly: available today, or planned and on its way. We add them one at a time, and only when they work end to end."
      />
      <PageSection title="Storage" lead="Where your files live.">
        <CardGrid min={300}>
          {STORAGE.map((i) => (
            <IntegrationCard key={i.name} item={i} />
          ))}
        </CardGrid>
      </PageSection>
      <PageSection
        title="AI providers"
        lead="Who answers your questions. Provider keys stay on our servers; your browser never sees them."
        tinted
      >
        <CardGrid min={300}>
          {AI.map((i) => (
            <IntegrationCard key={i.name} item={i} />
          ))}
        </CardGrid>
      </PageSection>
      <div style={{ height: 48 }} />
      <CtaBand
        title="Missing something?"
        text="Tell us which service you want connected next. It helps us decide what to build."
      >
        <LinkButton to="/contact?subject=Integration%20request" type="primary" size="large">
          Request an integration
        </LinkButton>
      </CtaBand>
    </>
  );
}
