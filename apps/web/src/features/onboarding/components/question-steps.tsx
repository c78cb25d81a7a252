import type { OnboardingAnswers } from '../model/onboarding-steps';
import { ChoiceGrid } from './choice-grid';
import {
  AI_EXPERIENCE_CHOICES,
  GOAL_CHOICES,
  STORAGE_CHOICES,
  TEAM_SIZE_CHOICES,
  USE_CASE_CHOICES,
} from './onboarding-choices';
import { QuestionLabel, StepHeading } from './step-heading';

interface StepProps {
  answers: OnboardingAnswers;
  onChange: (patch: Partial<OnboardingAnswers>) => void;
}

const Gap = () => <div style={{ height: 28 }} />;

/** Step 2: use case and team size, both required. */
export function PreferencesStep({ answers, onChange }: StepProps) {
  return (
    <>
      <StepHeading title="Tell us about your work">
        We use this to suggest folders, integrations and AI features that fit. Choose one of each to go on.
      </StepHeading>
      <QuestionLabel>What will you mainly use Stratos for?</QuestionLabel>
      <ChoiceGrid
        mode="single"
        label="Primary use case"
        choices={USE_CASE_CHOICES}
        value={answers.primaryUseCase}
        onChange={(primaryUseCase) => onChange({ primaryUseCase })}
        minWidth={200}
      />
      <Gap />
      <QuestionLabel>How big is your team?</QuestionLabel>
      <ChoiceGrid
        mode="single"
        label="Team size"
        choices={TEAM_SIZE_CHOICES}
        value={answers.teamSize}
        onChange={(teamSize) => onChange({ teamSize })}
        minWidth={140}
      />
    </>
  );
}

/** Step 3: the storage services the user already has (optional). */
export function StorageStep({ answers, onChange }: StepProps) {
  return (
    <>
      <StepHeading title="Connect your storage">
        Pick the services where your files live today. Linking them to Stratos is not available yet; your
        answer tells us which to connect first.
      </StepHeading>
      <ChoiceGrid
        mode="multi"
        label="Storage providers"
        choices={STORAGE_CHOICES}
        value={answers.storageProviders}
        onChange={(storageProviders) => onChange({ storageProviders })}
        minWidth={200}
      />
    </>
  );
}

/** Step 4: experience with AI and what the assistant should help with (optional). */
export function AiStep({ answers, onChange }: StepProps) {
  return (
    <>
      <StepHeading title="Choose your AI features">
        Tell us how much you use AI today and what you would like help with. Your answers are saved with your
        setup.
      </StepHeading>
      <QuestionLabel>How familiar are you with AI tools?</QuestionLabel>
      <ChoiceGrid
        mode="single"
        label="AI experience"
        choices={AI_EXPERIENCE_CHOICES}
        value={answers.aiExperience}
        onChange={(aiExperience) => onChange({ aiExperience })}
        minWidth={180}
      />
      <Gap />
      <QuestionLabel>What should the assistant help with?</QuestionLabel>
      <ChoiceGrid
        mode="multi"
        label="Goals"
        choices={GOAL_CHOICES}
        value={answers.goals}
        onChange={(goals) => onChange({ goals })}
        minWidth={240}
      />
    </>
  );
}
