import { CreditCardOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, theme } from 'antd';
import { type FormEvent, useRef, useState } from 'react';
import {
  type CardFields,
  cardBrand,
  checkCard,
  formatCardNumber,
  formatExpiry,
  type ParsedCard,
} from './card-input';
import { TestModeBanner } from './test-mode-banner';

const BRAND_LABEL = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'Amex',
  discover: 'Discover',
  unknown: '',
};

interface SandboxCardFormProps {
  payLabel: string;
  busy: boolean;
  testMode: boolean;
  onPay: (card: ParsedCard) => void;
}

/** The sandbox provider's card fields: number, expiry and CVC, checked as Stripe's own fields are. */
export function SandboxCardForm({ payLabel, busy, testMode, onPay }: SandboxCardFormProps) {
  const { token } = theme.useToken();
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [problem, setProblem] = useState<{ field: keyof CardFields; message: string } | null>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const brand = cardBrand(fields.number);

  const set = (field: keyof CardFields, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const check = checkCard(fields);
    if (!check.ok) {
      setProblem({ field: check.field, message: check.message });
      document.getElementById(`card-${check.field}`)?.focus();
      return;
    }
    onPay(check.card);
  };
  const status = (field: keyof CardFields) => (problem?.field === field ? 'error' : undefined);
  const help = (field: keyof CardFields) => (problem?.field === field ? problem.message : undefined);

  return (
    <form onSubmit={submit} noValidate aria-label="Card details">
      {testMode && (
        <div style={{ marginBottom: 20 }}>
          <TestModeBanner
            onUseCard={(n) => {
              set('number', n);
              expiryRef.current?.focus();
            }}
          />
        </div>
      )}
      <Form layout="vertical" component={false}>
        <Form.Item
          label="Card number"
          htmlFor="card-number"
          validateStatus={status('number')}
          help={help('number')}
        >
          <Input
            id="card-number"
            size="large"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={fields.number}
            onChange={(e) => set('number', formatCardNumber(e.target.value))}
            suffix={
              <span style={{ color: token.colorTextTertiary, fontSize: 12, display: 'inline-flex', gap: 6 }}>
                {BRAND_LABEL[brand]}
                <CreditCardOutlined aria-hidden />
              </span>
            }
            aria-invalid={problem?.field === 'number'}
          />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
          <Form.Item
            label="Expiry date"
            htmlFor="card-expiry"
            validateStatus={status('expiry')}
            help={help('expiry')}
          >
            <Input
              id="card-expiry"
              ref={(el) => {
                expiryRef.current = el?.input ?? null;
              }}
              size="large"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={fields.expiry}
              onChange={(e) => set('expiry', formatExpiry(e.target.value, fields.expiry))}
              aria-invalid={problem?.field === 'expiry'}
            />
          </Form.Item>
          <Form.Item
            label="Security code"
            htmlFor="card-cvc"
            validateStatus={status('cvc')}
            help={help('cvc')}
          >
            <Input
              id="card-cvc"
              size="large"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              maxLength={4}
              value={fields.cvc}
              onChange={(e) => set('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
              aria-invalid={problem?.field === 'cvc'}
            />
          </Form.Item>
        </div>
      </Form>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        icon={<LockOutlined aria-hidden />}
      >
        {payLabel}
      </Button>
    </form>
  );
}
