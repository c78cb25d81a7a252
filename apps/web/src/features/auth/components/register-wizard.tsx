import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { Alert, Button, Form, Steps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { useRegister } from '../api/register';
import { clearErrorsOnChange, showFieldProblem } from '../hooks/show-field-problem';
import { signupErrorMessage } from '../model/auth-error-messages';
import { redirectAfterVerification } from '../model/redirect-after-verification';
import { detailsProblem, passwordStepProblem } from '../model/registration-validation';
import { RegisterDetailsFields } from './register-details-fields';
import { RegisterDone } from './register-done';
import { RegisterPasswordFields } from './register-password-fields';

export const REGISTER_REDIRECT_DELAY_MS = 2000;

interface RegisterValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  company?: string;
  password?: string;
  confirmPassword?: string;
  agreeToTerms?: boolean;
}

interface RegisterWizardProps {
  planId: string | null;
  plan: Plan | null;
  redirect: string | null;
}

const STEP_1_FIELDS = ['firstName', 'lastName', 'email'] as const;
const STEP_2_FIELDS = ['password', 'confirmPassword', 'agreeToTerms'] as const;

/** The two-step registration of part 1 section 2, submitting POST /api/auth/register. */
export function RegisterWizard({ planId, plan, redirect }: RegisterWizardProps) {
  const [form] = Form.useForm<RegisterValues>();
  const [step, setStep] = useState<0 | 1>(0);
  const [done, setDone] = useState<{ message: string; email: string } | null>(null);
  const registerMutation = useRegister();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = async () => {
    const v = form.getFieldsValue(true) as RegisterValues;
    if (step === 0) {
      if (!showFieldProblem(form, STEP_1_FIELDS, detailsProblem(v))) setStep(1);
      return;
    }
    if (showFieldProblem(form, STEP_2_FIELDS, passwordStepProblem(v))) return;
    const email = (v.email ?? '').trim().toLowerCase();
    try {
      const reply = await registerMutation.mutateAsync({
        email,
        password: v.password ?? '',
        firstName: (v.firstName ?? '').trim(),
        lastName: (v.lastName ?? '').trim(),
        company: v.company?.trim() || null,
        selectedPlan: planId ?? 'free',
        source: 'direct',
      });
      const text = reply.existing ? 'A new verification code has been sent to your email.' : reply.message;
      setDone({ message: text, email });
      const next = redirectAfterVerification({ planId, plan, redirect });
      const query = new URLSearchParams({ email, plan: planId ?? 'free', redirectAfterVerification: next });
      timer.current = setTimeout(() => {
        navigate(`/auth/verify?${query}`, {
          state: { email, plan: planId ?? 'free', redirectAfterVerification: next, codeSent: true },
        });
      }, REGISTER_REDIRECT_DELAY_MS);
    } catch {
      // Shown below the form from the mutation's error.
    }
  };

  if (done) return <RegisterDone message={done.message} email={done.email} />;

  const err = registerMutation.error;
  const exists = err instanceof ApiError && err.code === 'UsernameExistsException';
  return (
    <>
      <Steps
        current={step}
        size="small"
        responsive={false}
        items={[{ title: 'Your details' }, { title: 'Password' }]}
        style={{ marginBottom: 28 }}
      />
      <Form
        form={form}
        // Our own rules give the spec's messages; the browser's tooltips would get there first.
        noValidate
        name="register"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        size="large"
      >
        {step === 0 ? <RegisterDetailsFields /> : <RegisterPasswordFields />}
        {err && step === 1 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={signupErrorMessage(err)}
            action={
              exists ? (
                <Link to={`/login?${new URLSearchParams({ email: form.getFieldValue('email') ?? '' })}`}>
                  Sign in
                </Link>
              ) : undefined
            }
          />
        )}
        {step === 0 ? (
          <Button type="primary" htmlType="submit" block style={{ marginTop: 8 }}>
            Continue
          </Button>
        ) : (
          <div style={{ display: 'flex', gap: 12, marginTop: 8 }}>
            <Button
              icon={<ArrowLeftOutlined aria-hidden />}
              onClick={() => setStep(0)}
              disabled={registerMutation.isPending}
              style={{ flex: 'none' }}
            >
              Back
            </Button>
            <Button type="primary" htmlType="submit" block loading={registerMutation.isPending}>
              Create Account
            </Button>
          </div>
        )}
      </Form>
    </>
  );
}
