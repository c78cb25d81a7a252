import { ArrowLeftOutlined, ArrowRightOutlined, CrownOutlined } from '@ant-design/icons';
import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';
import { App, Button, Card, Flex, Progress, Skeleton, theme } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMe } from '../../../lib/account/get-me';
import { errorMessage } from '../../../lib/api-error';
import { LinkButton } from '../../../lib/link-button';
import { planName as planNameOf } from '../../../lib/plans/plan-name';
import { findPlan, usePlansQuery } from '../../../lib/plans/plans-query';
import { useOnboarding } from '../api/get-onboarding';
import { useSaveOnboarding } from '../api/save-onboarding';
import { CompleteStep } from '../components/complete-step';
import { AiStep, PreferencesStep, StorageStep } from '../components/question-steps';
import { WelcomeStep } from '../components/welcome-step';
import {
  answersFrom,
  canGoNext,
  completedPath,
  FINISH_WAIT_MS,
  ONBOARDING_COMPLETED_KEY,
  ONBOARDING_STEPS,
  type OnboardingAnswers,
  type OnboardingStep,
  progressPercent,
  STEP_COUNT,
  showsPrevious,
  skippedPath,
} from '../model/onboarding-steps';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function Wizard({ initial, plan }: { initial: OnboardingAnswers; plan: string | null }) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const me = useMe();
  const plans = usePlansQuery();
  const save = useSaveOnboarding();
  const [step, setStep] = useState<OnboardingStep>(1);
  const [answers, setAnswers] = useState<OnboardingAnswers>(initial);
  const [finishing, setFinishing] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const shown = useRef(step);

  // Each new step's title takes focus, so a screen reader announces where the user is.
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    card.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [step]);

  const planId = plan ? resolvePlanId(plan) : null;
  const catalogue = findPlan(plans.data, planId);
  const current = me.data?.subscriptionPlan;
  // A paid plan chosen at sign-up is the account's plan only once paid: until then, one plan (Free).
  const unpaid = !!catalogue && catalogue.price > 0 && current !== undefined && current !== catalogue.id;

  const next = async () => {
    if (!canGoNext(step, answers)) return;
    if (step >= 2) {
      try {
        await save.mutateAsync(answers);
      } catch (err) {
        void message.error(`We couldn't save your answers: ${errorMessage(err)}`);
        return;
      }
    }
    setStep((s) => (s + 1) as OnboardingStep);
  };
  const finish = async () => {
    setFinishing(true);
    try {
      await Promise.all([save.mutateAsync({ ...answers, completed: true }), wait(FINISH_WAIT_MS)]);
    } catch (err) {
      setFinishing(false);
      void message.error(`We couldn't finish the setup: ${errorMessage(err)}`);
      return;
    }
    localStorage.setItem(ONBOARDING_COMPLETED_KEY, 'true');
    void navigate(completedPath(plan));
  };
  const patch = (p: Partial<OnboardingAnswers>) => setAnswers((a) => ({ ...a, ...p }));

  const bodies: Record<OnboardingStep, ReactNode> = {
    1: (
      <WelcomeStep
        firstName={me.data?.firstName ?? ''}
        currentPlan={current === undefined ? null : planNameOf(plans.data, current)}
        chosenUnpaid={unpaid ? catalogue.name : null}
      />
    ),
    2: <PreferencesStep answers={answers} onChange={patch} />,
    3: <StorageStep answers={answers} onChange={patch} />,
    4: <AiStep answers={answers} onChange={patch} />,
    5: <CompleteStep answers={answers} />,
  };

  return (
    <Card
      ref={card}
      style={{ maxWidth: 780, margin: '0 auto' }}
      styles={{ body: { padding: 'clamp(20px, 4vw, 36px)' } }}
    >
      <Flex
        justify="space-between"
        align="baseline"
        gap={8}
        style={{ fontSize: 13, color: token.colorTextSecondary }}
      >
        <span>
          Step {step} of {STEP_COUNT}
        </span>
        <span style={{ fontWeight: 600, color: token.colorText }}>{ONBOARDING_STEPS[step - 1]}</span>
      </Flex>
      <Progress
        percent={progressPercent(step)}
        showInfo={false}
        style={{ margin: '6px 0 28px' }}
        aria-label={`Setup progress: step ${step} of ${STEP_COUNT}`}
      />
      <section aria-live="polite">{bodies[step]}</section>
      <Flex
        justify="space-between"
        align="center"
        gap={8}
        wrap
        style={{ marginTop: 32, paddingTop: 20, borderTop: `1px solid ${token.colorBorderSecondary}` }}
      >
        <div>
          {step === 1 && (
            <Button type="text" onClick={() => void navigate(skippedPath(plan))}>
              Skip Setup
            </Button>
          )}
          {showsPrevious(step) && (
            <Button
              icon={<ArrowLeftOutlined aria-hidden />}
              onClick={() => setStep((s) => (s - 1) as OnboardingStep)}
            >
              Previous
            </Button>
          )}
        </div>
        <Flex gap={8} wrap justify="flex-end">
          {step === STEP_COUNT && unpaid && (
            <LinkButton
              to={`/subscribe?plan=${encodeURIComponent(catalogue.id)}`}
              icon={<CrownOutlined aria-hidden />}
            >
              Start your {catalogue.name} plan
            </LinkButton>
          )}
          {step < STEP_COUNT ? (
            <Button
              type="primary"
              onClick={() => void next()}
              disabled={!canGoNext(step, answers)}
              loading={save.isPending}
            >
              Next <ArrowRightOutlined aria-hidden />
            </Button>
          ) : (
            <Button type="primary" onClick={() => void finish()} loading={finishing}>
              Go to Dashboard
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

/** /onboarding?plan=…: the five-step setup wizard; answers are saved on the server as you go. */
export default function OnboardingPage() {
  const [params] = useSearchParams();
  const saved = useOnboarding();
  const plan = params.get('plan');

  if (saved.isPending)
    return (
      <Card
        style={{ maxWidth: 780, margin: '0 auto' }}
        role="status"
        aria-busy="true"
        aria-label="Loading your setup"
      >
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (saved.isError)
    return (
      <Card style={{ maxWidth: 780, margin: '0 auto' }}>
        <Flex vertical gap={12} align="flex-start">
          <strong>We couldn't load your setup</strong>
          <span>{errorMessage(saved.error, 'Please check your connection and try again.')}</span>
          <Button type="primary" onClick={() => void saved.refetch()} loading={saved.isFetching}>
            Retry
          </Button>
        </Flex>
      </Card>
    );
  return <Wizard initial={answersFrom(saved.data)} plan={plan} />;
}
