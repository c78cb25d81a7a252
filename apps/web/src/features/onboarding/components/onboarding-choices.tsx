import {
  AmazonOutlined,
  BankOutlined,
  BgColorsOutlined,
  CloudOutlined,
  CodeOutlined,
  DropboxOutlined,
  ExperimentOutlined,
  GoogleOutlined,
  HomeOutlined,
  WindowsOutlined,
} from '@ant-design/icons';
import {
  AI_EXPERIENCE,
  TEAM_SIZE_LABELS,
  TEAM_SIZES,
  USE_CASES,
} from '@stratos/contracts/billing/onboarding.schema';
import type { Choice } from './choice-grid';

type UseCase = (typeof USE_CASES)[number];
type TeamSize = (typeof TEAM_SIZES)[number];
type AiExperience = (typeof AI_EXPERIENCE)[number];

const USE_CASE_TEXT: Record<UseCase, Omit<Choice<UseCase>, 'value'>> = {
  personal: { label: 'Personal', description: 'Photos, documents and backups', icon: <HomeOutlined /> },
  business: { label: 'Business', description: 'Company files, clients and finance', icon: <BankOutlined /> },
  development: { label: 'Development', description: 'Code, builds and data sets', icon: <CodeOutlined /> },
  creative: {
    label: 'Creative',
    description: 'Design, video and audio projects',
    icon: <BgColorsOutlined />,
  },
  research: { label: 'Research', description: 'Papers, notes and experiments', icon: <ExperimentOutlined /> },
};
export const USE_CASE_CHOICES: Choice<UseCase>[] = USE_CASES.map((v) => ({ value: v, ...USE_CASE_TEXT[v] }));

export const TEAM_SIZE_CHOICES: Choice<TeamSize>[] = TEAM_SIZES.map((v) => ({
  value: v,
  label: TEAM_SIZE_LABELS[v],
}));

/** The storage platforms offered at onboarding (part 1 section 1). */
export const STORAGE_CHOICES: Choice<string>[] = [
  { value: 'aws-s3', label: 'Amazon S3', icon: <AmazonOutlined /> },
  { value: 'google-drive', label: 'Google Drive', icon: <GoogleOutlined /> },
  { value: 'dropbox', label: 'Dropbox', icon: <DropboxOutlined /> },
  { value: 'onedrive', label: 'OneDrive', icon: <WindowsOutlined /> },
  { value: 'azure', label: 'Azure Blob Storage', icon: <WindowsOutlined /> },
  { value: 'gcp', label: 'Google Cloud Storage', icon: <CloudOutlined /> },
];

const AI_TEXT: Record<AiExperience, Omit<Choice<AiExperience>, 'value'>> = {
  none: { label: 'New to AI', description: 'Show me the basics' },
  beginner: { label: 'Beginner', description: "I've tried a chat assistant" },
  intermediate: { label: 'Intermediate', description: 'I use AI tools every week' },
  advanced: { label: 'Advanced', description: 'I pick models and write prompts' },
};
export const AI_EXPERIENCE_CHOICES: Choice<AiExperience>[] = AI_EXPERIENCE.map((v) => ({
  value: v,
  ...AI_TEXT[v],
}));

export const GOAL_CHOICES: Choice<string>[] = [
  { value: 'Find files by asking in plain words', label: 'Find files by asking in plain words' },
  { value: 'Summarise long documents', label: 'Summarise long documents' },
  { value: 'Tag and organise files automatically', label: 'Tag and organise files automatically' },
  { value: 'Spot duplicates and save space', label: 'Spot duplicates and save space' },
  { value: 'Keep storage costs in check', label: 'Keep storage costs in check' },
];

export const labelOf = <T extends string>(choices: readonly Choice<T>[], v: T | null) =>
  choices.find((c) => c.value === v)?.label ?? null;
