import { CREDIT_PACKAGES, type CreditPackageId } from '@stratos/contracts/billing/credits.schema';
import { theme } from 'antd';
import { formatPlanPrice } from '../../../../lib/plans/plan-format';

/** Whole-dollar packages read best without cents: $20. */
const dollars = (price: number) => formatPlanPrice(Math.round(price * 100));

import { ChoiceCards } from '../../../../lib/choice-cards';
import { useShades } from '../../../../lib/palette';

/** The five credit packages as a radio group of cards. */
export function CreditPackageGrid({
  value,
  onChange,
}: {
  value: CreditPackageId | null;
  onChange: (id: CreditPackageId) => void;
}) {
  const { token } = theme.useToken();
  // White words on the gradient: it starts from the brand fill that carries white text.
  const shades = useShades();
  return (
    <ChoiceCards
      mode="single"
      label="Credit packages"
      value={value}
      onChange={onChange}
      minWidth={136}
      padding="16px 16px 14px"
      align="stretch"
      choices={CREDIT_PACKAGES.map((p) => ({
        value: p.id,
        ariaLabel: `${p.name}: ${dollars(p.price)} for ${p.credits} credits`,
        badge: p.popular ? (
          <span
            style={{
              position: 'absolute',
              top: -10,
              insetInlineStart: 12,
              padding: '1px 10px',
              borderRadius: 999,
              fontSize: 11,
              fontWeight: 600,
              color: '#fff',
              background: `linear-gradient(90deg, ${shades.fill.base}, #722ed1)`,
            }}
          >
            Most popular
          </span>
        ) : undefined,
        content: (
          <span style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <span style={{ fontWeight: 600, color: token.colorTextHeading }}>{p.name}</span>
            <span style={{ fontSize: 26, fontWeight: 700, color: token.colorTextHeading, lineHeight: 1.2 }}>
              {dollars(p.price)}
            </span>
            <span style={{ fontSize: 13, fontWeight: 600, color: token.colorPrimaryText }}>
              {p.credits} credits · {p.storageGB} GB
            </span>
            <span style={{ fontSize: 12, color: token.colorTextSecondary }}>{p.description}</span>
          </span>
        ),
      }))}
    />
  );
}
