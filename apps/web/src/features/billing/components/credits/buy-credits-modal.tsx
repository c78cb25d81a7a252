import { ArrowLeftOutlined, ClockCircleOutlined, WalletOutlined } from '@ant-design/icons';
import {
  CREDIT_MESSAGES,
  type CreditPackageId,
  findCreditPackage,
  STORAGE_DOLLARS_PER_GB_MONTH,
  TRANSFER_DOLLARS_PER_GB,
} from '@stratos/contracts/billing/credits.schema';
import type { CreditAccount } from '@stratos/contracts/billing/payments.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Result, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { meKey } from '../../../../lib/account/get-me';
import { formatCredits, formatUsd } from '../../../../lib/billing/format-money';
import { CardPaymentStep } from '../payment/card-payment-step';
import { CreditPackageGrid } from './credit-package-grid';

type Stage = { kind: 'choose' } | { kind: 'pay' } | { kind: 'done'; account: CreditAccount | null };

interface BuyCreditsModalProps {
  open: boolean;
  userId: string;
  onClose: () => void;
}

/** Buy credits: one of the five packages, paid through the same card step as a plan. */
export function BuyCreditsModal({ open, userId, onClose }: BuyCreditsModalProps) {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [packageId, setPackageId] = useState<CreditPackageId | null>('standard');
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const pkg = packageId ? findCreditPackage(packageId) : undefined;

  const close = () => {
    onClose();
    // Reset after the closing animation, so the content does not jump while it fades.
    setTimeout(() => {
      setStage({ kind: 'choose' });
    }, 300);
  };

  let body: ReactNode;
  let footer: ReactNode = null;
  if (stage.kind === 'choose') {
    body = (
      <>
        <p style={{ marginTop: 0, color: token.colorTextSecondary }}>
          $1 buys 1 credit. Storage costs {formatUsd(STORAGE_DOLLARS_PER_GB_MONTH)} per GB a month and
          transfer {formatUsd(TRANSFER_DOLLARS_PER_GB)} per GB, taken from your balance once a day.
        </p>
        <CreditPackageGrid value={packageId} onChange={setPackageId} />
        <Flex
          align="center"
          gap={8}
          style={{
            marginTop: 16,
            padding: '10px 14px',
            borderRadius: token.borderRadius,
            background: token.colorSuccessBg,
            color: token.colorSuccessText,
            fontWeight: 500,
          }}
        >
          <ClockCircleOutlined aria-hidden />
          {CREDIT_MESSAGES.neverExpire}
        </Flex>
      </>
    );
    footer = (
      <Flex justify="flex-end" gap={8}>
        <Button onClick={close}>Cancel</Button>
        <Button type="primary" disabled={!pkg} onClick={() => setStage({ kind: 'pay' })}>
          Continue to payment
        </Button>
      </Flex>
    );
  } else if (stage.kind === 'pay' && pkg) {
    body = (
      <>
        <Flex
          justify="space-between"
          align="center"
          style={{
            padding: 16,
            borderRadius: token.borderRadiusLG,
            background: token.colorFillQuaternary,
            border: `1px solid ${token.colorBorderSecondary}`,
            marginBottom: 20,
          }}
        >
          <div>
            <div style={{ fontWeight: 600, color: token.colorTextHeading }}>{pkg.name} package</div>
            <div style={{ fontSize: 13, color: token.colorTextSecondary }}>
              {pkg.credits} credits · {CREDIT_MESSAGES.neverExpire.toLowerCase()}
            </div>
          </div>
          <div style={{ fontSize: 20, fontWeight: 700, color: token.colorTextHeading }}>
            {formatUsd(pkg.price)}
          </div>
        </Flex>
        <CardPaymentStep
          purchase={{ kind: 'credits', userId, packageId: pkg.id }}
          returnPath="/billing"
          assurance={CREDIT_MESSAGES.neverExpire}
          onSucceeded={(reply) => {
            void queryClient.invalidateQueries({ queryKey: ['credits'] });
            void queryClient.invalidateQueries({ queryKey: ['billing'] });
            void queryClient.invalidateQueries({ queryKey: ['alerts'] });
            void queryClient.invalidateQueries({ queryKey: ['payments'] });
            void queryClient.invalidateQueries({ queryKey: meKey });
            setStage({ kind: 'done', account: reply.credits });
          }}
        />
      </>
    );
    footer = (
      <Flex justify="flex-start">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => setStage({ kind: 'choose' })}>
          Back
        </Button>
      </Flex>
    );
  } else if (stage.kind === 'done') {
    body = (
      <Result
        status="success"
        icon={<WalletOutlined style={{ color: token.colorSuccess }} aria-hidden />}
        title={`${pkg?.credits ?? ''} credits added`}
        subTitle={
          stage.account
            ? `Your balance is now ${formatCredits(stage.account.balance)} credits. ${CREDIT_MESSAGES.neverExpire}.`
            : `${CREDIT_MESSAGES.neverExpire}.`
        }
        extra={
          <Button type="primary" onClick={close}>
            Done
          </Button>
        }
      />
    );
  }

  return (
    <Modal
      open={open}
      onCancel={close}
      title="Buy credits"
      footer={footer}
      width={880}
      destroyOnHidden
      maskClosable={stage.kind !== 'pay'}
    >
      {body}
    </Modal>
  );
}
