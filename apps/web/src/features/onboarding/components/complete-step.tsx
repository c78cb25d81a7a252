import { CheckCircleFilled } from '@ant-design/icons';
import { Descriptions, theme } from 'antd';
import type { OnboardingAnswers } from '../model/onboarding-steps';
import {
  AI_EXPERIENCE_CHOICES,
  labelOf,
  STORAGE_CHOICES,
  TEAM_SIZE_CHOICES,
  USE_CASE_CHOICES,
} from './onboarding-choices';
import { StepHeading } from './step-heading';

/** Step 5: a summary of the answers before Go to Dashboard. */
export function CompleteStep({ answers }: { answers: OnboardingAnswers }) {
  const { token } = theme.useToken();
  const storage = answers.storageProviders.map((v) => labelOf(STORAGE_CHOICES, v) ?? v).join(', ');
  return (
    <>
      <div style={{ textAlign: 'center', marginBottom: 8 }}>
        <CheckCircleFilled style={{ fontSize: 48, color: token.colorSuccess }} aria-hidden />
      </div>
      <div style={{ textAlign: 'center' }}>
        <StepHeading title="You're all set!">
          Your workspace is ready. Here is what we'll tailor it to; change any of it later in Settings.
        </StepHeading>
      </div>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'use',
            label: 'Use case',
            children: labelOf(USE_CASE_CHOICES, answers.primaryUseCase) ?? '—',
          },
          { key: 'team', label: 'Team size', children: labelOf(TEAM_SIZE_CHOICES, answers.teamSize) ?? '—' },
          { key: 'storage', label: 'Storage to connect', children: storage || 'None for now' },
          {
            key: 'ai',
            label: 'AI experience',
            children: labelOf(AI_EXPERIENCE_CHOICES, answers.aiExperience) ?? 'Not chosen',
          },
          {
            key: 'goals',
            label: 'AI goals',
            children: answers.goals.length ? answers.goals.join('; ') : 'None for now',
          },
        ]}
      />
    </>
  );
}
